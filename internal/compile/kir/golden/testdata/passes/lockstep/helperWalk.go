// Package lockstep holds the inputs of the lockstep pass's golden tests
// (passes_test.go): each kernel's doc comment says what the pass does
// to it, or why it leaves it unchanged.
package lockstep

import "github.com/gocuda/gocuda/gocuda"

// helperWalk walks a point's coordinates, a row of threads apart, in a
// helper, as Rodinia's streamcluster does: the helper is inlined and its
// loop interchanged.
//
// lockstep takes the loop of the inlined dist out of the thread: the
// loop runs for the block, its counter i uniform, and each trip runs
// the guarded body for every thread.
func helperWalk(t *gocuda.Thread, coord, cost []float32, num, dim, x int) {
	tid := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if tid < num {
		d := dist(tid, x, num, dim, coord) * 2
		cost[tid] = d
	}
}

func dist(p1, p2, num, dim int, coord []float32) float32 {
	var r float64
	for i := 0; i < dim; i++ {
		tmp := coord[i*num+p1] - coord[i*num+p2]
		r += float64(tmp * tmp)
	}
	return float32(r)
}
