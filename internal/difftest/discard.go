package difftest

import "github.com/gocuda/gocuda/gocuda"

// DiscardKernel writes in[i]*2 to out[i] for thread i of the grid, and,
// for the threads in the slices, discards a division of the block's
// values (_ = d / k): a value the vector steps evaluate once, under the
// mask of the threads in range, that nothing reads. It fails with an
// integer divide by zero where k is zero, as the scalar form does.
//
//gocuda:kernel DiscardKernel
func discard(t *gocuda.Thread, in, out []float32, d, k int32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(in) && i < len(out) {
		_ = d / k
		out[i] = in[i] * 2
	}
}

// DiscardVectorKernel writes in[i]*2 to out[i] for thread i of the grid,
// discarding an expression of its element and a block's value
// (_ = w & p): the vector steps drop it, a vector being unable to fail,
// and the broadcast of p they hoisted must still build (the compiler
// fuzzer's seed 7901161).
//
//gocuda:kernel DiscardVectorKernel
func discardVector(t *gocuda.Thread, in, out []int32, p int32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(in) && i < len(out) {
		w := in[i]
		_ = w & p
		out[i] = w * 2
	}
}
