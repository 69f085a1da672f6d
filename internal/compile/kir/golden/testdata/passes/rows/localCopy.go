package rows

import "github.com/gocuda/gocuda/gocuda"

// localCopy loads its thread's element through a local, zero past the
// input's end, into a shared row.
//
// rows runs each row whose check holds as one copy: there the guard
// holds, the local holds the input's element, and the store is the
// row's only effect.
func localCopy(t *gocuda.Thread, in, partial []float32) {
	tid := t.ThreadIdx.X
	i := t.BlockIdx.X*t.BlockDim.X + tid
	sdata := gocuda.Shared[float32](t, t.BlockDim.X)
	var v float32
	if i < len(in) {
		v = in[i]
	}
	sdata[tid] = v
	t.SyncThreads()
	if tid == 0 {
		partial[t.BlockIdx.X] = sdata[t.BlockDim.X-1]
	}
}
