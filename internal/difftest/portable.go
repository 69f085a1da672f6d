package difftest

import "github.com/gocuda/gocuda/gocuda"

// The kernels of this file carry a sum through a loop of each thread's
// own, the shape the default build runs eight threads a step in portable
// vectors (package compiled/lanes): the naive blur's window.

// PortableWindowKernel has each thread i with a whole window sum the
// 2r+1 elements of in around it, in order, into out[i].
//
//gocuda:kernel PortableWindowKernel
func portableWindow(t *gocuda.Thread, in, out []float32, r int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < r || i+r >= len(in) || i >= len(out) {
		return
	}
	var sum float32
	for d := -r; d <= r; d++ {
		sum += in[i+d]
	}
	out[i] = sum
}

// PortableReachKernel has each thread i sum in[i] to in[i+reach], with no
// guard: threads whose window passes the end of in fail.
//
//gocuda:kernel PortableReachKernel
func portableReach(t *gocuda.Thread, in, out []float32, reach int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	var sum float32
	for d := 0; d <= reach; d++ {
		sum += in[i+d]
	}
	out[i] = sum
}
