package difftest

import (
	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/cg"
	"github.com/gocuda/gocuda/gocuda"
)

// SumBlockKernel is sum_kernel_block of the CUDA C++ Programming Guide's
// cooperative-groups introduction: each thread sums its grid-stride share
// of input four elements at a time (thread_sum, which reads int4), the
// block reduces the partial sums with reduce_sum over
// this_thread_block(), and thread 0 adds the block's sum to *sum. Launch
// it with a one-dimensional block of a power-of-two size; len(input) a
// multiple of 4.
//
//gocuda:kernel SumBlockKernel
func sumBlock(t *gocuda.Thread, sum *int32, input []int32) {
	mySum := threadSum(t, input)
	g := cg.ThisThreadBlock(t)
	temp := gocuda.Shared[int32](t, g.Size()) // the Guide's extern __shared__, one per thread
	blockSum := reduceSum(g, temp, mySum)
	if g.ThreadRank() == 0 {
		atomic.Add(sum, blockSum)
	}
}

// threadSum is the Guide's thread_sum: a grid-stride loop over groups of
// four elements.
func threadSum(t *gocuda.Thread, input []int32) int32 {
	var sum int32
	n := len(input)
	for i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X; i < n/4; i += t.BlockDim.X * t.GridDim.X {
		in := input[4*i : 4*i+4]
		sum += in[0] + in[1] + in[2] + in[3]
	}
	return sum
}

// reduceSum is the Guide's reduce_sum over a thread block: halving steps
// through temp, each between two syncs of the group.
func reduceSum(g cg.ThreadBlock, temp []int32, val int32) int32 {
	lane := g.ThreadRank()
	for i := g.Size() / 2; i > 0; i /= 2 {
		temp[lane] = val
		g.Sync()
		if lane < i {
			val += temp[lane+i]
		}
		g.Sync()
	}
	return val
}
