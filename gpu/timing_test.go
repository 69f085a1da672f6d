package gpu_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gpu"
)

func g80(t *testing.T) gpu.GPU {
	t.Helper()
	g, err := gpu.LookupGPU("g80")
	require.NoError(t, err)
	return g
}

// copyWorkload is a coalesced copy of n ints on 1.x: per warp one load and
// one store, each two 64-byte transactions (one per half-warp), and the
// load and the store as sites.
func copyWorkload(n int) gpu.Workload {
	warps := n / 32
	return gpu.Workload{Blocks: n / 256, ThreadsPerBlock: 256, BlocksPerSM: 3,
		GlobalRequests: 4 * warps, GlobalTransactions: 4 * warps, GlobalBytes: 8 * n,
		Sites: 2 * warps, ThreadSites: 64 * warps}
}

// TestPredictBandwidthRoofline: a coalesced copy on the 8800 GTX streams
// at its DRAM bandwidth, 86.4 GB/s, 8 bytes per element, plus Hong and
// Kim's computation term (a tenth at most here), never faster.
func TestPredictBandwidthRoofline(t *testing.T) {
	const n = 1 << 22
	p, err := g80(t).Predict(copyWorkload(n))
	require.NoError(t, err)
	assert.Equal(t, gpu.BoundBandwidth, p.Bottleneck)
	want := 8 * n / 86.4 // ns
	assert.GreaterOrEqual(t, p.Nanos, want)
	assert.Less(t, p.Nanos, 1.1*want, "%+v", p)
	assert.InDelta(t, want, p.DRAMNanos, 1e-6*want)
}

// TestPredictIssueBound: without memory a kernel takes its instructions
// issued at one warp instruction per four cycles (8 lanes) on each of the
// 16 SMs at 1.35 GHz.
func TestPredictIssueBound(t *testing.T) {
	const blocks, sites = 4800, 100 // sites per warp
	w := gpu.Workload{Blocks: blocks, ThreadsPerBlock: 256, BlocksPerSM: 3,
		Sites: 8 * blocks * sites, ThreadSites: 32 * 8 * blocks * sites}
	p, err := g80(t).Predict(w)
	require.NoError(t, err)
	want := float64(8*blocks*sites) * 4 / 16 / 1.35 // ns
	assert.InDelta(t, want, p.Nanos, 1e-9*want)
	assert.InDelta(t, want, p.IssueNanos, 1e-9*want)
	assert.Equal(t, gpu.BoundIssue, p.Bottleneck)
}

// TestPredictReplaysAndOperations: bank conflicts add two cycles a
// replayed half-warp wavefront on 1.x; an integer division costs 20
// instructions and a multiplication 4 there, one from Fermi on; each
// names its bottleneck when it dominates.
func TestPredictReplaysAndOperations(t *testing.T) {
	g := g80(t)
	base := gpu.Workload{Blocks: 48, ThreadsPerBlock: 256, BlocksPerSM: 3, Sites: 384 * 10, ThreadSites: 32 * 384 * 10}
	p0, err := g.Predict(base)
	require.NoError(t, err)
	conflicts := base
	conflicts.SharedConflicts = 384 * 30 // 30 replays a warp: 60 cycles against 40 of issue
	p1, err := g.Predict(conflicts)
	require.NoError(t, err)
	assert.InDelta(t, p0.Nanos*100/40, p1.Nanos, 1e-9*p1.Nanos)
	assert.Equal(t, gpu.BoundConflicts, p1.Bottleneck)
	divs := base
	divs.IntDivs = 384 // one a warp: 20 instructions against 10
	p2, err := g.Predict(divs)
	require.NoError(t, err)
	assert.InDelta(t, 3*p0.Nanos, p2.Nanos, 1e-9*p2.Nanos)
	muls := base
	muls.IntMuls = 384
	p3, err := g.Predict(muls)
	require.NoError(t, err)
	assert.InDelta(t, 1.4*p0.Nanos, p3.Nanos, 1e-9*p3.Nanos)
}

// TestPredictLatencyAndOccupancy: a kernel of dependent uncoalesced loads
// with few resident warps cannot hide the memory latency; halving its
// resident blocks makes it slower and names occupancy.
func TestPredictLatencyAndOccupancy(t *testing.T) {
	g := g80(t)
	warps := 1536 * 8
	w := gpu.Workload{Blocks: 1536, ThreadsPerBlock: 256, BlocksPerSM: 2,
		GlobalRequests: 2 * 4 * warps, GlobalTransactions: 32 * 4 * warps, GlobalBytes: 32 * 32 * 4 * warps,
		Sites: 4 * warps, ThreadSites: 128 * warps}
	p2, err := g.Predict(w)
	require.NoError(t, err)
	w.BlocksPerSM = 1
	p1, err := g.Predict(w)
	require.NoError(t, err)
	assert.Greater(t, p1.Nanos, p2.Nanos)
	assert.Equal(t, 8.0, p1.N)
	assert.Contains(t, []gpu.Bottleneck{gpu.BoundOccupancy, gpu.BoundLatency, gpu.BoundBandwidth}, p1.Bottleneck)
}

// TestPredictRefusals: a launch no SM can hold is an error; an empty one
// takes no time.
func TestPredictRefusals(t *testing.T) {
	g := g80(t)
	_, err := g.Predict(gpu.Workload{Blocks: 1, ThreadsPerBlock: 256, Sites: 8})
	assert.Error(t, err)
	_, err = g.Predict(gpu.Workload{Blocks: -1, ThreadsPerBlock: 256})
	assert.Error(t, err)
	p, err := g.Predict(gpu.Workload{})
	require.NoError(t, err)
	assert.Zero(t, p.Nanos)
}

// TestPresets: every preset is a modelled architecture with the figures
// the model divides by; keys and names find them; the G80 issues a warp
// instruction in four cycles (32 threads on 8 lanes), Fermi in one.
func TestPresets(t *testing.T) {
	seen := map[string]bool{}
	for _, g := range gpu.Presets() {
		assert.False(t, seen[g.Key], g.Key)
		seen[g.Key] = true
		_, err := gpu.ParseArch(g.Arch.String())
		require.NoError(t, err, g.Name)
		for _, v := range []float64{float64(g.SMs), g.MHz, float64(g.Lanes), float64(g.Schedulers), g.BandwidthGBs,
			g.MemLatency, g.DepartureCoalesced, g.DepartureUncoalesced, g.WavefrontCycles, g.MulInstructions, g.DivInstructions} {
			assert.Positive(t, v, g.Name)
		}
		byName, err := gpu.LookupGPU(g.Name)
		require.NoError(t, err)
		assert.Equal(t, g, byName)
		def, ok := gpu.PresetFor(g.Arch)
		assert.True(t, ok)
		assert.Equal(t, g.Arch, def.Arch)
	}
	assert.Len(t, seen, 10)
	assert.Equal(t, 4.0, g80(t).IssueCycles())
	fermi, err := gpu.LookupGPU("GF100")
	require.NoError(t, err)
	assert.Equal(t, 1.0, fermi.IssueCycles())
	_, err = gpu.LookupGPU("voodoo2")
	assert.Error(t, err)
	_, ok := gpu.PresetFor(gpu.SM11)
	assert.False(t, ok)
}

// scaled returns w with k times its blocks, and every count k times over:
// k times as many blocks, each doing what w's blocks do.
func scaled(w gpu.Workload, k int) gpu.Workload {
	w.Blocks *= k
	for _, c := range []*int{&w.GlobalRequests, &w.GlobalTransactions, &w.GlobalBytes, &w.SharedRequests,
		&w.SharedTransactions, &w.SharedConflicts, &w.Sites, &w.LoopIterations, &w.Barriers, &w.ThreadSites,
		&w.ALU, &w.IntMuls, &w.IntDivs} {
		*c *= k
	}
	return w
}

// TestPredictScalesWithGrid: once a grid fills every SM with resident
// blocks, k times as many identical blocks take k times as long, whatever
// bounds them, on every preset (the textbooks' tests profile the first
// pass of a reduction on fewer blocks and scale its time by this). A grid
// that does not fill the SMs does not scale so.
func TestPredictScalesWithGrid(t *testing.T) {
	block := gpu.Workload{Blocks: 1, ThreadsPerBlock: 256, BlocksPerSM: 3,
		GlobalRequests: 16, GlobalTransactions: 16, GlobalBytes: 1024 + 32,
		SharedRequests: 60, SharedTransactions: 90, SharedConflicts: 30,
		Sites: 200, LoopIterations: 64, Barriers: 72, ThreadSites: 200 * 24, ALU: 500, IntMuls: 8, IntDivs: 64}
	reduce := scaled(block, 512) // enough to fill the 132 SMs of the H100
	stream := copyWorkload(512 * 256)
	for _, g := range gpu.Presets() {
		for _, w := range []gpu.Workload{reduce, stream} {
			require.GreaterOrEqual(t, w.Blocks, g.SMs*w.BlocksPerSM, g.Name)
			p, err := g.Predict(w)
			require.NoError(t, err)
			pk, err := g.Predict(scaled(w, 128))
			require.NoError(t, err, g.Name)
			assert.InEpsilon(t, 128*p.Nanos, pk.Nanos, 1e-12, g.Name)
			assert.Equal(t, p.Bottleneck, pk.Bottleneck, g.Name)
		}
	}
	small := scaled(block, 8) // half the 8800 GTX's SMs idle
	g := g80(t)
	p, err := g.Predict(small)
	require.NoError(t, err)
	pk, err := g.Predict(scaled(small, 16))
	require.NoError(t, err)
	assert.Less(t, pk.Nanos, 16*p.Nanos, "sixteen times the blocks on all 16 SMs")
}
