package rows

import "github.com/gocuda/gocuda/gocuda"

// shifted copies a slice to itself one element on: its rows are peeled
// (the last thread's buf[i+1] may be past the end), and stay loops.
//
// rows checks buf once a row, peeled (the last thread's buf[i+1] may be
// past the end), but does not copy the rows at once: they stay loops.
func shifted(t *gocuda.Thread, buf []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	buf[i+1] = buf[i]
	t.SyncThreads()
}
