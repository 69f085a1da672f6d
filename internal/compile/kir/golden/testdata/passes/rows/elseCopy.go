package rows

import "github.com/gocuda/gocuda/gocuda"

// elseCopy loads its thread's element into a shared row, or a zero
// past the input's end, in an if with an else.
//
// rows runs each row whose check holds as one copy: there the guard
// holds, and the else, which stores the zero, never runs.
func elseCopy(t *gocuda.Thread, in, partial []float32) {
	tid := t.ThreadIdx.X
	i := t.BlockIdx.X*t.BlockDim.X + tid
	sdata := gocuda.Shared[float32](t, t.BlockDim.X)
	if i < len(in) {
		sdata[tid] = in[i]
	} else {
		sdata[tid] = 0
	}
	t.SyncThreads()
	if tid == 0 {
		partial[t.BlockIdx.X] = sdata[t.BlockDim.X-1]
	}
}
