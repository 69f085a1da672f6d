package hecbenchrodinia

import (
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestHecbenchBincount histograms normally distributed floats (mean 5,
// deviation 2, as eval draws them) into 768 and 1536 bins with
// bincount<int, float, int> in both memory modes, launched as eval
// launches it (blocks of 256 covering the input), and compares with the
// host's count.
func TestHecbenchBincount(t *testing.T) {
	const n = 5000
	r := rng(n)
	input := make([]float32, n)
	for i := range input {
		input[i] = float32(5 + 2*r.NormFloat64())
	}
	lo, hi := slices.Min(input), slices.Max(input)
	for _, nbins := range []int{768, 1536} {
		want := make([]int32, nbins)
		for _, v := range input {
			b := int((v - lo) * float32(nbins) / (hi - lo))
			if b == nbins {
				b--
			}
			want[b]++
		}
		for _, mt := range []deviceMemoryType{memGlobal, memShared} {
			t.Run(fmt.Sprint(nbins, "/", mt), func(t *testing.T) {
				got := agree(t, func(f form) ([]int32, error) {
					out := make([]int32, nbins)
					cfg := gocuda.Config{Grid: gocuda.Blocks(n, 256), Block: gocuda.Dim3{X: 256}}
					if mt == memShared {
						cfg.SharedMem = nbins * 4
					}
					return out, f.launch(cfg, BincountKernel(out, input, nbins, lo, hi, n, nbins, mt))
				})
				require.Equal(t, want, got)
				require.Equal(t, int32(n), sum32(got))
			})
		}
	}
}

// sum32 is the sum of s.
func sum32(s []int32) int32 {
	var t int32
	for _, v := range s {
		t += v
	}
	return t
}
