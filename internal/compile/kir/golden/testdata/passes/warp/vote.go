// Package warp holds the inputs of the warp pass's golden tests
// (passes_test.go): each kernel's doc comment says what the pass does
// to it, or why it leaves it unchanged.
package warp

import "github.com/gocuda/gocuda/gocuda"

// vote counts, per warp, the lanes with a positive input, in the lanes
// below 16 only.
//
// warp writes the warp loop's code as lane loops around the ballot, its
// operand evaluated in a lane loop of its own, and the if on the lane's
// id as a masked lanes if.
func vote(t *gocuda.Thread, in []int32, out []uint32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if t.LaneID() < 16 {
		b := t.BallotSync(0xffff, in[i] > 0)
		out[i] = b
	}
}
