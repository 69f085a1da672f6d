// Package interchange holds thread loops interchange (in the lockstep pass) runs trip
// by trip for the block, and loops it leaves alone: among those, loops
// the vector pass runs eight threads a step in both builds as written
// (naive, nearest), which read along a row of threads already. Several
// kernels sum in float64 what they read in float32, a step the vector
// pass does not take, so that the pass interchanges their loops.
package interchange

import "github.com/gocuda/gocuda/gocuda"

// naive is the textbook matrix multiply: b is read down a column by each
// thread, along a row by eight threads at a time, the vector pass's steps
// in both builds: the loop stays as written.
func naive(t *gocuda.Thread, a, b, c []float32, m, k, n int) {
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

// rowWalk gives each thread a row to walk, as Rodinia's gaussian does:
// the thread's own order streams it.
func rowWalk(t *gocuda.Thread, a, out []float32, n int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= len(out) {
		return
	}
	var s float32
	for p := 0; p < n; p++ {
		s += a[i*n+p]
	}
	out[i] = s
}

// breaks leaves its loop early.
func breaks(t *gocuda.Thread, b, out []float32, k, n int) {
	col := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	var s float32
	for p := 0; p < k; p++ {
		if b[p*n+col] < 0 {
			break
		}
		s += b[p*n+col]
	}
	out[col] = s
}

// perThreadTrips runs a trip count of its own per thread.
func perThreadTrips(t *gocuda.Thread, b, out []float32, trips []int, n int) {
	col := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	var s float32
	for p := 0; p < trips[col]; p++ {
		s += b[p*n+col]
	}
	out[col] = s
}

// columns sums columns after a barrier: the guard before the loop is not
// repeated where the loop is not the kernel's last block-level node.
func columns(t *gocuda.Thread, b, out []float32, k, n int) {
	col := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if col >= n {
		return
	}
	var s float64
	for p := 0; p < k; p++ {
		s += float64(b[p*n+col])
	}
	t.SyncThreads()
	out[col] = float32(s)
}

// nearest is Rodinia's kmeansPoint: under the guard of the thread's
// point, a loop over centres holding a loop over features that walks the
// point's column, npoints apart. Eight points a step, the vector pass's
// in both builds, walk along a row: the loops stay as written.
func nearest(t *gocuda.Thread, features, clusters []float32, membership []int32, nfeatures, npoints, nclusters int) {
	pointID := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	index := int32(-1)
	if pointID < npoints {
		minDist := float32(1e30)
		for i := 0; i < nclusters; i++ {
			base := i * nfeatures
			var ans float32
			for j := 0; j < nfeatures; j++ {
				diff := features[pointID+j*npoints] - clusters[base+j]
				ans += diff * diff
			}
			if ans < minDist {
				minDist = ans
				index = int32(i)
			}
		}
		membership[pointID] = index
	}
}

// nearestDouble is nearest with the distance summed in float64: the
// guard is taken apart around both loops, ans and minDist declared ahead
// of it, the centre's base kept where it is defined (remat).
func nearestDouble(t *gocuda.Thread, features, clusters []float32, membership []int32, nfeatures, npoints, nclusters int) {
	pointID := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	index := int32(-1)
	if pointID < npoints {
		minDist := 1e300
		for i := 0; i < nclusters; i++ {
			base := i * nfeatures
			var ans float64
			for j := 0; j < nfeatures; j++ {
				diff := float64(features[pointID+j*npoints] - clusters[base+j])
				ans += diff * diff
			}
			if ans < minDist {
				minDist = ans
				index = int32(i)
			}
		}
		membership[pointID] = index
	}
}

// guardedName declares, under its guard, a name a parameter of the
// kernel has, that the code after the guard reads: declared ahead of the
// guard, the local is written s_, and the code after reads the
// parameter.
func guardedName(t *gocuda.Thread, b, out []float32, k, n, s int) {
	col := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if col < n {
		s := float64(b[col]) * 0
		for p := 0; p < k; p++ {
			s += float64(b[p*n+col])
		}
		out[col] = float32(s)
	}
	if col < n {
		out[col] += float32(s)
	}
}

// at reads s[i]: a call that may fail.
func at(s []float32, i int) float32 { return s[i] }

// guardedCall defines, under its guard, a value read through a helper
// that may fail, and one that cannot: the first stays under the guard,
// declared ahead of it, the second is computed for every thread.
func guardedCall(t *gocuda.Thread, b, out []float32, k, n int) {
	col := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if col < n {
		v := float64(at(b, col))
		w := float64(col) * 2
		for p := 0; p < k; p++ {
			v += float64(b[p*n+col]) * w
		}
		out[col] = float32(v)
	}
}

// helperWalk walks a point's coordinates, a row of threads apart, in a
// helper, as Rodinia's streamcluster does: the helper is inlined and its
// loop interchanged.
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

// helperWalkExpr is helperWalk with the thread's index given to the
// helper as an expression, which the inlined copy reads in place of p1.
func helperWalkExpr(t *gocuda.Thread, coord, cost []float32, num, dim, x int) {
	if t.BlockIdx.X*t.BlockDim.X+t.ThreadIdx.X < num {
		cost[t.BlockIdx.X*t.BlockDim.X+t.ThreadIdx.X] = dist(t.BlockIdx.X*t.BlockDim.X+t.ThreadIdx.X, x, num, dim, coord)
	}
}

// guardUpdate returns every thread, or none, before a loop it interchanges
// and a uniform update of w after it: the code after the update, a thread
// loop of its own, must skip the returned threads too (a fuzzer's find).
func guardUpdate(t *gocuda.Thread, in, out []int32, w int32, p int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	stop := p^1 < 3
	if stop {
		return
	}
	a := int32(i)
	for k := 0; k < p; k++ {
		if ix := k*t.BlockDim.X + t.ThreadIdx.X; ix < len(in) {
			a += in[ix]
		}
	}
	w ^= int32(p)
	out[i] = a + w
}

// guardStride returns every thread, or none, before a loop it
// interchanges and a grid-stride loop, which must skip the returned
// threads too (a fuzzer's find).
func guardStride(t *gocuda.Thread, in, out, g []int32, p int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	stop := p^1 < 3
	if stop {
		return
	}
	a := int32(i)
	for k := 0; k < p; k++ {
		if ix := k*t.BlockDim.X + t.ThreadIdx.X; ix < len(in) {
			a += in[ix]
		}
	}
	for j := i; j < len(g); j += t.BlockDim.X * t.GridDim.X {
		g[j] ^= int32(p)
	}
	out[i] = a
}

// exitNestedWalk returns a thread, then runs a uniform loop whose body
// holds a column walk, interchanged in turn, and a store under a uniform
// switch: the thread loops inside it would not see guards repeated at
// its start, so the thread's return is recorded (the compiler fuzzer's
// seed 1932238).
func exitNestedWalk(t *gocuda.Thread, in []int32, out []int32, p, trips, sel int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	s := int32(0)
	if p == t.ThreadIdx.X {
		return
	}
	for k := t.BlockDim.Y % 4; k > 0; k-- {
		for j := 0; j < trips; j++ {
			if ix := j*t.BlockDim.X + t.ThreadIdx.X; ix < len(in) {
				s += in[ix] * int32(j+1)
			}
		}
		switch sel & 3 {
		case 0:
			out[i] = s + int32(k)
		}
	}
}

// guardBeforeStride returns threads before a grid-stride loop and a loop
// the pass interchanges: the guard is not repeated, since the grid-stride
// loop becomes a thread loop of its own that a copy would not reach; the
// body records the returned threads instead.
func guardBeforeStride(t *gocuda.Thread, in, out, g []int32, below, p int) {
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
