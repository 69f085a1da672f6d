// Package basic has plain reads and writes of slice elements, compound
// assignments, branch conditions and loops.
package basic // a comment after the package clause

import "github.com/gocuda/gocuda/gocuda"

// saxpy is y = a*x + y.
func saxpy(t *gocuda.Thread, a float32, x, y []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(y) {
		y[i] = a*x[i] + y[i]
	}
}

// count has compound assignments, ++ and --, else if and both loop forms.
func count(t *gocuda.Thread, hist, data []int, n int) {
	for i := t.ThreadIdx.X; i < n; i += t.BlockDim.X {
		hist[data[i]]++
	}
	for _, v := range data {
		if v > 0 {
			hist[0] += v
		} else if v < 0 {
			hist[1] -= v
		} else {
			hist[2]--
		}
	}
	for {
		break
	}
	for range n {
	}
	hist[0], hist[1] = hist[1], hist[0]
	total := hist[0] + len(data)
	_ = total
}

type flag bool

// named has a condition of a named boolean type.
func named(t *gocuda.Thread, ok []flag) {
	if ok[t.ThreadIdx.X] {
		ok[0] = false
	}
}

// host has no thread: nothing in it is instrumented.
func host(x []float32) float32 {
	if len(x) > 0 {
		return x[0]
	}
	return 0
}
