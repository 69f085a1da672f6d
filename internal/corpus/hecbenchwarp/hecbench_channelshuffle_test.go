package hecbenchwarp

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestChannelShuffle runs main.cu's loops (N = 1, 4; C = 32, 128, 512)
// on 7×5 images with groups of 4 and 8, both kernels with the host's
// launches (and the NCHW kernel with kNFirst as well, the host's choice
// past 65536 images), against reference.h.
func TestChannelShuffle(t *testing.T) {
	const W, H = 7, 5
	for _, G := range []int{4, 8} {
		for _, N := range []int{1, 4} {
			for _, C := range []int{32, 128, 512} {
				name := fmt.Sprintf("G=%d N=%d C=%d", G, N, C)
				numel := N * C * W * H
				X := make([]float32, numel)
				for i := range X {
					X[i] = float32(i) / float32(numel)
				}
				K, HxW := C/G, numel/(N*C)
				wantNHWC, wantNCHW := make([]float32, numel), make([]float32, numel)
				for o := range N * HxW {
					for i := range C {
						wantNHWC[o*C+i] = X[o*C+(i%G)*K+i/G]
					}
				}
				for n := range N {
					for c := range C {
						for s := range HxW {
							wantNCHW[(n*C+c)*HxW+s] = X[(n*C+(c%G)*K+c/G)*HxW+s]
						}
					}
				}
				shared := 32
				for shared < C {
					shared *= 4
				}
				got := agree(t, func(f form) ([]float32, error) {
					Y := make([]float32, numel)
					return Y, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: N * HxW}, Block: gocuda.Dim3{X: csNumThreads}},
						ChannelShuffleNHWCKernel(shared, int32(G), int32(K), X, Y))
				})
				require.Equal(t, wantNHWC, got, "NHWC, %s", name)
				S := (HxW + csNumThreads - 1) / csNumThreads
				for _, nFirst := range []bool{false, true} {
					grid := gocuda.Dim3{X: S, Y: N, Z: C}
					if nFirst {
						grid = gocuda.Dim3{X: N, Y: S, Z: C}
					}
					got := agree(t, func(f form) ([]float32, error) {
						Y := make([]float32, numel)
						return Y, f.launch(gocuda.Config{Grid: grid, Block: gocuda.Dim3{X: csNumThreads}},
							ChannelShuffleNCHWKernel(nFirst, int32(G), int32(K), int32(HxW), X, Y))
					})
					require.Equal(t, wantNCHW, got, "NCHW, kNFirst %v, %s", nFirst, name)
				}
			}
		}
	}
}
