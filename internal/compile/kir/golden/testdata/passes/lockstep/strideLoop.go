package lockstep

import "github.com/gocuda/gocuda/gocuda"

// strideLoop walks its own column of in, npoints apart, for a trip count
// of its own (which keeps the loop the thread's): the one rebased index,
// its store after the loop, does not pay for the row's check.
//
// Unchanged: the loop starts at 0 and steps by 1, for a count that
// differs per thread: not a grid-stride loop.
func strideLoop(t *gocuda.Thread, in, out []float32, npoints, nf int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < npoints {
		var s float32
		for j := 0; j < nf+i%3; j++ {
			s += in[i+j*npoints]
		}
		out[i] = s
	}
}
