package hecbenchrodinia

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/intrinsic"
)

// TestHecbenchSoftmaxFused runs scaled_masked_softmax_warp_forward as
// scaled_masked_softmax_forward launches it, for rows of 6, 20, 100 and
// 300 elements (warps of 8 and 32 lanes, one and two rows per warp, one
// and four elements per load) and both mask styles, on fused_softmax's
// inputs (Half in [-1, 1), one outlier per row scaled by 20, each mask row
// masking a random prefix), and compares with reference.h in float64.
func TestHecbenchSoftmaxFused(t *testing.T) {
	for _, keyLen := range []int{6, 20, 100, 300} {
		for _, padBatches := range []int{0, 1} {
			t.Run(fmt.Sprint(keyLen, "/", padBatches), func(t *testing.T) {
				log2Elements := 0
				for 1<<log2Elements < keyLen {
					log2Elements++
				}
				nextPow2 := 1 << log2Elements
				warpSize := min(nextPow2, c10WarpSize)
				batchesPerWarp := 1
				if nextPow2 <= 128 {
					batchesPerWarp = 2
				}
				warpsPerBlock := 128 / warpSize
				batchesPerBlock := warpsPerBlock * batchesPerWarp
				const batches, heads = 2, 2
				queryLen := batchesPerBlock
				rows := batches * heads * queryLen
				n := rows * keyLen
				const pad = 3 * 31
				r := rng(keyLen, padBatches)
				mask := make([]uint8, n+pad)
				for i := range rows {
					for j := range r.IntN(keyLen/2 + 1) {
						mask[i*keyLen+j] = 1
					}
				}
				mask[0], mask[1], mask[2] = 1, 1, 1 // row 0 wholly masked for 6
				if keyLen == 6 {
					for j := range keyLen {
						mask[j] = 1
					}
				}
				input := make([]intrinsic.Half, n+pad)
				for i := range n {
					input[i] = intrinsic.Float2HalfRN(2*r.Float32() - 1)
				}
				for i := range rows {
					j := i*keyLen + r.IntN(keyLen)
					input[j] = intrinsic.Float2HalfRN(20 * intrinsic.Half2Float(input[j]))
				}
				scale := intrinsic.Rsqrtf(float32(keyLen))
				cfg := gocuda.Config{Grid: gocuda.Dim3{X: queryLen / batchesPerBlock, Y: heads, Z: batches}, Block: gocuda.Dim3{X: warpSize, Y: warpsPerBlock}}
				want := make([]float32, n)
				for b := range batches {
					for h := range heads {
						for s := range queryLen {
							i := (b*heads+h)*queryLen + s
							maskRow := mask[s*keyLen:]
							if padBatches != 1 {
								maskRow = mask[(b*queryLen+s)*keyLen:]
							}
							tmp := make([]float64, keyLen)
							m := -10000.0
							for j := range keyLen {
								tmp[j] = -10000
								if maskRow[j] != 1 {
									tmp[j] = float64(intrinsic.Half2Float(input[i*keyLen+j])) * float64(scale)
								}
								m = math.Max(m, tmp[j])
							}
							var sum float64
							for j := range keyLen {
								tmp[j] = math.Exp(tmp[j] - m)
								sum += tmp[j]
							}
							for j := range keyLen {
								if m != -10000 {
									want[i*keyLen+j] = float32(tmp[j] / sum)
								}
							}
						}
					}
				}
				for _, f := range forms {
					t.Run(f.name, func(t *testing.T) {
						out := make([]intrinsic.Half, n+pad)
						require.NoError(t, f.launch(cfg, ScaledMaskedSoftmaxWarpForwardKernel(out, input, mask, scale, rows, keyLen, padBatches, log2Elements)))
						got := make([]float32, n)
						for i := range got {
							got[i] = intrinsic.Half2Float(out[i])
						}
						nearSlice(t, want, got, 1e-3, "softmax")
					})
				}
			})
		}
	}
}
