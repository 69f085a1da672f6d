// Package portable holds thread loops the vector pass picks, some of
// which the default build runs eight threads a step in portable vectors
// (package compiled/lanes): those whose threads carry one sum through a
// loop of their own.
package portable

import "github.com/gocuda/gocuda/gocuda"

// windowSum is the naive box blur's row: each thread sums a window of
// 2r+1 elements around it, a chain of additions the portable step runs
// for eight threads at once.
func windowSum(t *gocuda.Thread, out, in []float32, r int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < r || i+r >= len(in) {
		return
	}
	var sum float32
	for d := -r; d <= r; d++ {
		sum += in[i+d]
	}
	out[i] = sum
}

// threeSums carries three sums through its loop: eight lanes of each
// would fill the CPU's vector registers, so it stays scalar in the
// default build (n-body's force loop carries six).
func threeSums(t *gocuda.Thread, x, y, z, out []float32, n int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= len(out) {
		return
	}
	var sx, sy, sz float32
	for j := 0; j < n; j++ {
		sx += x[i] * float32(j)
		sy += y[i] * float32(j)
		sz += z[i] * float32(j)
	}
	out[i] = sx + sy + sz
}

// escape runs mandelbrot's escape loop, which its lanes leave at
// different trips: a step would merge and compare each trip, which Go
// does not inline, so it stays scalar in the default build.
func escape(t *gocuda.Thread, c []float32, out []int32, limit int32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= len(c) {
		return
	}
	z, k := float32(0), int32(0)
	for k < limit && z < 4 {
		z = z*z + c[i]
		k++
	}
	out[i] = k
}

// straight has no loop: Go's scalar code is as fast as a step.
func straight(t *gocuda.Thread, out, in []float32, a float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(out) {
		out[i] = a*in[i] + out[i]
	}
}

// storeInLoop stores its running sum each trip: a load that would leave
// in cannot restart the step (its earlier trips stored), so it goes lane
// by lane, and the default build keeps the loop scalar.
func storeInLoop(t *gocuda.Thread, in, mid []float32, reach int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	var sum float32
	for d := 0; d <= reach; d++ {
		sum += in[i+d]
		mid[i] = sum
	}
}

// tileProduct is the tiled matmul's inner product: the unroll pass
// writes its sixteen trips as copies, still a chain of additions to one
// sum, which the portable step runs for eight threads at once.
func tileProduct(t *gocuda.Thread, c []float32, as, bs [][16]float32) {
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
	var sum float32
	for q := range 16 {
		sum += as[ty][q] * bs[q][tx]
	}
	c[ty*16+tx] = sum
}

// productFirst is tileProduct with the product written first: the
// portable step adds each product to its sum in one call (AddMulSlice),
// whose lanes Go schedules load, multiply, add, the sums kept in
// registers.
func productFirst(t *gocuda.Thread, c []float32, as, bs [][16]float32) {
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
	var sum float32
	for q := range 16 {
		sum = as[ty][q]*bs[q][tx] + sum
	}
	c[ty*16+tx] = sum
}

// weightAfter names the weight and writes it after the element: the same
// call, the weight read before the element (a variable: reading it first
// changes nothing).
func weightAfter(t *gocuda.Thread, c []float32, as, bs [][16]float32) {
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
	var sum float32
	for q := range 16 {
		w := as[ty][q]
		sum += bs[q][tx] * w
	}
	c[ty*16+tx] = sum
}

// twoStreams multiplies two elements of the thread's, each checked where
// it is loaded (a window's): its step adds the product of two loaded
// vectors, an Add of a Mul.
func twoStreams(t *gocuda.Thread, out, x, y []float32, r int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X + r
	if i+r >= len(x) || i+r >= len(y) {
		return
	}
	var sum float32
	for d := -r; d <= r; d++ {
		sum += x[i+d] * y[i+d]
	}
	out[i] = sum
}
