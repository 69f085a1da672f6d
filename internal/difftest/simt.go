package difftest

import (
	"math/bits"

	"github.com/gocuda/gocuda/gocuda"
)

// SIMTLoopKernel runs loops whose trip counts differ between the lanes of
// a warp around warp collectives, as on a GPU: a grid-stride loop over
// fewer elements than threads whose body ballots among the lanes still in
// the loop, and a per-lane count loop with a shuffle among the lanes
// still iterating (each collective's mask names exactly those lanes, as
// CUDA requires). out has three elements per thread.
//
//gocuda:kernel SIMTLoopKernel
func simtLoop(t *gocuda.Thread, in []int32, out []int32) {
	id := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	lane := t.LaneID()
	var votes, trips int32
	for i := id; i < len(in); i += t.GridDim.X * t.BlockDim.X {
		here := min(32, len(in)-(i-lane)) // lanes of this warp still in the loop
		b := t.BallotSync(uint32(uint64(1)<<here-1), in[i] > 0)
		votes += int32(b&0xffff) + int32(b>>16)
		trips++
	}
	var got int32
	for k := 0; k < lane%5; k++ {
		var mask uint32
		for j := range 32 {
			if j%5 > k {
				mask |= 1 << j
			}
		}
		got += gocuda.ShflSync(t, mask, int32(lane*10+k), 29, 32)
	}
	out[3*id], out[3*id+1], out[3*id+2] = votes, trips, got
}

// simtIn reports whether lane j is still in SIMTBranchKernel's loop at
// trip k, and not continuing it: no break at an earlier trip, none and no
// continue at this one.
func simtIn(j, k int) bool {
	for i := 0; i <= k; i++ {
		if (j+i)%5 == 0 {
			return false
		}
	}
	return j%3 != k%3
}

// SIMTBranchKernel leaves a loop holding a shuffle by break and continue
// under conditions that differ between lanes: each shuffle's mask names
// exactly the lanes still iterating, as CUDA requires. out has one element
// per thread.
//
//gocuda:kernel SIMTBranchKernel
func simtBranch(t *gocuda.Thread, out []int32) {
	lane := t.LaneID()
	var v int32
	for k := 0; k < 8; k++ {
		if (lane+k)%5 == 0 {
			break
		}
		if lane%3 == k%3 {
			continue
		}
		var mask uint32
		for j := range 32 {
			if simtIn(j, k) {
				mask |= 1 << j
			}
		}
		src := 31 - bits.LeadingZeros32(mask) // the highest lane still here
		v += gocuda.ShflSync(t, mask, int32(lane*100+k), src, 32)
	}
	out[t.BlockIdx.X*t.BlockDim.X+t.ThreadIdx.X] = v
}
