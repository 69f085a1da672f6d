// Package barrier holds kernels with block barriers.
package barrier

import "github.com/gocuda/gocuda/gocuda"

// reverse reverses each block's elements through shared memory.
func reverse(t *gocuda.Thread, d []int32) {
	s := gocuda.Shared[int32](t, t.BlockDim.X)
	tid := t.ThreadIdx.X
	n := t.BlockDim.X
	base := t.BlockIdx.X * n
	s[tid] = d[base+tid]
	t.SyncThreads()
	d[base+tid] = s[n-tid-1]
}

// tree sums a block in shared memory; sum lives across barriers.
func tree(t *gocuda.Thread, in, out []float32) {
	s := gocuda.Shared[float32](t, t.BlockDim.X)
	tid := t.ThreadIdx.X
	var sum float32
	for i := tid; i < len(in); i += t.BlockDim.X {
		sum += in[i]
	}
	s[tid] = sum
	t.SyncThreads()
	for step := t.BlockDim.X / 2; step > 0; step >>= 1 {
		if tid < step {
			s[tid] += s[tid+step]
		}
		t.SyncThreads()
	}
	if tid == 0 {
		out[t.BlockIdx.X] = s[0]
	}
}

// count uses a predicate barrier's result in a uniform and a varying way.
func count(t *gocuda.Thread, in []int32, out []int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	c := t.SyncThreadsCount(i < len(in) && in[i] > 0)
	var mine bool
	mine = t.SyncThreadsOr(i == 3)
	if i < len(out) && mine {
		out[i] = c
	}
}

// stencil breaks out of its barrier loop under a uniform condition, as
// the classic iterated stencils do.
func stencil(t *gocuda.Thread, grid []float32, iters int, tol float32) {
	s := gocuda.Shared[float32](t, t.BlockDim.X+2)
	tid := t.ThreadIdx.X
	v := grid[t.BlockIdx.X*t.BlockDim.X+tid]
	for it := 0; it < iters; it++ {
		s[tid+1] = v
		t.SyncThreads()
		if it > 100 {
			break
		}
		v = (s[tid] + s[tid+1] + s[tid+2]) / 3
		t.SyncThreads()
	}
	grid[t.BlockIdx.X*t.BlockDim.X+tid] = v
}

// names uses the names the first generation took for its own.
func names(t *gocuda.Thread, out []int) {
	n := out[t.ThreadIdx.X]
	b := n * 2
	ix := b + 1
	t.SyncThreads()
	tid := n + b + ix
	t.SyncThreads()
	out[t.BlockIdx.X*t.BlockDim.X+t.ThreadIdx.X] = tid + n
}

// killed reassigns v after the barrier: v need not live across it.
func killed(t *gocuda.Thread, a, b []int) {
	i := t.ThreadIdx.X
	v := a[i]
	a[i] = v * 2
	t.SyncThreads()
	v = b[i]
	b[i] = v + 1
}

// inplace writes through a slice of a thread's array across barriers:
// the array is kept in place, in its scratch array.
func inplace(t *gocuda.Thread, in, out []int32) {
	var acc [2]int32
	part := acc[:]
	part[0] = in[t.ThreadIdx.X]
	t.SyncThreads()
	part[1] = part[0] * 2
	t.SyncThreads()
	out[t.ThreadIdx.X] = acc[0] + acc[1]
}
