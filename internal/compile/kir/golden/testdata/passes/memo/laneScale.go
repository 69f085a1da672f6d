package memo

import "github.com/gocuda/gocuda/gocuda"

// laneScale divides each lane's own value by the warp's sum: the
// division reads the lane's value, so each lane computes its own.
//
// Unchanged: the division reads the lane's own value, so each lane
// computes its own.
func laneScale(t *gocuda.Thread, out, in []int32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	v := in[i]
	sum := gocuda.ReduceAddSync(t, 0xffffffff, v)
	out[i] = v / sum
}
