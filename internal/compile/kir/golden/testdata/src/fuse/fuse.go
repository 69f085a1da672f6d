// Package fuse holds thread loops the fuse pass merges across block code,
// and loops it keeps apart.
package fuse

import "github.com/gocuda/gocuda/gocuda"

// counter updates a uniform counter between two loops that do not read
// it: the loops merge, the update moved before them.
func counter(t *gocuda.Thread, in, out []int32) {
	s := gocuda.Shared[int32](t, t.BlockDim.X)
	tx := t.ThreadIdx.X
	s[tx] = in[tx]
	t.SyncThreads()
	k := int32(1)
	s[tx] *= 2
	k += 3
	out[tx] = s[tx]
	t.SyncThreads()
	out[tx] += k
}

// rematGuard returns threads under a guard computed from w, which the
// code after it updates: the guard is computed again in its loop, so the
// loops stay apart and the update between them.
func rematGuard(t *gocuda.Thread, out []int32, p int32) {
	s := gocuda.Shared[int32](t, t.BlockDim.X)
	tx := t.ThreadIdx.X
	w := p + int32(t.BlockIdx.X)
	e := (w^2) != 3 && tx == 0
	s[tx] = int32(tx)
	t.SyncThreads()
	if e {
		return
	}
	w ^= p
	s[tx]++
	t.SyncThreads()
	out[tx] = s[tx] + w
}

// ifTail ends a uniform if with a loop over the threads, then stores for
// every thread: the store runs in both branches, merged with that loop
// in the first, alone in the other (the CUDA samples' block scan).
func ifTail(t *gocuda.Thread, in, out []int32) {
	tx := t.ThreadIdx.X
	v := in[tx]
	if t.BlockDim.X > 32 {
		s := gocuda.Shared[int32](t, 32)
		if tx < 32 {
			s[tx] = v
		}
		t.SyncThreads()
		v += s[tx&31]
	}
	out[tx] = v * 2
}

// ifTailNames declares in its uniform if a variable named as the
// function the store after the if calls: generated code names the
// variable double_, so the store, moved into the branch, still calls the
// function.
func ifTailNames(t *gocuda.Thread, in, out []int32) {
	tx := t.ThreadIdx.X
	v := in[tx]
	if t.BlockDim.X > 32 {
		double := gocuda.Shared[int32](t, t.BlockDim.X)
		double[tx] = v
		t.SyncThreads()
		v = double[(tx+1)%t.BlockDim.X]
	}
	out[tx] = double(v)
}

// double returns 2x.
func double(x int32) int32 { return 2 * x }

// closureLater calls, in a loop of its own, a closure made in an earlier
// loop that captures a uniform variable, which block code changes before
// more thread code: the loops around the change stay apart, since the
// call uses what the closure captures.
func closureLater(t *gocuda.Thread, in, out []int32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	b := int32(t.BlockIdx.X) + 1
	odd := in[i] & 1
	add := func(x int32) int32 { return x + b + odd }
	done := int32(0)
	x := in[i] + done
	done++
	x = add(x)
	b *= 100
	out[i] = x
	_, _ = done, b
}

// calledStatic calls a declared function, not a function value, where
// closureLater calls its closure: the update of the uniform counter moves
// before the loops, which merge.
func calledStatic(t *gocuda.Thread, in, out []int32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	b := int32(t.BlockIdx.X) + 1
	odd := in[i] & 1
	done := int32(0)
	x := in[i] + done + odd
	done++
	x = double(x)
	b *= 100
	out[i] = x
	_, _ = done, b
}

// closurePassed passes the closure to a function that calls it: the
// loops around the change stay apart, since the call may use what the
// closure captures.
func closurePassed(t *gocuda.Thread, in, out []int32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	b := int32(t.BlockIdx.X) + 1
	odd := in[i] & 1
	add := func(x int32) int32 { return x + b + odd }
	done := int32(0)
	x := in[i] + done
	done++
	x = applyTo(add, x)
	b *= 100
	out[i] = x
	_, _ = done, b
}

func applyTo(f func(int32) int32, x int32) int32 { return f(x) }
