package corpus

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestHistogram64 runs histogram64() of the sample: the partial
// histograms, one block per 64·63 uint4s, then the merge.
func TestHistogram64(t *testing.T) {
	for _, words := range []int{4, 1000, 64 * 63 * 4, 64*63*4 + 40} {
		r := rng(words)
		in := make([]uint32, words)
		for i := range in {
			in[i] = r.Uint32()
		}
		var want [64]uint32
		for _, w := range in {
			for b := range 4 {
				want[(w>>(8*b+2))&0x3F]++
			}
		}
		data := toUint4(in)
		histogramCount := blocks(4*words, histogram64ThreadblockSize*252)
		got := agree(t, func(f form) ([]uint32, error) {
			partial := make([]uint32, histogramCount*histogram64BinCount)
			if err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: histogramCount}, Block: gocuda.Dim3{X: histogram64ThreadblockSize}}, Histogram64Kernel(partial, data, len(data))); err != nil {
				return nil, err
			}
			hist := make([]uint32, histogram64BinCount)
			return hist, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: histogram64BinCount}, Block: gocuda.Dim3{X: histogramMergeBlockSize}}, MergeHistogram64Kernel(hist, partial, histogramCount))
		})
		require.Equal(t, want[:], got, "%d words", words)
	}
}

// TestHistogram256 runs histogram256() of the sample with fewer partial
// histograms (the sample's 240 blocks, here 7).
func TestHistogram256(t *testing.T) {
	const partials = 7
	for _, words := range []int{0, 1, 1000, 5000} {
		r := rng(words)
		in := make([]uint32, words)
		for i := range in {
			in[i] = r.Uint32() & 0x0f3f7fff // uneven bins
		}
		var want [256]uint32
		for _, w := range in {
			for b := range 4 {
				want[(w>>(8*b))&0xFF]++
			}
		}
		got := agree(t, func(f form) ([]uint32, error) {
			partial := make([]uint32, partials*histogram256BinCount)
			if err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: partials}, Block: gocuda.Dim3{X: histogram256ThreadblockSize}}, Histogram256Kernel(partial, in, len(in))); err != nil {
				return nil, err
			}
			hist := make([]uint32, histogram256BinCount)
			return hist, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: histogram256BinCount}, Block: gocuda.Dim3{X: histogramMergeBlockSize}}, MergeHistogram256Kernel(hist, partial, partials))
		})
		require.Equal(t, want[:], got, "%d words", words)
	}
}
