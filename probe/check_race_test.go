package probe

import (
	goatomic "sync/atomic"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// The kernels of these tests are written as gocuda check's rewriting
// leaves them: every access through Index, every barrier through Sync.
// After a block barrier the engine resumes the last thread to arrive
// first, then the others downwards, and before any barrier it runs the
// threads in order: the tests' expected hazards (which access came first)
// follow that order, while which pairs conflict does not depend on it.

var reduceSites = sitesOf("probe.reduceKernel.func1",
	Site{Kind: Write, Line: 10, Expr: "sh[tid]"},
	Site{Kind: Read, Line: 10, Expr: "in[i]"},
	Site{Kind: Barrier, Line: 11, Expr: "t.SyncThreads()"},
	Site{Kind: Read, Line: 14, Expr: "sh[tid+s]"},
	Site{Kind: ReadWrite, Line: 14, Expr: "sh[tid]"},
	Site{Kind: Barrier, Line: 16, Expr: "t.SyncThreads()"},
	Site{Kind: Read, Line: 19, Expr: "sh[0]"},
	Site{Kind: Write, Line: 19, Expr: "out[b]"},
)

// reduceKernel sums each block's elements of in into out[block] by a
// shared-memory tree; without sync it leaves out the barrier of each step.
//
//go:noinline // see BenchmarkCheck
func reduceKernel(in, out []float32, sync bool) func(*gocuda.Thread) {
	return func(t *gocuda.Thread) {
		s := reduceSites
		tid := t.ThreadIdx.X
		sh := gocuda.Shared[float32](t, t.BlockDim.X)
		i := t.BlockIdx.X*t.BlockDim.X + tid
		*Index(t, &s[0], sh, tid) = *Index(t, &s[1], in, i)
		Sync(t, &s[2], t).SyncThreads()
		for st := t.BlockDim.X / 2; st > 0; st >>= 1 {
			if tid < st {
				v := *Index(t, &s[3], sh, tid+st)
				*Index(t, &s[4], sh, tid) += v
			}
			if sync {
				Sync(t, &s[5], t).SyncThreads()
			}
		}
		if tid == 0 {
			*Index(t, &s[7], out, t.BlockIdx.X) = *Index(t, &s[6], sh, 0)
		}
	}
}

func TestRacecheckReduction(t *testing.T) {
	const blocks, threads = 2, 128
	s := reduceSites
	// Without the barrier, step s=32 reads what threads 32..63 (warp 1)
	// wrote at step 64: 32 hazards between warps per block; steps 16..1
	// read what warp 0 wrote: 31 within a warp. Between the same two
	// sites, they are one problem: one report, an error, with the
	// example of a hazard between warps.
	missing := []*Report{{
		Tool: "racecheck", Severity: "ERROR", What: "Potential RAW hazard", Kernel: "probe.reduceKernel",
		Space: "__shared__", Offset: 63 * 4, Size: 4,
		Accesses: []Access{at("Write", &s[4], x(63), x(0)), at("Read", &s[3], x(31), x(0))},
		Detail:   hintBlock, Count: (32 + 31) * blocks,
	}}
	for _, tc := range []struct {
		name string
		sync bool
		want []*Report
	}{
		{"missing barrier", false, missing},
		{"barrier", true, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			in, out := make([]float32, blocks*threads), make([]float32, blocks)
			for i := range in {
				in[i] = float32(i % 7)
			}
			got := checkReports(t, func(dev *gocuda.Device) {
				require.NoError(t, launch1D(dev, blocks, threads, reduceKernel(in, out, tc.sync)))
			})
			assert.Equal(t, tc.want, got)
			for b := range out {
				sum := float32(0)
				for _, v := range in[b*threads : (b+1)*threads] {
					sum += v
				}
				assert.Equal(t, sum, out[b], "block %d", b)
			}
		})
	}
}

var shiftSites = sitesOf("probe.shiftKernel.func1",
	Site{Kind: Write, Line: 5, Expr: "sh[tid]"},
	Site{Kind: Barrier, Line: 6, Expr: "t.SyncThreads()"},
	Site{Kind: Read, Line: 8, Expr: "sh[tid-1]"},
	Site{Kind: Barrier, Line: 9, Expr: "t.SyncThreads()"},
	Site{Kind: Write, Line: 10, Expr: "sh[tid]"},
)

// shiftKernel shifts a shared array up by one: each thread reads its left
// neighbour's element and overwrites its own, with a barrier between
// reading and writing if sync.
func shiftKernel(sync bool) func(*gocuda.Thread) {
	return func(t *gocuda.Thread) {
		s := shiftSites
		tid := t.ThreadIdx.X
		sh := gocuda.Shared[int32](t, t.BlockDim.X)
		*Index(t, &s[0], sh, tid) = int32(tid)
		Sync(t, &s[1], t).SyncThreads()
		v := int32(-1)
		if tid > 0 {
			v = *Index(t, &s[2], sh, tid-1)
		}
		if sync {
			Sync(t, &s[3], t).SyncThreads()
		}
		*Index(t, &s[4], sh, tid) = v
	}
}

func TestRacecheckWAR(t *testing.T) {
	s := shiftSites
	// Threads run 63 down to 0 after the first barrier: thread k+1 reads
	// sh[k] before thread k overwrites it, 62 times within a warp and once
	// between the warps: one report, an error, with the example between
	// warps.
	missing := []*Report{{
		Tool: "racecheck", Severity: "ERROR", What: "Potential WAR hazard", Kernel: "probe.shiftKernel",
		Space: "__shared__", Offset: 31 * 4, Size: 4,
		Accesses: []Access{at("Read", &s[2], x(32), x(0)), at("Write", &s[4], x(31), x(0))},
		Detail:   hintBlock, Count: 63,
	}}
	for _, tc := range []struct {
		name string
		sync bool
		want []*Report
	}{
		{"missing barrier", false, missing},
		{"barrier", true, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := checkReports(t, func(dev *gocuda.Device) {
				require.NoError(t, launch1D(dev, 1, 64, shiftKernel(tc.sync)))
			})
			assert.Equal(t, tc.want, got)
		})
	}
}

var flagSites = sitesOf("probe.flagKernel.func1",
	Site{Kind: Write, Line: 4, Expr: "sh[0]"},
	Site{Kind: Barrier, Line: 5, Expr: "t.SyncThreads()"},
)

// flagKernel has the first lane of each warp write sh[0], with a barrier
// between the warps' writes if sync; sh is dynamic shared memory if
// dynamic.
func flagKernel(sync, dynamic bool) func(*gocuda.Thread) {
	return func(t *gocuda.Thread) {
		s := flagSites
		tid := t.ThreadIdx.X
		var sh []int32
		if dynamic {
			sh = gocuda.DynamicShared[int32](t)
		} else {
			sh = gocuda.Shared[int32](t, 1)
		}
		if tid == 0 {
			*Index(t, &s[0], sh, 0) = 1
		}
		if sync {
			Sync(t, &s[1], t).SyncThreads()
		}
		if tid == 32 {
			*Index(t, &s[0], sh, 0) = 2
		}
	}
}

func TestRacecheckWAW(t *testing.T) {
	s := flagSites
	waw := []*Report{{
		Tool: "racecheck", Severity: "ERROR", What: "Potential WAW hazard", Kernel: "probe.flagKernel",
		Space: "__shared__", Offset: 0, Size: 4,
		Accesses: []Access{at("Write", &s[0], x(0), x(0)), at("Write", &s[0], x(32), x(0))},
		Detail:   hintBlock, Count: 1,
	}}
	for _, tc := range []struct {
		name          string
		sync, dynamic bool
		want          []*Report
	}{
		{"missing barrier", false, false, waw},
		{"barrier", true, false, nil},
		{"dynamic shared memory, missing barrier", false, true, waw},
		{"dynamic shared memory, barrier", true, true, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: 64}, SharedMem: 16}
			got := checkReports(t, func(dev *gocuda.Device) {
				require.NoError(t, dev.Launch(cfg, flagKernel(tc.sync, tc.dynamic)))
			})
			assert.Equal(t, tc.want, got)
		})
	}
}

var exchangeSites = sitesOf("probe.exchangeKernel.func1",
	Site{Kind: Write, Line: 4, Expr: "sh[lane]"},
	Site{Kind: Collective, Line: 5, Expr: "0xffffffff"},
	Site{Kind: Read, Line: 6, Expr: "sh[lane^1]"},
	Site{Kind: Write, Line: 6, Expr: "out[lane]"},
)

// exchangeKernel swaps neighbouring lanes' values through shared memory,
// warp-synchronously: with SyncWarp between the write and the read if
// sync.
func exchangeKernel(out []int32, sync bool) func(*gocuda.Thread) {
	return func(t *gocuda.Thread) {
		s := exchangeSites
		lane := t.LaneID()
		sh := gocuda.Shared[int32](t, 32)
		*Index(t, &s[0], sh, lane) = int32(lane)
		if sync {
			t.SyncWarp(Mask(t, &s[1], 0xffffffff))
		}
		*Index(t, &s[3], out, lane) = *Index(t, &s[2], sh, lane^1)
	}
}

func TestRacecheckWarpSynchronous(t *testing.T) {
	s := exchangeSites
	// Without SyncWarp the lanes run one after the other: even lane k
	// reads sh[k+1] before lane k+1 writes it (never written: initcheck,
	// then a WAR), odd lane k reads sh[k-1] after lane k-1 wrote it (RAW).
	missing := []*Report{{
		Tool: "initcheck", Severity: "ERROR", What: "Uninitialized __shared__ memory read of size 4 bytes",
		Kernel: "probe.exchangeKernel", Space: "__shared__", Offset: 4, Size: 4,
		Accesses: []Access{at("read", &s[2], x(0), x(0))},
		Detail:   "no thread of the block wrote these bytes before: a GPU does not zero shared memory", Count: 16,
	}, {
		Tool: "racecheck", Severity: "WARNING", What: "Potential WAR hazard", Kernel: "probe.exchangeKernel",
		Space: "__shared__", Offset: 4, Size: 4,
		Accesses: []Access{at("Read", &s[2], x(0), x(0)), at("Write", &s[0], x(1), x(0))},
		Detail:   hintWarp, Count: 16,
	}, {
		Tool: "racecheck", Severity: "WARNING", What: "Potential RAW hazard", Kernel: "probe.exchangeKernel",
		Space: "__shared__", Offset: 0, Size: 4,
		Accesses: []Access{at("Write", &s[0], x(0), x(0)), at("Read", &s[2], x(1), x(0))},
		Detail:   hintWarp, Count: 16,
	}}
	for _, tc := range []struct {
		name string
		sync bool
		want []*Report
	}{
		{"no SyncWarp", false, missing},
		{"SyncWarp", true, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := make([]int32, 32)
			got := checkReports(t, func(dev *gocuda.Device) {
				require.NoError(t, launch1D(dev, 1, 32, exchangeKernel(out, tc.sync)))
			})
			assert.Equal(t, tc.want, got)
			if tc.sync {
				for lane, v := range out {
					assert.Equal(t, int32(lane^1), v)
				}
			}
		})
	}
}

var histSites = sitesOf("probe.histKernel.func1",
	Site{Kind: Read, Line: 3, Expr: "data[i]"},
	Site{Kind: ReadWrite, Line: 4, Expr: "hist[bin]"},
)

// histKernel counts data's values (bins of hist) with one thread per
// element, by a plain increment or an atomic one.
//
// The plain increment is hist[bin]++ as the probes see it; the kernel
// makes it with sync/atomic so that the Go race detector, which sees the
// blocks' goroutines, does not fail the test for the bug it plants.
func histKernel(data, hist []int32, atomically bool) func(*gocuda.Thread) {
	return func(t *gocuda.Thread) {
		s := histSites
		i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
		bin := *Index(t, &s[0], data, i) % int32(len(hist))
		if atomically {
			atomic.Add(&hist[bin], 1)
		} else {
			goatomic.AddInt32(Index(t, &s[1], hist, bin), 1) // hist[bin]++
		}
	}
}

func TestRacecheckGlobalHistogram(t *testing.T) {
	const blocks, threads, bins = 4, 32, 32
	s := histSites
	for _, atomically := range []bool{false, true} {
		data, hist := make([]int32, blocks*threads), make([]int32, bins)
		for i := range data {
			data[i] = int32(i)
		}
		// Thread k of every block increments bin k: a block's threads
		// never share a bin, so only the blocks conflict, each bin's
		// increments after its first reading and overwriting another
		// block's, in whatever order the blocks run.
		got := checkReports(t, func(dev *gocuda.Device) {
			require.NoError(t, launch1D(dev, blocks, threads, histKernel(data, hist, atomically)))
		})
		for k, n := range hist {
			assert.Equal(t, int32(blocks), n, "bin %d", k)
		}
		if atomically {
			assert.Empty(t, got, "atomic increments")
			continue
		}
		require.Len(t, got, 2)
		for i, what := range []string{"Potential RAW hazard", "Potential WAW hazard"} {
			r := got[i]
			assert.Equal(t, []any{"racecheck", "ERROR", what, "__global__", 4, bins * (blocks - 1), hintBlocks},
				[]any{r.Tool, r.Severity, r.What, r.Space, r.Size, r.Count, r.Detail}, what)
			require.Len(t, r.Accesses, 2)
			a, b := r.Accesses[0], r.Accesses[1]
			assert.Equal(t, []any{"Write", &s[1], x(a.Thread[0])}, []any{a.Kind, siteAt(a), x(b.Thread[0])})
			assert.Equal(t, r.Block, a.Block)
			assert.NotEqual(t, a.Block, b.Block, "blocks of the two accesses")
			bin := uintptr(a.Thread[0])
			assert.Equal(t, uint64(uintptr(unsafe.Pointer(&hist[0]))+4*bin), r.Addr)
		}
	}
}

// siteAt returns the registered site a names.
func siteAt(a Access) *Site {
	sites.Lock()
	defer sites.Unlock()
	for _, s := range sites.all {
		if s.File == a.File && s.Line == a.Line && s.Expr == a.Expr && s.Func == a.Func {
			return s
		}
	}
	return nil
}

var gridSites = sitesOf("probe.neighbourKernel.func1",
	Site{Kind: Write, Line: 3, Expr: "x[i]"},
	Site{Kind: Barrier, Line: 4, Expr: "t.SyncGrid()"},
	Site{Kind: Read, Line: 5, Expr: "x[(i+n)%len(x)]"},
	Site{Kind: Write, Line: 5, Expr: "y[i]"},
)

// neighbourKernel has each thread write x[i] and then read the element the
// same thread of the next block wrote, with a grid barrier between if
// sync. (Its loads and stores of x are atomic for the Go race detector:
// see histKernel.)
func neighbourKernel(x, y []int32, sync bool) func(*gocuda.Thread) {
	return func(t *gocuda.Thread) {
		s := gridSites
		n := t.BlockDim.X
		i := t.BlockIdx.X*n + t.ThreadIdx.X
		goatomic.StoreInt32(Index(t, &s[0], x, i), int32(i)) // x[i] = i
		if sync {
			Sync(t, &s[1], t).SyncGrid()
		}
		*Index(t, &s[3], y, i) = goatomic.LoadInt32(Index(t, &s[2], x, (i+n)%len(x))) // y[i] = x[(i+n)%len(x)]
	}
}

func TestRacecheckGridBarrier(t *testing.T) {
	const blocks, threads = 2, 32
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: threads}}
	t.Run("SyncGrid", func(t *testing.T) {
		x, y := make([]int32, blocks*threads), make([]int32, blocks*threads)
		got := checkReports(t, func(dev *gocuda.Device) {
			require.NoError(t, dev.LaunchCooperative(cfg, neighbourKernel(x, y, true)))
		})
		assert.Empty(t, got)
		for i := range y {
			assert.Equal(t, int32((i+threads)%len(x)), y[i])
		}
	})
	t.Run("no barrier", func(t *testing.T) {
		// Each element is written by one block and read by the other:
		// one hazard each, RAW or WAR as the blocks happen to run.
		x, y := make([]int32, blocks*threads), make([]int32, blocks*threads)
		got := checkReports(t, func(dev *gocuda.Device) {
			require.NoError(t, dev.Launch(cfg, neighbourKernel(x, y, false)))
		})
		total := 0
		for _, r := range got {
			assert.Contains(t, []string{"Potential RAW hazard", "Potential WAR hazard"}, r.What)
			assert.Equal(t, []any{"racecheck", "ERROR", "__global__", hintBlocks}, []any{r.Tool, r.Severity, r.Space, r.Detail})
			total += r.Count
		}
		assert.Equal(t, blocks*threads, total)
	})
}
