package vector

import "github.com/gocuda/gocuda/gocuda"

// laneOf reads its thread: a step does not inline it.
//
// Unchanged: it reads its thread (LaneID), which a step does not
// inline.
func laneOf(t *gocuda.Thread, x []float32) float32 {
	return x[t.ThreadIdx.X]
}
