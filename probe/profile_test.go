package probe

import (
	"bufio"
	"bytes"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/mem"
)

// The kernels of these tests are written as gocuda profile rewrites them:
// every access through Index or Addr, every condition through Cond, every
// barrier through Sync, with a site table per test. Expected numbers
// follow GPU-MODELS.md's rules, worked by hand in the comments.

// profileRun installs a profiler for arch and regs, runs launches on a new
// device of two workers, and returns the profiles the launches recorded.
func profileRun(t *testing.T, arch, regs string, launches func(d *gocuda.Device) error) []*KernelProfile {
	t.Helper()
	ignore := goleak.IgnoreCurrent()
	r, err := newProfiler(arch, regs, "")
	require.NoError(t, err)
	var buf bytes.Buffer
	uninstall := install(r, &buf)
	d, err := gocuda.NewDevice(gocuda.WithWorkers(2))
	require.NoError(t, err)
	err = launches(d)
	require.NoError(t, d.Close())
	uninstall()
	require.NoError(t, err)
	goleak.VerifyNone(t, ignore)

	var profiles []*KernelProfile
	sc := bufio.NewScanner(&buf)
	for sc.Scan() {
		var rec Record
		require.NoError(t, json.Unmarshal(sc.Bytes(), &rec))
		require.NotNil(t, rec.Profile, "record %s", sc.Text())
		profiles = append(profiles, rec.Profile)
	}
	return profiles
}

// profileOne runs one launch of kernel and returns its profile.
func profileOne(t *testing.T, arch, regs string, cfg gocuda.Config, kernel func(*gocuda.Thread)) *KernelProfile {
	t.Helper()
	ps := profileRun(t, arch, regs, func(d *gocuda.Device) error { return d.Launch(cfg, kernel) })
	require.Len(t, ps, 1)
	return ps[0]
}

// lineAt returns the profile of line n of p.
func lineAt(t *testing.T, p *KernelProfile, n int) LineProfile {
	t.Helper()
	for _, l := range p.Lines {
		if l.Line == n {
			return l
		}
	}
	require.Failf(t, "no such line", "line %d not in %+v", n, p.Lines)
	return LineProfile{}
}

func blocks(n int) gocuda.Config {
	return gocuda.Config{Grid: gocuda.Dim3{X: n}, Block: gocuda.Dim3{X: 64}}
}

// TestProfileCoalesced: a warp's 32 float32 loads of consecutive words are
// one request of four 32-byte sectors on sm_70 (BPG 10.2.1.1), 100%
// efficient; 256 threads are 8 warps. A ReadWrite is a load and a store.
func TestProfileCoalesced(t *testing.T) {
	const n = 256
	sites := Register([]Site{
		{Kind: Read, Func: "probe.copy", File: "copy.go", Line: 3, Expr: "x[i]"},
		{Kind: Write, Func: "probe.copy", File: "copy.go", Line: 4, Expr: "y[i]"},
		{Kind: ReadWrite, Func: "probe.copy", File: "copy.go", Line: 5, Expr: "z[i]"},
	})
	x, y, z := make([]float32, n), make([]float32, n), make([]float32, n)
	for i := range x {
		x[i], z[i] = float32(i), 1
	}
	p := profileOne(t, "sm_70", "32", blocks(n/64), func(t *gocuda.Thread) {
		i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
		v := *Index(t, &sites[0], x, i)
		*Index(t, &sites[1], y, i) = v
		*Index(t, &sites[2], z, i) += v
	})
	for i := range x {
		require.Equal(t, x[i], y[i])
		require.Equal(t, x[i]+1, z[i])
	}

	assert.Equal(t, "probe.TestProfileCoalesced", p.Kernel, "without a Kernel entry, its function, less closures")
	assert.Equal(t, "sm_70", p.Arch)
	assert.Equal(t, 1, p.Launches)
	require.Len(t, p.Configs, 1)
	assert.Equal(t, [3]int{4, 1, 1}, p.Configs[0].Grid)
	assert.Equal(t, [3]int{64, 1, 1}, p.Configs[0].Block)

	load := Counts{GldRequests: 8, GldTransactions: 32, GldBytes: 1024, GldRequested: 1024, InstExecuted: 8, ThreadInstExecuted: 256}
	store := Counts{GstRequests: 8, GstTransactions: 32, GstBytes: 1024, GstRequested: 1024, InstExecuted: 8, ThreadInstExecuted: 256}
	both := load
	both.GstRequests, both.GstTransactions, both.GstBytes, both.GstRequested = 8, 32, 1024, 1024
	assert.Equal(t, load, lineAt(t, p, 3).Counts)
	assert.Equal(t, store, lineAt(t, p, 4).Counts)
	assert.Equal(t, both, lineAt(t, p, 5).Counts)
	assert.Equal(t, []int{3, 4, 5}, []int{p.Lines[0].Line, p.Lines[1].Line, p.Lines[2].Line})

	m := lineAt(t, p, 3).Metrics
	assert.Equal(t, 4.0, m.GldTransactionsPerRequest)
	assert.Equal(t, 100.0, m.GldEfficiency)
	assert.Equal(t, 4.0, lineAt(t, p, 5).Metrics.GstTransactionsPerRequest)
	assert.Equal(t, 16, p.Total.GldRequests)
	assert.Equal(t, 100.0, p.Metrics.WarpExecutionEfficiency)
	assert.Equal(t, 100.0, p.Metrics.BranchEfficiency)
}

// TestProfileStride2: a warp loading a[2t] (GPU-MODELS.md §1.3): 32
// separate 32-byte transactions on 1.0 (the k-th word rule fails), two
// 128-byte ones on 1.3, two 128-byte lines on 2.0, eight sectors on 7.0;
// 1.x splits the warp into two half-warp requests.
func TestProfileStride2(t *testing.T) {
	sites := Register([]Site{{Kind: Read, Func: "probe.stride2", File: "stride.go", Line: 7, Expr: "x[2*i]"}})
	x := make([]float32, 64)
	for _, tc := range []struct {
		arch                         string
		requests, transactions, size int
	}{
		{"sm_10", 2, 32, 1024},
		{"sm_13", 2, 2, 256},
		{"sm_20", 1, 2, 256},
		{"sm_70", 1, 8, 256},
	} {
		t.Run(tc.arch, func(t *testing.T) {
			p := profileOne(t, tc.arch, "", gocuda.Config{Block: gocuda.Dim3{X: 32}}, func(t *gocuda.Thread) {
				_ = *Index(t, &sites[0], x, 2*t.ThreadIdx.X)
			})
			l := lineAt(t, p, 7)
			want := Counts{GldRequests: tc.requests, GldTransactions: tc.transactions, GldBytes: tc.size, GldRequested: 128,
				InstExecuted: 1, ThreadInstExecuted: 32}
			assert.Equal(t, want, l.Counts)
			assert.Equal(t, 100*128/float64(tc.size), l.Metrics.GldEfficiency)
		})
	}
}

// TestProfilePartialWarp: a block of 20 threads is one warp with 20
// active lanes: their 80 bytes from an aligned base take three sectors,
// and warp execution efficiency is 20/32.
func TestProfilePartialWarp(t *testing.T) {
	sites := Register([]Site{{Kind: Read, Func: "probe.partial", File: "partial.go", Line: 2}})
	x := make([]float32, 40)
	p := profileOne(t, "sm_70", "", gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: 20}}, func(t *gocuda.Thread) {
		_ = *Index(t, &sites[0], x, t.BlockIdx.X*t.BlockDim.X+t.ThreadIdx.X)
	})
	want := Counts{GldRequests: 2, GldTransactions: 6, GldBytes: 192, GldRequested: 160, InstExecuted: 2, ThreadInstExecuted: 40}
	assert.Equal(t, want, lineAt(t, p, 2).Counts)
	assert.Equal(t, 62.5, p.Metrics.WarpExecutionEfficiency)
}

// TestProfileSharedTile is the transpose tile of GPU-MODELS.md §2.3 on
// sm_70: a 32x32 block writes __shared__ float tile[32][w] by rows, then,
// after a barrier, reads it down a column. Each of the 32 warps' column
// reads of tile[32][32] is 32-way: 32 wavefronts, 31 conflicts; the padded
// tile[32][33] is conflict-free; all lanes reading one word broadcast.
func TestProfileSharedTile(t *testing.T) {
	sites := Register([]Site{
		{Kind: Write, Func: "probe.transpose", File: "transpose.go", Line: 11, Expr: "tile[ty][tx]"},
		{Kind: Barrier, Func: "probe.transpose", File: "transpose.go", Line: 12},
		{Kind: Read, Func: "probe.transpose", File: "transpose.go", Line: 13, Expr: "tile[tx][ty]"},
		{Kind: Write, Func: "probe.transpose", File: "transpose.go", Line: 14, Expr: "out[ty*32+tx]"},
	})
	for _, tc := range []struct {
		name         string
		width        int
		read         func(tx, ty int) int // the word of the tile lane tx of row ty reads
		transactions int                  // of the 32 warps' reads
		conflicts    int
	}{
		{"column of tile[32][32]", 32, func(tx, ty int) int { return tx*32 + ty }, 32 * 32, 32 * 31},
		{"column of tile[32][33]", 33, func(tx, ty int) int { return tx*33 + ty }, 32, 0},
		{"one word", 32, func(int, int) int { return 5 }, 32, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := make([]float32, 32*32)
			p := profileOne(t, "sm_70", "", gocuda.Config{Block: gocuda.Dim3{X: 32, Y: 32}}, func(t *gocuda.Thread) {
				tile := gocuda.Shared[float32](t, 32*tc.width)
				tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
				*Index(t, &sites[0], tile, ty*tc.width+tx) = float32(ty*32 + tx)
				Sync(t, &sites[1], t).SyncThreads()
				v := *Index(t, &sites[2], tile, tc.read(tx, ty))
				*Index(t, &sites[3], out, ty*32+tx) = v
			})
			for ty := range 32 {
				for tx := range 32 {
					w := tc.read(tx, ty)
					require.Equal(t, float32(w/tc.width*32+w%tc.width), out[ty*32+tx], "out[%d][%d]", ty, tx)
				}
			}
			inst := Counts{InstExecuted: 32, ThreadInstExecuted: 1024}
			store := inst
			store.SharedStRequests, store.SharedStTransactions = 32, 32
			assert.Equal(t, store, lineAt(t, p, 11).Counts)
			barrier := inst
			barrier.Barriers = 32 // one per warp
			assert.Equal(t, barrier, lineAt(t, p, 12).Counts)
			load := inst
			load.SharedLdRequests, load.SharedLdTransactions, load.SharedLdConflicts = 32, tc.transactions, tc.conflicts
			assert.Equal(t, load, lineAt(t, p, 13).Counts)
			assert.Equal(t, float64(tc.transactions)/32, lineAt(t, p, 13).Metrics.SharedLoadTransactionsPerRequest)
			assert.Equal(t, 32*tc.width*4, p.Configs[0].StaticShared)
		})
	}
}

// TestProfileDynamicSharedLayout: the block's shared address space puts
// dynamic shared memory after the static allocations, aligned to 16
// bytes. With a 4-byte static array at offset 0, dyn[28] is byte 16+112,
// word 32, in bank 0 with static[0]: lane 1 reading it while the others
// read static[0] is a 2-way conflict; dyn[27], word 31, is not.
func TestProfileDynamicSharedLayout(t *testing.T) {
	sites := Register([]Site{{Kind: Read, Func: "probe.layout", File: "layout.go", Line: 21}})
	for _, tc := range []struct {
		index        int
		transactions int
	}{{28, 2}, {27, 1}} {
		p := profileOne(t, "sm_70", "", gocuda.Config{Block: gocuda.Dim3{X: 32}, SharedMem: 256}, func(t *gocuda.Thread) {
			static := gocuda.Shared[float32](t, 1)
			dyn := gocuda.DynamicShared[float32](t)
			p := &static[0]
			if t.ThreadIdx.X == 1 {
				p = &dyn[tc.index]
			}
			_ = *Addr(t, &sites[0], p)
		})
		want := Counts{SharedLdRequests: 1, SharedLdTransactions: tc.transactions, SharedLdConflicts: tc.transactions - 1,
			InstExecuted: 1, ThreadInstExecuted: 32}
		assert.Equal(t, want, lineAt(t, p, 21).Counts, "dyn[%d]", tc.index)
		assert.Equal(t, 4, p.Configs[0].StaticShared)
		assert.Equal(t, 256, p.Configs[0].DynamicShared)
	}
}

// TestProfileBranches: an if on lane parity splits every warp (branch
// efficiency 0%; the warp runs the branch with 32 lanes and each arm with
// 16: 64 of 96 lane slots, 66.7%); an if uniform in each warp (taken by
// warp 0, not by warp 1) diverges nowhere and wastes no lanes.
func TestProfileBranches(t *testing.T) {
	sites := Register([]Site{
		{Kind: Branch, Func: "probe.branches", File: "branch.go", Line: 31},
		{Kind: Write, Func: "probe.branches", File: "branch.go", Line: 32},
		{Kind: Write, Func: "probe.branches", File: "branch.go", Line: 34},
	})
	for _, tc := range []struct {
		name                string
		threads             int
		cond                func(t *gocuda.Thread) bool
		branches, divergent int
		then, els           Counts // of the stores in each arm
		branchEff, warpEff  float64
	}{
		{"lane parity", 32, func(t *gocuda.Thread) bool { return t.LaneID()%2 == 0 }, 1, 1,
			// 16 lanes on every other word of 128 bytes: 4 sectors, 50% used.
			Counts{GstRequests: 1, GstTransactions: 4, GstBytes: 128, GstRequested: 64, InstExecuted: 1, ThreadInstExecuted: 16},
			Counts{GstRequests: 1, GstTransactions: 4, GstBytes: 128, GstRequested: 64, InstExecuted: 1, ThreadInstExecuted: 16},
			0, 100 * 64.0 / 96},
		{"uniform per warp", 64, func(t *gocuda.Thread) bool { return t.WarpID() == 0 }, 2, 0,
			Counts{GstRequests: 1, GstTransactions: 4, GstBytes: 128, GstRequested: 128, InstExecuted: 1, ThreadInstExecuted: 32},
			Counts{GstRequests: 1, GstTransactions: 4, GstBytes: 128, GstRequested: 128, InstExecuted: 1, ThreadInstExecuted: 32},
			100, 100},
	} {
		t.Run(tc.name, func(t *testing.T) {
			y := make([]float32, tc.threads)
			p := profileOne(t, "sm_70", "", gocuda.Config{Block: gocuda.Dim3{X: tc.threads}}, func(t *gocuda.Thread) {
				i := t.ThreadIdx.X
				if Cond(t, &sites[0], tc.cond(t)) {
					*Index(t, &sites[1], y, i) = 1
				} else {
					*Index(t, &sites[2], y, i) = 2
				}
			})
			b := lineAt(t, p, 31).Counts
			assert.Equal(t, tc.branches, b.Branches)
			assert.Equal(t, tc.divergent, b.DivergentBranches)
			assert.Equal(t, tc.then, lineAt(t, p, 32).Counts)
			assert.Equal(t, tc.els, lineAt(t, p, 34).Counts)
			assert.Equal(t, tc.branchEff, p.Metrics.BranchEfficiency)
			assert.InDelta(t, tc.warpEff, p.Metrics.WarpExecutionEfficiency, 1e-9)
		})
	}
}

// TestProfileLoopTripCounts: lane l of a warp loops l%4+1 times. The k-th
// evaluations of the loop condition form one warp branch: k=0 all 32 lanes
// continue; k=1..3 split (24, 16, 8 of 32, 24, 16 continue); k=4 the last
// 8 all leave. So 5 branches, 3 divergent; the loads run with 32, 24, 16
// and 8 lanes, each touching the four sectors of x[0:32].
func TestProfileLoopTripCounts(t *testing.T) {
	sites := Register([]Site{
		{Kind: Branch, Func: "probe.loop", File: "loop.go", Line: 41},
		{Kind: Read, Func: "probe.loop", File: "loop.go", Line: 42},
	})
	x := make([]float32, 32)
	sum := make([]float32, 32)
	for i := range x {
		x[i] = float32(i)
	}
	p := profileOne(t, "sm_70", "", gocuda.Config{Block: gocuda.Dim3{X: 32}}, func(t *gocuda.Thread) {
		i := t.ThreadIdx.X
		for j := 0; Cond(t, &sites[0], j < i%4+1); j++ {
			sum[i] += *Index(t, &sites[1], x, i)
		}
	})
	for i := range sum {
		require.Equal(t, float32(i*(i%4+1)), sum[i])
	}
	assert.Equal(t, Counts{Branches: 5, DivergentBranches: 3, InstExecuted: 5, ThreadInstExecuted: 32 + 32 + 24 + 16 + 8},
		lineAt(t, p, 41).Counts)
	assert.Equal(t, Counts{GldRequests: 4, GldTransactions: 16, GldBytes: 512, GldRequested: 4 * (32 + 24 + 16 + 8),
		InstExecuted: 4, ThreadInstExecuted: 32 + 24 + 16 + 8}, lineAt(t, p, 42).Counts)
	assert.Equal(t, 40.0, p.Metrics.BranchEfficiency)
}

// TestProfileOccupancy: Ryoo et al.'s G80 tiled matrix multiply, 256
// threads and 2 KB of shared memory a block: 10 registers a thread give 3
// resident blocks (768 threads, limited by warps and registers), 11 only
// 2 (GPU-MODELS.md §4.3); a 1024-thread block cannot run on a G80 at all.
func TestProfileOccupancy(t *testing.T) {
	sites := Register([]Site{{Kind: Write, Func: "probe.tiles", File: "tiles.go", Line: 51}})
	for _, tc := range []struct {
		arch, regs string
		threads    int
		want       Occupancy
		error      string
	}{
		{"sm_10", "10", 256, Occupancy{BlocksPerSM: 3, WarpsPerSM: 24, Fraction: 1, Limit: "warps+registers"}, ""},
		{"sm_10", "11", 256, Occupancy{BlocksPerSM: 2, WarpsPerSM: 16, Fraction: 16.0 / 24, Limit: "registers"}, ""},
		{"sm_10", "10", 1024, Occupancy{}, "block of 1024 threads"},
	} {
		p := profileOne(t, tc.arch, tc.regs, gocuda.Config{Block: gocuda.Dim3{X: tc.threads}}, func(t *gocuda.Thread) {
			tile := gocuda.Shared[float32](t, 512)
			*Index(t, &sites[0], tile, t.ThreadIdx.X%512) = 1
		})
		require.Len(t, p.Configs, 1)
		c := p.Configs[0]
		assert.Equal(t, 2048, c.StaticShared)
		if tc.error != "" {
			assert.Contains(t, c.Occupancy.Error, tc.error)
			c.Occupancy.Error = ""
		}
		assert.Equal(t, tc.want, c.Occupancy, "%s, %s registers, %d threads", tc.arch, tc.regs, tc.threads)
		assert.Equal(t, tc.arch, p.Arch)
	}
}

// TestProfileGlobalAddressModel: a mem buffer is an allocation aligned as
// cudaMalloc's, so a kernel reading it from element 1 on is misaligned by
// a float: five sectors a warp on sm_70 (BPG 10.2.1.2). A Go slice the
// kernel indexes is taken to start an allocation: four.
func TestProfileGlobalAddressModel(t *testing.T) {
	sites := Register([]Site{{Kind: Read, Func: "probe.offset", File: "offset.go", Line: 61}})
	ps := profileRun(t, "sm_70", "", func(d *gocuda.Device) error {
		buf, err := mem.Malloc[float32](d, 64)
		if err != nil {
			return err
		}
		defer buf.Free()
		for _, x := range [][]float32{buf.Slice()[1:], make([]float32, 64)[1:]} {
			err := d.Launch(gocuda.Config{Block: gocuda.Dim3{X: 32}}, func(t *gocuda.Thread) {
				_ = *Index(t, &sites[0], x, t.ThreadIdx.X)
			})
			if err != nil {
				return err
			}
		}
		return nil
	})
	require.Len(t, ps, 2)
	assert.Equal(t, 5, lineAt(t, ps[0], 61).GldTransactions, "mem buffer from element 1")
	assert.Equal(t, 4, lineAt(t, ps[1], 61).GldTransactions, "Go slice")
}
