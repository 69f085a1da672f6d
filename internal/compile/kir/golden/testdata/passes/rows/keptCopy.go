package rows

import "github.com/gocuda/gocuda/gocuda"

// keptCopy is Harris's first add written inline: two guarded loads a
// block apart, which the streams pass splits into the first stream's
// reads for every thread (ahead, kept per thread) and the rest.
//
// rows runs the reads ahead of each row whose check holds as one copy
// into the scratch that keeps v per thread.
func keptCopy(t *gocuda.Thread, in, partial []float32) {
	tid := t.ThreadIdx.X
	i := t.BlockIdx.X*(t.BlockDim.X*2) + tid
	sdata := gocuda.Shared[float32](t, t.BlockDim.X)
	var v float32
	if i < len(in) {
		v = in[i]
	}
	if i+t.BlockDim.X < len(in) {
		v += in[i+t.BlockDim.X]
	}
	sdata[tid] = v
	t.SyncThreads()
	if tid == 0 {
		partial[t.BlockIdx.X] = sdata[t.BlockDim.X-1]
	}
}
