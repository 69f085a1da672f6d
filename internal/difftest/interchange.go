package difftest

import (
	"math"

	"github.com/gocuda/gocuda/gocuda"
)

// The kernels of this file have a thread's loop that interchange (in the lockstep pass)
// runs trip by trip for the whole block: the threads' trips interleave as
// CUDA allows threads between barriers to, and the results must not show
// it. Where the vector pass runs the loop as written eight threads a step
// in both builds (InterchangeMatMulKernel, InterchangeColumnsKernel,
// InterchangeNearestKernel: sums in float32), the pass leaves it so and
// the steps interleave the threads instead; the kernels that sum in
// float64 what they read in float32, a step the vector pass does not
// take, keep the interchanged loops.

// InterchangeMatMulKernel is the textbook matrix multiply, c = a×b for an
// m×k a and a k×n b, one thread per element of c, reading b down a
// column; threads outside c return first.
//
//gocuda:kernel InterchangeMatMulKernel
func interchangeMatMul(t *gocuda.Thread, a, b, c []float32, m, k, n int) {
	row := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	col := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if row >= m || col >= n {
		return
	}
	var sum float32
	for p := 0; p < k; p++ {
		sum += a[row*k+p] * b[p*n+col]
	}
	c[row*n+col] = sum
}

// InterchangeColumnsKernel sums each column of a k×n b, then, after a
// barrier, stores the sum and the thread that computed it: the threads
// that returned before the loop stay returned across it.
//
//gocuda:kernel InterchangeColumnsKernel
func interchangeColumns(t *gocuda.Thread, b []float32, out []float32, who []int32, k, n int) {
	col := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if col >= n {
		return
	}
	s := float32(col)
	for p := 0; p < k; p += 2 {
		if p+1 < k {
			s += b[(p+1)*n+col] * 2
		}
		s += b[p*n+col]
	}
	t.SyncThreads()
	out[col] = s
	who[col] = int32(t.ThreadIdx.X)
}

// InterchangeNearestKernel is Rodinia's kmeansPoint: thread i, under the
// guard i < npoints, finds the centre nearest its point, whose nf
// features lie npoints apart (feature-major), the first of equal
// distances winning, and stores its number; threads past the points
// store nothing. The guard is taken apart around the loop over centres
// and the loop over features inside it, both run trip by trip for the
// block.
//
//gocuda:kernel InterchangeNearestKernel
func interchangeNearest(t *gocuda.Thread, features, clusters []float32, membership []int32, nf, npoints, nclusters int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	index := int32(-1)
	if i < npoints {
		minDist := float32(math.MaxFloat32)
		for c := 0; c < nclusters; c++ {
			base := c * nf
			var ans float32
			for j := 0; j < nf; j++ {
				diff := features[i+j*npoints] - clusters[base+j]
				ans += diff * diff
			}
			if ans < minDist {
				minDist = ans
				index = int32(c)
			}
		}
		membership[i] = index
	}
}

// InterchangeColumnsDoubleKernel is InterchangeColumnsKernel with the
// sum kept in float64 and stored rounded to float32.
//
//gocuda:kernel InterchangeColumnsDoubleKernel
func interchangeColumnsDouble(t *gocuda.Thread, b []float32, out []float32, who []int32, k, n int) {
	col := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if col >= n {
		return
	}
	s := float64(col)
	for p := 0; p < k; p += 2 {
		if p+1 < k {
			s += float64(b[(p+1)*n+col] * 2)
		}
		s += float64(b[p*n+col])
	}
	t.SyncThreads()
	out[col] = float32(s)
	who[col] = int32(t.ThreadIdx.X)
}

// InterchangeNearestDoubleKernel is InterchangeNearestKernel with the
// distances summed and compared in float64.
//
//gocuda:kernel InterchangeNearestDoubleKernel
func interchangeNearestDouble(t *gocuda.Thread, features, clusters []float32, membership []int32, nf, npoints, nclusters int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	index := int32(-1)
	if i < npoints {
		minDist := math.MaxFloat64
		for c := 0; c < nclusters; c++ {
			base := c * nf
			var ans float64
			for j := 0; j < nf; j++ {
				diff := float64(features[i+j*npoints] - clusters[base+j])
				ans += diff * diff
			}
			if ans < minDist {
				minDist = ans
				index = int32(c)
			}
		}
		membership[i] = index
	}
}

// InterchangeShadowKernel sums column col of a k×n b, starting from
// b[col]·s, under the guard col < n, into a local s that shadows the
// parameter s, in float64; after the guard, it adds the parameter s. The local is
// declared ahead of the guard when the guard is taken apart, under a
// name of its own.
//
//gocuda:kernel InterchangeShadowKernel
func interchangeShadow(t *gocuda.Thread, b, out []float32, k, n int, s float32) {
	col := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if col < n {
		s := float64(b[col] * s)
		for p := 1; p < k; p++ {
			s += float64(b[p*n+col])
		}
		out[col] = float32(s)
	}
	if col < n {
		out[col] += s
	}
}

// InterchangeHelperKernel gives thread i < n the squared distance between
// columns i and x of a k×n b, summed in float64 row by row in a helper as Rodinia's
// streamcluster does (interchangeDist, inlined and run row by row for the
// block), weighed by w[i], plus the sum of every other row of column i
// and the next element, from a helper that advances its parameter
// (interchangeSkip: the parameter is copied, not read as the argument).
// interchangeDist is given the thread's index as an expression, which its
// copy reads in place of the parameter.
//
//gocuda:kernel InterchangeHelperKernel
func interchangeHelper(t *gocuda.Thread, b, w, out []float32, k, n, x int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < n {
		d := interchangeDist(t.BlockIdx.X*t.BlockDim.X+t.ThreadIdx.X, x, n, k, b) * w[i]
		s := interchangeSkip(b, i, n, k)
		out[i] = d + s
	}
}

func interchangeDist(p1, p2, n, k int, b []float32) float32 {
	var r float64
	for j := 0; j < k; j++ {
		diff := b[j*n+p1] - b[j*n+p2]
		r += float64(diff * diff)
	}
	return float32(r)
}

func interchangeSkip(b []float32, c, n, k int) float32 {
	var r float32
	for j := 0; j < k; j += 2 {
		r += b[c+j*n]
	}
	c++
	if c < len(b) {
		r += b[c]
	}
	return r
}

// GuardTailKernel returns the threads a parameter picks (every thread, or
// those below a bound) before a loop the compiler interchanges, then
// updates a uniform value, optionally runs a grid-stride loop over g, and
// stores: the code after the update, and the grid-stride loop, must skip
// the returned threads too (two finds of the compiler fuzzer).
//
//gocuda:kernel GuardTailKernel
func guardTail(t *gocuda.Thread, in, out, g []int32, below, p int, stride bool) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < below {
		return
	}
	a := int32(i)
	for k := 0; k < p; k++ {
		if ix := k*t.BlockDim.X + t.ThreadIdx.X; ix < len(in) {
			a += in[ix]
		}
	}
	w := int32(p)
	w ^= 5
	if stride {
		for j := i; j < len(g); j += t.BlockDim.X * t.GridDim.X {
			g[j] += w
		}
	}
	out[i] = a + w
}

// GuardStrideKernel returns the threads a parameter picks before a
// grid-stride loop over g and then a loop the compiler interchanges: the
// grid-stride loop, a thread loop of its own, must skip the returned
// threads too (the compiler fuzzer's seed 300639).
//
//gocuda:kernel GuardStrideKernel
func guardStride(t *gocuda.Thread, in, out, g []int32, below, p int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < below {
		return
	}
	for j := i; j < len(g); j += t.BlockDim.X * t.GridDim.X {
		g[j] += 3
	}
	a := int32(i)
	for k := 0; k < p; k++ {
		if ix := k*t.BlockDim.X + t.ThreadIdx.X; ix < len(in) {
			a += in[ix]
		}
	}
	out[i] = a
}
