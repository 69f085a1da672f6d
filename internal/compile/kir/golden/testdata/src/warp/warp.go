// Package warp holds kernels with warp collectives.
package warp

import "github.com/gocuda/gocuda/gocuda"

// shuffle sums each warp with __shfl_down_sync and stores lane 0's sum.
func shuffle(t *gocuda.Thread, in, out []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	var v float32
	if i < len(in) {
		v = in[i]
	}
	for offset := 16; offset > 0; offset /= 2 {
		v += gocuda.ShflDownSync(t, gocuda.FullMask, v, offset, 32)
	}
	if t.LaneID() == 0 {
		out[i/32] = v
	}
}

// block reduces a block: warps, shared slots, a barrier, then warp 0.
func block(t *gocuda.Thread, in, out []int32) {
	sums := gocuda.Shared[int32](t, 32)
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	v := gocuda.ReduceAddSync(t, gocuda.FullMask, in[i])
	if t.LaneID() == 0 {
		sums[t.WarpID()] = v
	}
	t.SyncThreads()
	if t.WarpID() == 0 {
		w := int32(0)
		if t.LaneID() < t.BlockDim.X/32 {
			w = sums[t.LaneID()]
		}
		w = gocuda.ReduceAddSync(t, gocuda.FullMask, w)
		if t.LaneID() == 0 {
			out[t.BlockIdx.X] = w
		}
	}
}

// vote counts, per warp, the lanes with a positive input, in the lanes
// below 16 only.
func vote(t *gocuda.Thread, in []int32, out []uint32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if t.LaneID() < 16 {
		b := t.BallotSync(0xffff, in[i] > 0)
		out[i] = b
	}
}

// scanRef scans *val across the warp through a pointer (a C++ int&).
func scanRef(t *gocuda.Thread, val *int32) {
	for d := 1; d < 32; d *= 2 {
		tmp := gocuda.ShflUpSync(t, gocuda.FullMask, *val, d, 32)
		if t.LaneID() >= d {
			*val += tmp
		}
	}
}

// inplace passes the address of a value kept per lane to a helper with
// shuffles: the value is kept in place, in its lane array.
func inplace(t *gocuda.Thread, in, out []int32) {
	v := in[t.ThreadIdx.X]
	scanRef(t, &v)
	out[t.ThreadIdx.X] = v
}

// lastWarp shuffles with a mask of the warp's own lanes, which the last
// warp of a partial block has fewer of: the same for every lane of a
// warp, so computed once per warp, through helpers and remat variables.
func lastWarp(t *gocuda.Thread, in, out []float32) {
	lanes := min(gocuda.WarpSize, t.BlockDim.X-t.WarpID()*gocuda.WarpSize)
	mask := laneMask(lanes)
	v := in[t.ThreadIdx.X]
	v += gocuda.ShflDownSync(t, mask, v, 1, gocuda.WarpSize)
	if t.BallotSync(mask, v > 0) != 0 {
		out[t.ThreadIdx.X] = v
	}
}

// laneMask is the mask of a warp's first n lanes.
func laneMask(n int) uint32 { return uint32(1)<<n - 1 }

// tail folds the block's 64 values in warp 0 and stores the sum from
// thread 0: the store reads nothing the warp's code assigns, so it runs
// in a thread loop of its own after every warp's code, bounded to one
// thread.
func tail(t *gocuda.Thread, in, out []int32) {
	tid := t.ThreadIdx.X
	s := gocuda.Shared[int32](t, 64)
	s[tid] = in[t.BlockIdx.X*64+tid]
	t.SyncThreads()
	if tid < gocuda.WarpSize {
		v := s[tid] + s[tid+gocuda.WarpSize]
		t.SyncWarp(gocuda.FullMask)
		s[tid] = v
		t.SyncWarp(gocuda.FullMask)
	}
	if tid == 0 {
		out[t.BlockIdx.X] = s[0] + s[1]
	}
}

// laneGuard adds a shuffled value under guards on the lane: the first
// bounds it from both sides (lane > lo, lane <= hi) and by a condition of
// the warp, so its lane loop runs over that range alone; the second is a
// disjunction, which every lane evaluates; the third keeps a value
// assigned outside its if in a lane array, which every lane must store.
func laneGuard(t *gocuda.Thread, in, out []int32, lo, hi int) {
	v := in[t.ThreadIdx.X]
	y := gocuda.ShflDownSync(t, gocuda.FullMask, v, 1, gocuda.WarpSize)
	if t.LaneID() > lo && hi >= t.LaneID() && t.WarpID() < 2 {
		v += y
	}
	y = gocuda.ShflDownSync(t, gocuda.FullMask, v, 2, gocuda.WarpSize)
	if t.LaneID() < lo || t.LaneID() > hi {
		v -= y
	}
	y = gocuda.ShflDownSync(t, gocuda.FullMask, v, 4, gocuda.WarpSize)
	w := y * 2
	if t.LaneID() >= lo {
		v ^= w
	}
	w = gocuda.ShflDownSync(t, gocuda.FullMask, w, 8, gocuda.WarpSize)
	out[t.ThreadIdx.X] = v + w
}

// scanMasked is a warp's inclusive scan by shuffles up under a mask of
// its first lanes, the same at every step: the steps are collected and
// completed at once where the mask is full.
func scanMasked(t *gocuda.Thread, in, out []float32, lanes int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	mask := uint32(1)<<lanes - 1
	if lanes >= 32 {
		mask = gocuda.FullMask
	}
	v := in[i]
	for d := 1; d < 32; d <<= 1 {
		y := gocuda.ShflUpSync(t, mask, v, d, 32)
		if t.LaneID() >= d {
			v += y
		}
	}
	out[i] = v
}

// guardedTail is a block of warp-shuffle sums whose thread 0 stores its
// warp's sum, as Harris's warp-shuffle reduction does: the store reads the
// warp's result, which is kept per thread, and runs after every warp's
// code in a thread loop bounded to thread 0.
func guardedTail(t *gocuda.Thread, in, out []float32) {
	v := in[t.BlockIdx.X*t.BlockDim.X+t.ThreadIdx.X]
	for offset := 16; offset > 0; offset /= 2 {
		v += gocuda.ShflDownSync(t, gocuda.FullMask, v, offset, 32)
	}
	sum := v
	if t.ThreadIdx.X == 0 {
		out[t.BlockIdx.X] = sum
	}
}

// scanSamples is the CUDA samples' shfl_scan step loop: offsets doubling
// to the warp's width inclusive, the last step adding nothing. Whole
// warps take its steps in one call.
func scanSamples(t *gocuda.Thread, in, out []int32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	value := in[i]
	for d := 1; d <= 32; d *= 2 {
		n := gocuda.ShflUpSync(t, gocuda.FullMask, value, d, 32)
		if t.LaneID() >= d {
			value += n
		}
	}
	out[i] = value
}

// scanLanes scans the first lanes of each warp, as the block scans'
// helper does: the guard's condition of the warp (d < lanes) is tested
// at every step before the one call, which takes the steps only where it
// always holds.
func scanLanes(t *gocuda.Thread, in, out []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	lanes := min(gocuda.WarpSize, t.BlockDim.X-t.WarpID()*gocuda.WarpSize)
	v := in[i]
	for d := 1; d < gocuda.WarpSize; d <<= 1 {
		y := gocuda.ShflUpSync(t, gocuda.FullMask, v, d, gocuda.WarpSize)
		if t.LaneID() >= d && d < lanes {
			v += y
		}
	}
	out[i] = v
}

// scanFrom starts its offsets at a value of the block, not a constant:
// its steps run as written.
func scanFrom(t *gocuda.Thread, in, out []float32, first int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	v := in[i]
	for d := first; d < 32; d <<= 1 {
		y := gocuda.ShflUpSync(t, gocuda.FullMask, v, d, 32)
		if t.LaneID() >= d {
			v += y
		}
	}
	out[i] = v
}

// butterfly sums each warp with __shfl_xor_sync, as llm.c's
// warpReduceSum does: every lane gets the sum, in one call for a whole
// warp.
func butterfly(t *gocuda.Thread, in, out []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	v := in[i]
	for offset := 16; offset > 0; offset /= 2 {
		v += gocuda.ShflXorSync(t, gocuda.FullMask, v, offset, gocuda.WarpSize)
	}
	out[i] = v
}

// twoGuards ends the lane loop after its shuffle with two ifs for one
// lane each (the samples' block scan: its exclusive prefix's first lane,
// then the warp's last lane storing the total): each runs in a loop of
// its own, for its lane alone, leaving the shuffle's result copied
// lane by lane.
func twoGuards(t *gocuda.Thread, in, out, totals []int32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	lane := t.LaneID()
	v := in[i]
	x := gocuda.ShflUpSync(t, gocuda.FullMask, v, 1, 32)
	if lane == 0 {
		x = 0
	}
	if lane == 31 {
		totals[i/32] = v
	}
	t.SyncThreads()
	out[i] = x
}

// loopBranch is a loop of warp collectives under a divergent if, left by
// a break and a continue whose conditions are the same for the block:
// warp-level control, every lane of the if taking them together (the
// compiler fuzzer's kernels; refused before as block-level control under
// a per-thread condition).
func loopBranch(t *gocuda.Thread, in []int32, out []uint32, skip, stop int) {
	r := uint32(0)
	d := t.ThreadIdx.X%3 == 0
	m := t.BallotSync(gocuda.FullMask, d)
	if d {
		for k := range 4 {
			if k == stop {
				break
			}
			r ^= t.BallotSync(m, in[t.ThreadIdx.X] > int32(k))
			if k == skip {
				continue
			}
			r++
		}
	}
	out[t.ThreadIdx.X] = r
}

// outerUniform steps z, the block's and declared before the loop, in a
// loop of shuffles: the loop runs lane by lane, each thread stepping its
// own copy (refused before: each warp would have stepped the block's z).
func outerUniform(t *gocuda.Thread, out []float32) {
	z := uint32(t.BlockIdx.X) * 7
	v := float32(t.ThreadIdx.X)
	for c0 := 0; c0 < 3; c0++ {
		v += float32(z)
		z += 7
		v += gocuda.ShflDownSync(t, 0xffffffff, v, 1, 32)
	}
	out[t.ThreadIdx.X] = v
}
