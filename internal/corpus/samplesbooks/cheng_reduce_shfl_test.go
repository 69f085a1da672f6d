package samplesbooks

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestBookShuffleReductions runs reduceIntegerShfl.cu's shuffle
// reductions in blocks of DIM (128) threads, as the book does, over 8
// blocks' worth of ints (where the book takes 2^24), and requires each
// block's partial sum to be the sum of the ints it covers.
func TestBookShuffleReductions(t *testing.T) {
	const blocks = 8
	kernels := []struct {
		name   string
		unroll int
		kernel func(gIdata, gOdata []int32, n uint32) func(*gocuda.Thread)
	}{
		{"reduceShfl", 1, ReduceShflKernel},
		{"reduceSmemShfl", 1, ReduceSmemShflKernel},
		{"reduceSmemUnrollShfl", 4, ReduceSmemUnrollShflKernel},
	}
	for _, k := range kernels {
		t.Run(k.name, func(t *testing.T) {
			n := blocks * shflDim * k.unroll
			in := bookInts(n, k.unroll, 5)
			want := blockSums(in, shflDim*k.unroll)
			got := agree(t, func(f form) ([]int32, error) {
				out := make([]int32, blocks)
				err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: shflDim}},
					k.kernel(in, out, uint32(n)))
				return out, err
			})
			require.Equal(t, want, got)
		})
	}
}
