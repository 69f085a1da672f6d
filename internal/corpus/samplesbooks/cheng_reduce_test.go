package samplesbooks

import (
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// bookInts returns n ints as the book's programs draw them, rand() & 0xFF.
func bookInts(n int, seed ...int) []int32 {
	r := rng(append([]int{n}, seed...)...)
	in := make([]int32, n)
	for i := range in {
		in[i] = int32(r.IntN(256))
	}
	return in
}

// blockSums returns the sums of the consecutive chunks of in of the given
// size: the partial sum each block of a reduction writes.
func blockSums(in []int32, chunk int) []int32 {
	var out []int32
	for c := range slices.Chunk(in, chunk) {
		s := int32(0)
		for _, v := range c {
			s += v
		}
		out = append(out, s)
	}
	return out
}

// TestBookReductions runs the chapter-3 reductions of reduceInteger.cu (4
// blocks of 128, 512 (the book's default) and 1024 threads, where the
// book takes 2^24 ints) and requires each block's partial sum to be the
// sum of the ints its block covers, blockDim.x times the kernel's
// unrolling factor.
func TestBookReductions(t *testing.T) {
	const blocks = 4
	kernels := []struct {
		name   string
		unroll int
		kernel func(gIdata, gOdata []int32, n uint32) func(*gocuda.Thread)
	}{
		{"reduceNeighbored", 1, ReduceNeighboredKernel},
		{"reduceNeighboredLess", 1, ReduceNeighboredLessKernel},
		{"reduceInterleaved", 1, ReduceInterleavedKernel},
		{"reduceUnrolling2", 2, ReduceUnrolling2Kernel},
		{"reduceUnrolling4", 4, ReduceUnrolling4Kernel},
		{"reduceUnrolling8", 8, ReduceUnrolling8Kernel},
	}
	for _, k := range kernels {
		for _, block := range []int{128, 512, 1024} {
			t.Run(fmt.Sprintf("%s/%d", k.name, block), func(t *testing.T) {
				n := blocks * block * k.unroll
				in := bookInts(n, k.unroll)
				want := blockSums(in, block*k.unroll)
				got := agree(t, func(f form) ([]int32, error) {
					data, out := slices.Clone(in), make([]int32, blocks)
					err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: block}},
						k.kernel(data, out, uint32(n)))
					return out, err
				})
				require.Equal(t, want, got)
			})
		}
	}
}
