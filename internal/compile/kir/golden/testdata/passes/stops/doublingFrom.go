package stops

import "github.com/gocuda/gocuda/gocuda"

// doublingFrom doubles its stride from a start it reads at run time.
//
// stops checks the loop for a stopped launch: from 0, doubling never
// moves the stride, and the loop never ends.
func doublingFrom(t *gocuda.Thread, data []int32, start int) {
	for s := start; s < t.BlockDim.X; s *= 2 {
		if t.ThreadIdx.X >= s {
			data[t.ThreadIdx.X]++
		}
		t.SyncThreads()
	}
}
