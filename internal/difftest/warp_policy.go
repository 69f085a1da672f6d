package difftest

import "github.com/gocuda/gocuda/gocuda"

// The CUDA Handbook's scans as its author wrote them
// (github.com/ArchaeaSoftware/cudahandbook, scan/): a block scan
// (scanBlock.cuh) over a warp scan that a template parameter supplies,
// WarpPolicy::inclusive, either the shuffle scan (scanWarpShuffle.cuh)
// or the shared-memory one (scanWarp.cuh, with the __syncwarp calls the
// warp-synchronous original lacks). Go writes the policy as a type
// parameter constrained by an interface, and the kernels call its method
// on a value of their own type parameter: gocuda compile compiles each
// instantiation with the package's policies.

// warpPolicy is a warp scan: each lane's inclusive prefix sum of v.
type warpPolicy interface {
	inclusive(t *gocuda.Thread, v int32) int32
}

// shuffleWarp is scanWarpShuffle: five steps of a shuffle up.
type shuffleWarp struct{}

func (shuffleWarp) inclusive(t *gocuda.Thread, v int32) int32 {
	lane := t.LaneID()
	for offset := 1; offset < gocuda.WarpSize; offset *= 2 {
		u := gocuda.ShflUpSync(t, gocuda.FullMask, v, offset, gocuda.WarpSize)
		if lane >= offset {
			v += u
		}
	}
	return v
}

// sharedWarp is scanWarp: the lanes' partial sums in shared memory, each
// step reading the partial offset lanes below.
type sharedWarp struct{}

func (sharedWarp) inclusive(t *gocuda.Thread, v int32) int32 {
	partials := gocuda.Shared[int32](t, 1024)
	tid := t.ThreadIdx.X
	lane := tid & 31
	partials[tid] = v
	for offset := 1; offset < gocuda.WarpSize; offset *= 2 {
		t.SyncWarp(gocuda.FullMask)
		var below int32
		if lane >= offset {
			below = partials[tid-offset]
		}
		t.SyncWarp(gocuda.FullMask)
		partials[tid] += below
	}
	t.SyncWarp(gocuda.FullMask)
	return partials[tid]
}

// levelsWarp is scanWarpShuffle<levels>: a pointer receiver reading the
// template's constant, scanning runs of 1<<levels lanes.
type levelsWarp struct{ levels int }

func (p *levelsWarp) inclusive(t *gocuda.Thread, v int32) int32 {
	lane := t.LaneID()
	for i := 0; i < p.levels; i++ {
		u := gocuda.ShflUpSync(t, gocuda.FullMask, v, 1<<i, gocuda.WarpSize)
		if lane&(1<<p.levels-1) >= 1<<i {
			v += u
		}
	}
	return v
}

// forwardWarp wraps another policy: its method calls its own type
// parameter's.
type forwardWarp[In warpPolicy] struct{ in In }

func (p forwardWarp[In]) inclusive(t *gocuda.Thread, v int32) int32 {
	return p.in.inclusive(t, v)
}

// countedWarp is shuffleWarp counting its calls: a pointer receiver on
// the thread's own state.
type countedWarp struct{ calls int32 }

func (c *countedWarp) inclusive(t *gocuda.Thread, v int32) int32 {
	c.calls++
	return shuffleWarp{}.inclusive(t, v)
}

func (c *countedWarp) count() int32 { return c.calls }

// scanBlockPolicy is scanBlock: each warp scans its elements, the first
// warp scans the warps' totals, and each warp after the first adds the
// totals before it. Blocks have at most 32 warps.
func scanBlockPolicy[P warpPolicy](t *gocuda.Thread, p P, v int32) int32 {
	totals := gocuda.Shared[int32](t, 32)
	tid := t.ThreadIdx.X
	lane, warp := tid&31, tid>>5
	sum := p.inclusive(t, v)
	if lane == 31 {
		totals[warp] = sum
	}
	t.SyncThreads()
	if warp == 0 {
		totals[tid] = p.inclusive(t, totals[tid])
	}
	t.SyncThreads()
	if warp > 0 {
		sum += totals[warp-1]
	}
	return sum
}

// WarpPolicyScanKernel scans each block's elements of in into out with
// the warp scan of policy P, a zero value of its own type parameter.
//
//gocuda:kernel WarpPolicyScanKernel
func warpPolicyScanKernel[P warpPolicy](t *gocuda.Thread, in, out []int32) {
	var p P
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	out[i] = scanBlockPolicy(t, p, in[i])
}

// WarpPolicyWithKernel is WarpPolicyScanKernel with the policy passed:
// a pointer whose fields configure it.
//
//gocuda:kernel WarpPolicyWithKernel
func warpPolicyWithKernel[P warpPolicy](t *gocuda.Thread, p P, in, out []int32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	v := p.inclusive(t, in[i])
	out[i] = v
}

// WarpPolicyCountedKernel scans each warp's elements with a policy of
// pointer receivers on a thread's own state (P is *C), adding to each
// sum the calls it counted.
//
//gocuda:kernel WarpPolicyCountedKernel
func warpPolicyCountedKernel[C any, P interface {
	*C
	warpPolicy
	count() int32
}](t *gocuda.Thread, in, out []int32) {
	var c C
	p := P(&c)
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	v := p.inclusive(t, in[i])
	out[i] = v + p.count()
}
