package rows

import "github.com/gocuda/gocuda/gocuda"

// boundCancels reads the neighbour offset below each thread that has
// one, as Hillis–Steele's scan does: its loop runs from tid = offset, so
// every row's reads start at x[0].
//
// rows checks x once a row, not peeled: the loop's lower bound, offset,
// cancels the offset the index subtracts.
func boundCancels(t *gocuda.Thread, x, y []float32, steps int) {
	tid := t.ThreadIdx.X
	for offset := 1; offset < steps; offset *= 2 {
		if tid >= offset {
			y[tid] = x[tid-offset]
		}
		t.SyncThreads()
	}
}
