package probe

import (
	"io"
	"testing"

	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// BenchmarkCheck compares kernels run with the checker installed
// (impl=checked: the hand-instrumented kernel, which check mode runs on
// the runtime path) with the same kernels uninstrumented on the runtime
// path (impl=runtime): the ratio is the checker's slowdown.
//
// The instrumented kernels' constructors are not inlined: a closure
// they return would, inlined into the benchmark, keep its probe calls
// (Index) as calls (golang/go#81380), where generated code, whose
// kernels are functions, has them inline.
func BenchmarkCheck(b *testing.B) {
	const n = 1 << 16 // reduction elements
	const side = 256  // transposed matrix side
	in, out, out2 := make([]float32, n), make([]float32, n/256), make([]float32, n)
	mat, matT := make([]float32, side*side), make([]float32, side*side)
	bins := make([]uint32, 64)
	big := make([]float32, 1<<21)
	strideCfg := gocuda.Config{Grid: gocuda.Dim3{X: 8}, Block: gocuda.Dim3{X: 256}, RuntimePath: true}
	for i := range in {
		in[i] = float32(i % 13)
	}
	reduceCfg := gocuda.Config{Grid: gocuda.Dim3{X: n / 256}, Block: gocuda.Dim3{X: 256}, RuntimePath: true}
	transposeCfg := gocuda.Config{Grid: gocuda.Dim3{X: side / tile, Y: side / tile}, Block: gocuda.Dim3{X: tile, Y: tile},
		RuntimePath: true}
	for _, k := range []struct {
		name          string
		cfg           gocuda.Config
		plain, probed func(*gocuda.Thread)
		bytes         int
	}{
		{"reduce", reduceCfg, plainReduce(in, out), reduceKernel(in, out, true), n * 4},
		{"transpose", transposeCfg, plainTranspose(mat, matT, side), transposeKernel(mat, matT, side), side * side * 8},
		// A kernel without barriers, whose runtime path is a plain loop of
		// calls: the checker's cost per access shows in full.
		{"copy", reduceCfg, plainCopy(out2, in), copyKernel(out2, in), n * 8},
		// Every thread reading every element of a shared tile, as n-body
		// and tiled matrix products do.
		{"broadcast", reduceCfg, plainBroadcast(in, out2), broadcastTileKernel(in, out2), n * 8},
		// Copies whose writes are Stores (of a value the checker keeps):
		// in order, a run each block; reversed, a word each element.
		{"store", reduceCfg, plainStoreCopy(out2, in, false), storeCopyKernel(out2, in, false), n * 8},
		{"storeReversed", reduceCfg, plainStoreCopy(out2, in, true), storeCopyKernel(out2, in, true), n * 8},
		// An atomic per element (a histogram), after which the block's
		// stream of reads goes on as a run.
		{"atomicBins", reduceCfg, plainAtomicBins(in, bins), atomicBinsKernel(in, bins), n * 4},
		// A grid-stride sum over 8 MiB with a small grid: each thread
		// sweeps a thousand pages before the next thread sweeps them.
		{"gridStride", strideCfg, plainGridStride(big, out2), gridStrideKernel(big, out2), len(big) * 4},
	} {
		for _, impl := range []string{"runtime", "checked"} {
			b.Run("kernel="+k.name+"/impl="+impl, func(b *testing.B) {
				dev, err := gocuda.NewDevice()
				if err != nil {
					b.Fatal(err)
				}
				defer dev.Close()
				kernel := k.plain
				if impl == "checked" {
					defer install(newChecker(), io.Discard)()
					kernel = k.probed
				}
				b.SetBytes(int64(k.bytes))
				for b.Loop() {
					if err := dev.Launch(k.cfg, kernel); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}

// plainCopy is copyKernel uninstrumented.
func plainCopy(dst, src []float32) func(*gocuda.Thread) {
	return func(t *gocuda.Thread) {
		i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
		dst[i] = src[i]
	}
}

// plainStoreCopy is storeCopyKernel uninstrumented.
func plainStoreCopy(dst, src []float32, reversed bool) func(*gocuda.Thread) {
	return func(t *gocuda.Thread) {
		i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
		j := i
		if reversed {
			j = len(dst) - 1 - i
		}
		dst[j] = src[i]
	}
}

var storeCopySites = sitesOf("probe.storeCopyKernel.func1",
	Site{Kind: Read, Line: 7, Expr: "src[i]"},
	Site{Kind: Write, Line: 7, Expr: "dst[j]"},
)

// storeCopyKernel copies src into dst, reversed if reversed, with the
// store instrumented as a Store.
//
//go:noinline // see BenchmarkCheck
func storeCopyKernel(dst, src []float32, reversed bool) func(*gocuda.Thread) {
	return func(t *gocuda.Thread) {
		s := storeCopySites
		i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
		j := i
		if reversed {
			j = len(dst) - 1 - i
		}
		Store(t, &s[1], dst, j, *Index(t, &s[0], src, i))
	}
}

// plainBroadcast is broadcastTileKernel uninstrumented.
func plainBroadcast(in, out []float32) func(*gocuda.Thread) {
	return func(t *gocuda.Thread) {
		tid := t.ThreadIdx.X
		i := t.BlockIdx.X*t.BlockDim.X + tid
		sh := gocuda.Shared[float32](t, t.BlockDim.X)
		sh[tid] = in[i]
		t.SyncThreads()
		var sum float32
		for j := range sh {
			sum += sh[j]
		}
		out[i] = sum
	}
}

var broadcastTileSites = sitesOf("probe.broadcastTileKernel.func1",
	Site{Kind: Write, Line: 4, Expr: "sh[tid]"},
	Site{Kind: Read, Line: 4, Expr: "in[i]"},
	Site{Kind: Barrier, Line: 5, Expr: "t.SyncThreads()"},
	Site{Kind: Read, Line: 7, Expr: "sh[j]"},
	Site{Kind: Write, Line: 8, Expr: "out[i]"},
)

// broadcastTileKernel has each thread load its element of in into a
// shared tile and, after a barrier, sum the whole tile into its element
// of out.
//
//go:noinline // see BenchmarkCheck
func broadcastTileKernel(in, out []float32) func(*gocuda.Thread) {
	return func(t *gocuda.Thread) {
		s := broadcastTileSites
		tid := t.ThreadIdx.X
		i := t.BlockIdx.X*t.BlockDim.X + tid
		sh := gocuda.Shared[float32](t, t.BlockDim.X)
		*Index(t, &s[0], sh, tid) = *Index(t, &s[1], in, i)
		Sync(t, &s[2], t).SyncThreads()
		var sum float32
		for j := range sh {
			sum += *Index(t, &s[3], sh, j)
		}
		*Index(t, &s[4], out, i) = sum
	}
}

// plainReduce is reduceKernel (with its barriers) uninstrumented.
func plainReduce(in, out []float32) func(*gocuda.Thread) {
	return func(t *gocuda.Thread) {
		tid := t.ThreadIdx.X
		sh := gocuda.Shared[float32](t, t.BlockDim.X)
		sh[tid] = in[t.BlockIdx.X*t.BlockDim.X+tid]
		t.SyncThreads()
		for s := t.BlockDim.X / 2; s > 0; s >>= 1 {
			if tid < s {
				sh[tid] += sh[tid+s]
			}
			t.SyncThreads()
		}
		if tid == 0 {
			out[t.BlockIdx.X] = sh[0]
		}
	}
}

// tile is the side of transposeKernel's tiles; rows are padded by one
// element against bank conflicts.
const tile = 16

// plainTranspose writes the side×side matrix in transposed into out,
// through shared-memory tiles.
func plainTranspose(in, out []float32, side int) func(*gocuda.Thread) {
	return func(t *gocuda.Thread) {
		tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
		sh := gocuda.Shared[float32](t, tile*(tile+1))
		sh[ty*(tile+1)+tx] = in[(t.BlockIdx.Y*tile+ty)*side+t.BlockIdx.X*tile+tx]
		t.SyncThreads()
		out[(t.BlockIdx.X*tile+ty)*side+t.BlockIdx.Y*tile+tx] = sh[tx*(tile+1)+ty]
	}
}

var transposeSites = sitesOf("probe.transposeKernel.func1",
	Site{Kind: Write, Line: 4, Expr: "sh[ty*(tile+1)+tx]"},
	Site{Kind: Read, Line: 4, Expr: "in[(by*tile+ty)*side+bx*tile+tx]"},
	Site{Kind: Barrier, Line: 5, Expr: "t.SyncThreads()"},
	Site{Kind: Write, Line: 6, Expr: "out[(bx*tile+ty)*side+by*tile+tx]"},
	Site{Kind: Read, Line: 6, Expr: "sh[tx*(tile+1)+ty]"},
)

// transposeKernel is plainTranspose instrumented.
//
//go:noinline // see BenchmarkCheck
func transposeKernel(in, out []float32, side int) func(*gocuda.Thread) {
	return func(t *gocuda.Thread) {
		s := transposeSites
		tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
		sh := gocuda.Shared[float32](t, tile*(tile+1))
		*Index(t, &s[0], sh, ty*(tile+1)+tx) = *Index(t, &s[1], in, (t.BlockIdx.Y*tile+ty)*side+t.BlockIdx.X*tile+tx)
		Sync(t, &s[2], t).SyncThreads()
		*Index(t, &s[3], out, (t.BlockIdx.X*tile+ty)*side+t.BlockIdx.Y*tile+tx) = *Index(t, &s[4], sh, tx*(tile+1)+ty)
	}
}

func TestTransposeChecked(t *testing.T) {
	const side = 2 * tile
	in, out := make([]float32, side*side), make([]float32, side*side)
	for i := range in {
		in[i] = float32(i)
	}
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: side / tile, Y: side / tile}, Block: gocuda.Dim3{X: tile, Y: tile}}
	got := checkReports(t, func(dev *gocuda.Device) {
		if err := dev.Launch(cfg, transposeKernel(in, out, side)); err != nil {
			t.Fatal(err)
		}
	})
	if len(got) != 0 {
		t.Errorf("reports for a correct transpose: %v", got)
	}
	for r := range side {
		for c := range side {
			if out[c*side+r] != in[r*side+c] {
				t.Fatalf("out[%d][%d] = %v, want %v", c, r, out[c*side+r], in[r*side+c])
			}
		}
	}
}

var atomicBinsSites = sitesOf("probe.atomicBinsKernel.func1",
	Site{Kind: Read, Line: 3, Expr: "in[i]"},
	Site{Kind: AtomicOp, Line: 4, Expr: "atomic.Add(&bins[v%len(bins)], 1)"},
)

// atomicBinsKernel counts in's values (integers) into bins with an
// atomic add per element, one thread per element.
//
//go:noinline // see BenchmarkCheck
func atomicBinsKernel(in []float32, bins []uint32) func(*gocuda.Thread) {
	return func(t *gocuda.Thread) {
		s := atomicBinsSites
		i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
		v := int(*Index(t, &s[0], in, i))
		After(t, &s[1], atomic.Add(Atomic(t, &s[1], &bins[v%len(bins)]), 1))
	}
}

// plainAtomicBins is atomicBinsKernel uninstrumented.
func plainAtomicBins(in []float32, bins []uint32) func(*gocuda.Thread) {
	return func(t *gocuda.Thread) {
		i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
		atomic.Add(&bins[int(in[i])%len(bins)], 1)
	}
}

// plainGridStride is gridStrideKernel uninstrumented.
func plainGridStride(in, out []float32) func(*gocuda.Thread) {
	return func(t *gocuda.Thread) {
		b := t.BlockDim.X
		i := t.BlockIdx.X*2*b + t.ThreadIdx.X
		var sum float32
		for j := i; j < len(in); j += 2 * b * t.GridDim.X {
			sum += in[j] + in[j+b]
		}
		out[t.BlockIdx.X*b+t.ThreadIdx.X] = sum
	}
}

var gridStrideSites = sitesOf("probe.gridStrideKernel.func1",
	Site{Kind: Read, Line: 6, Expr: "in[j]"},
	Site{Kind: Read, Line: 6, Expr: "in[j+b]"},
	Site{Kind: Write, Line: 8, Expr: "out[t.BlockIdx.X*b+t.ThreadIdx.X]"},
)

// gridStrideKernel is the loop of Harris's reduction kernel 7: each
// thread adds the pairs of elements of in a block apart, from its own,
// grid-stride (len(in) must be a multiple of twice the grid's threads),
// into its element of out.
//
//go:noinline // see BenchmarkCheck
func gridStrideKernel(in, out []float32) func(*gocuda.Thread) {
	return func(t *gocuda.Thread) {
		s := gridStrideSites
		b := t.BlockDim.X
		i := t.BlockIdx.X*2*b + t.ThreadIdx.X
		var sum float32
		for j := i; j < len(in); j += 2 * b * t.GridDim.X {
			sum += *Index(t, &s[0], in, j) + *Index(t, &s[1], in, j+b)
		}
		*Index(t, &s[2], out, t.BlockIdx.X*b+t.ThreadIdx.X) = sum
	}
}
