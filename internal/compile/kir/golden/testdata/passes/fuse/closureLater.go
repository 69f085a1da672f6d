package fuse

import "github.com/gocuda/gocuda/gocuda"

// closureLater calls, in a loop of its own, a closure made in an earlier
// loop that captures a uniform variable, which block code changes before
// more thread code: the loops around the change stay apart, since the
// call uses what the closure captures.
//
// Unchanged: the later loop calls a closure that reads k, which the
// block code between the loops changes: merged, the call would read the
// new k too early.
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
