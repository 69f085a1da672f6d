// Package rangesteps holds kernels whose threads range over a slice of
// their own: a small innermost body runs four elements a step, each copy
// declaring its key and value; a body that may leave an iteration early,
// or that holds a loop or a function literal, runs as written.
package rangesteps

import "github.com/gocuda/gocuda/gocuda"

// saxpyRuns is the coarsened SAXPY: stepped.
func saxpyRuns(t *gocuda.Thread, a float32, x, y []float32, run int) {
	lo := (t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X) * run
	if lo >= len(x) {
		return
	}
	hi := min(lo+run, len(x))
	xs, ys := x[lo:hi], y[lo:hi]
	ys = ys[:len(xs)]
	for i, v := range xs {
		ys[i] = a*v + ys[i]
	}
}

// sums adds a run by its values alone, changing the slice variable in
// the body (the range goes on over the slice it began with): stepped.
func sums(t *gocuda.Thread, x, out []float32, run int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	xs := x[i*run : (i+1)*run]
	var s float32
	for _, v := range xs {
		s += v
		xs = xs[:0]
	}
	out[i] = s
}

// scaleKeys ranges by key alone and assigns the key in the body (the
// next iteration takes the next element all the same): stepped.
func scaleKeys(t *gocuda.Thread, x []float32, run int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	xs := x[i*run : (i+1)*run]
	for k := range xs {
		xs[k] *= 2
		k += 2
		_ = k
	}
}

// untilNegative leaves its range at a negative element: as written.
func untilNegative(t *gocuda.Thread, x, out []float32, run int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	var s float32
	for _, v := range x[i*run : (i+1)*run] {
		if v < 0 {
			break
		}
		s += v
	}
	out[i] = s
}

// overArray ranges over an array: as written (a constant trip count of
// more than the unroll pass writes as copies).
func overArray(t *gocuda.Thread, out []float32) {
	var w [100]float32
	for k := range w {
		w[k] = float32(k)
	}
	var s float32
	for _, v := range w {
		s += v
	}
	out[t.BlockIdx.X*t.BlockDim.X+t.ThreadIdx.X] = s
}
