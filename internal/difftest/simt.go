package difftest

import "github.com/gocuda/gocuda/gocuda"

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
