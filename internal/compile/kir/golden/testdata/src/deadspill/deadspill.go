// Package deadspill holds warp-level kernels whose variable lives across
// a barrier and is assigned in two lane loops with collectives between:
// the first loop's store to scratch is dead where the second assigns it
// before reading it, and nothing between names it or lets a lane leave.
package deadspill

import "github.com/gocuda/gocuda/gocuda"

// shuffleSum is a warp-shuffle sum kept across a barrier: v's first
// assignment is not stored (sumOf assigns it again), its second is.
func shuffleSum(t *gocuda.Thread, in, out []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	v := in[i]
	w := v
	for o := 16; o > 0; o /= 2 {
		w += gocuda.ShflDownSync(t, gocuda.FullMask, w, o, 32)
	}
	v = w
	t.SyncThreads()
	out[i] = v
}

// readFirst reads v before assigning it again: both stores are kept.
func readFirst(t *gocuda.Thread, in, out []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	v := in[i]
	w := gocuda.ShflDownSync(t, gocuda.FullMask, v, 1, 32)
	v = v + w
	t.SyncThreads()
	out[i] = v
}

// laneLeaves assigns v again only in the lanes of a divergent if: the
// first store is kept.
func laneLeaves(t *gocuda.Thread, in, out []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	v := in[i]
	w := gocuda.ShflDownSync(t, gocuda.FullMask, in[i], 1, 32)
	if t.LaneID()%2 == 0 {
		v = w + gocuda.ShflXorSync(t, 0x55555555, w, 2, 32)
	}
	t.SyncThreads()
	out[i] = v
}
