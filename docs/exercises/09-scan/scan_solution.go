//go:build solutions

// Package scan is exercise 9: the inclusive prefix sum of a block with the
// Hillis–Steele algorithm. This is the reference solution (build tag
// solutions).
package scan

import "github.com/gocuda/gocuda/gocuda"

// ScanKernel is the kernel of BlockScan: block b writes the inclusive
// prefix sums of its segment in[b*B : b*B+B], B = t.BlockDim.X (shorter for
// the last block), to the same places in out.
//
//gocuda:kernel kernel
func ScanKernel(t *gocuda.Thread, in, out []int32) {
	b, tid := t.BlockDim.X, t.ThreadIdx.X
	buf := gocuda.Shared[int32](t, 2*b) // two buffers of b elements, double buffering
	i := t.BlockIdx.X*b + tid
	var v int32
	if i < len(in) {
		v = in[i]
	}
	cur := 0 // buf[cur*b:] holds the last step's values
	buf[tid] = v
	t.SyncThreads()
	for d := 1; d < b; d *= 2 {
		next := 1 - cur
		x := buf[cur*b+tid]
		if tid >= d {
			x += buf[cur*b+tid-d]
		}
		buf[next*b+tid] = x
		t.SyncThreads()
		cur = next
	}
	if i < len(in) {
		out[i] = buf[cur*b+tid]
	}
}
