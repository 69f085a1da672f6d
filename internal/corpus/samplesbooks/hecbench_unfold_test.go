package samplesbooks

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// unfoldRef is unfold_backward for unfold-cuda's layout: gradOut[i] gains,
// once a launch, the sum over the windows f (0 ≤ f < dimSize, window f
// covering positions f·step to f·step+size-1) that hold position idxDim
// of gradIn[i + f·dimStride + (idxDim-f·step)·lastStride].
func unfoldRef(gradIn []int32, idxDim, size, step, dimStride, lastStride, dimSize int64, repeat int) []int32 {
	out := make([]int32, dimSize)
	for range repeat {
		for i := range dimSize {
			for f := range dimSize {
				if f*step <= idxDim && idxDim < f*step+size {
					out[i] += gradIn[i+f*dimStride+(idxDim-f*step)*lastStride]
				}
			}
		}
	}
	return out
}

// TestUnfoldBackward runs unfold-cuda's kernel with its lambda <64, 4>
// over 1000 elements (a partial last block), twice, with the benchmark's
// parameters (size 2, step 1, unit strides, position 0: each launch adds
// gradIn[i] to gradOut[i]) and with position 3, which two windows hold.
func TestUnfoldBackward(t *testing.T) {
	const n, repeat = 1000, 2
	for _, idxDim := range []int64{0, 3} {
		t.Run(fmt.Sprint(idxDim), func(t *testing.T) {
			const size, step, dimStride, lastStride = 2, 1, 1, 1
			r := rng(n, int(idxDim))
			gradIn := make([]int32, n+8)
			for i := range gradIn {
				gradIn[i] = int32(r.IntN(256))
			}
			want := unfoldRef(gradIn, idxDim, size, step, dimStride, lastStride, n, repeat)
			got := agree(t, func(f form) ([]int32, error) {
				gradOut := make([]int32, n)
				loop := unfoldBackwardLoop(gradOut, gradIn, []int64{idxDim}, size, step, dimStride, lastStride, n, 1)
				for range repeat {
					const nThreads, nElems = 64, 4
					grid := gocuda.Dim3{X: (n + nThreads*nElems - 1) / (nThreads * nElems)}
					if err := f.launch(gocuda.Config{Grid: grid, Block: gocuda.Dim3{X: nThreads}},
						UnfoldBackwardElementwiseKernel(nThreads, nElems, n, loop)); err != nil {
						return nil, err
					}
				}
				return gradOut, nil
			})
			require.Equal(t, want, got)
		})
	}
}
