package difftest

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// warpTailHost is WarpTailSumKernel's sum of one block of whole warps:
// each warp's shuffle tree, then the tree over the warps' sums.
func warpTailHost(in []float32) float32 {
	tree := func(v [32]float32) float32 {
		for off := 16; off > 0; off /= 2 {
			for j := range 32 - off {
				v[j] += v[j+off]
			}
		}
		return v[0]
	}
	var sums [32]float32
	for w := 0; w*32 < len(in); w++ {
		var v [32]float32
		copy(v[:], in[w*32:])
		sums[w] = tree(v)
	}
	return tree(sums)
}

// TestWarpTailSum: the block sums agree bit for bit on every form and
// with the host's tree, for blocks of one to eight whole warps.
func TestWarpTailSum(t *testing.T) {
	for _, bs := range []int{32, 64, 96, 256} {
		const blocks = 3
		in := randF(blocks * bs)
		got := agreeSIMD(t, func(f form) ([]uint32, error) {
			out := make([]float32, blocks)
			err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: bs}}, WarpTailSumKernel(in, out))
			return bitsOf(out), err
		})
		for b := range blocks {
			require.Equal(t, bitsOf([]float32{warpTailHost(in[b*bs : (b+1)*bs])})[0], got[b], "block of %d, block %d", bs, b)
		}
	}
}

// TestWarpTailSumFailure: where out holds one sum fewer than the grid
// has blocks, the last block fails at its thread 0 on every form.
func TestWarpTailSumFailure(t *testing.T) {
	in := randF(4 * 64)
	errs := failuresAgree(t, gocuda.Config{Grid: gocuda.Dim3{X: 4}, Block: gocuda.Dim3{X: 64}}, func() func(*gocuda.Thread) {
		return WarpTailSumKernel(in, make([]float32, 3))
	})
	for _, e := range errs {
		assert.Equal(t, gocuda.Dim3{X: 3}, e.Block)
		assert.Equal(t, gocuda.Dim3{X: 0}, e.Thread)
	}
}
