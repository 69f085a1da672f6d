package difftest

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// jamSumsHost is JamSumsKernel on the host, for a grid of blocks of
// block threads (whole warps) and no bad thread.
func jamSumsHost(in []float32, bounds []int, mode, blocks, block int) []float64 {
	threads := blocks * block
	run := make([]float64, threads)
	for i := range run {
		run[i] = jamSum(in, bounds[i], bounds[i+1]-bounds[i])
	}
	sums := make([]float64, threads)
	switch mode {
	case 0:
		copy(sums, run)
	case 1:
		for b := range blocks {
			for k := range block {
				sums[b*block+block-1-k] = run[b*block+k]
			}
		}
	default:
		for w := 0; w < threads; w += 32 {
			v := append([]float64(nil), run[w:w+32]...)
			for off := 16; off > 0; off /= 2 {
				next := append([]float64(nil), v...)
				for k := range 32 {
					if k+off < 32 {
						next[k] = v[k] + v[k+off]
					} else {
						next[k] = v[k] + v[k]
					}
				}
				v = next
			}
			sums[w] = v[0]
		}
	}
	return sums
}

// TestJamSums: runs of uneven lengths summed by a jammed helper whose
// result goes to an element, to a variable kept past a barrier, and to
// a warp's lane array agree on every form with the host.
func TestJamSums(t *testing.T) {
	const blocks, block = 3, 64
	bounds := jamBounds(blocks * block)
	in := randF(bounds[blocks*block])
	for mode := range 3 {
		got := agreeSIMD(t, func(f form) ([]uint64, error) {
			sums := make([]float64, blocks*block)
			err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: block}}, JamSumsKernel(in, sums, bounds, mode, -1))
			return bits64(sums), err
		})
		require.Equal(t, bits64(jamSumsHost(in, bounds, mode, blocks, block)), got, "mode %d", mode)
	}
}

// TestJamSumsFailure: a thread whose run leaves in, or (mode 0) whose
// sum's slot lies past sums, fails on every form, while the threads
// before it in its jam wait for their loops.
func TestJamSumsFailure(t *testing.T) {
	const blocks, block = 2, 64
	bounds := jamBounds(blocks * block)
	in := randF(bounds[blocks*block])
	for mode := range 3 {
		for _, bad := range []int{2, 69} {
			errs := failuresAgree(t, gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: block}}, func() func(*gocuda.Thread) {
				return JamSumsKernel(in, make([]float64, blocks*block), bounds, mode, bad)
			})
			for _, e := range errs {
				assert.Equal(t, gocuda.Dim3{X: bad / block}, e.Block, "mode %d", mode)
				assert.Equal(t, gocuda.Dim3{X: bad % block}, e.Thread, "mode %d", mode)
			}
		}
	}
}
