package stops

import "github.com/gocuda/gocuda/gocuda"

// doublingFromOne doubles its stride from 1, as Hillis and Steele's scan
// does.
//
// Unchanged: from a positive constant, doubling reaches the bound.
func doublingFromOne(t *gocuda.Thread, data []int32) {
	for s := 1; s < t.BlockDim.X; s *= 2 {
		if t.ThreadIdx.X >= s {
			data[t.ThreadIdx.X]++
		}
		t.SyncThreads()
	}
}
