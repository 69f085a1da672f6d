package difftest

import "github.com/gocuda/gocuda/gocuda"

// The kernels of this file read one element for every thread of a row
// (a uniform load) after some threads returned: a vector step must not
// load it where all its threads returned, and where it fails, the failure
// is the first thread that had not.

// RowPickKernel stores a[row] at out[col] for the one row whose a[row]
// exceeds limit: the rows past m return before they read a, which has
// only m elements, while out is in range for every thread.
//
//gocuda:kernel RowPickKernel
func rowPick(t *gocuda.Thread, a, out []float32, m int, limit float32) {
	row := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	col := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if row >= m || col >= len(out) {
		return
	}
	if s := a[row]; s > limit {
		out[col] = s
	}
}

// SkipFirstKernel returns the threads whose flag is set, and the others
// add a[k] to their element: with k past a's end, the first thread whose
// flag is clear fails.
//
//gocuda:kernel SkipFirstKernel
func skipFirst(t *gocuda.Thread, flags []int32, a, out []float32, k int) {
	i := t.ThreadIdx.X
	if i >= len(out) || flags[i] != 0 {
		return
	}
	out[i] += a[k]
}
