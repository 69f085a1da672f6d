package hecbenchrodinia

import (
	"fmt"
	"math"
	"testing"

	"github.com/gocuda/gocuda/gocuda"
)

// TestHecbenchRmsnorm normalizes rows with rmsnorm_fwd_two_scan_kernel at
// several block sizes, with UNROLL 4 when the row length is a multiple of
// 4 and 1 otherwise, as rmsnorm_forward chooses, and compares with the
// host's RMSNorm in float64.
func TestHecbenchRmsnorm(t *testing.T) {
	for _, h := range []int{1000, 333} {
		for _, blockSize := range []int{32, 96, 256} {
			t.Run(fmt.Sprint(h, "/", blockSize), func(t *testing.T) {
				const n = 5
				r := rng(h, blockSize)
				inp, gamma := randF32(r, n*h), randF32(r, h)
				unroll := 1
				if h%4 == 0 {
					unroll = 4
				}
				got := agree(t, func(f form) ([]float32, error) {
					out := make([]float32, n*h)
					err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: n}, Block: gocuda.Dim3{X: blockSize}},
						RmsnormFwdTwoScanKernel(inp, gamma, out, int64(h), 1e-5, unroll))
					return out, err
				})
				want := make([]float32, n*h)
				for i := range n {
					var ss float64
					for j := range h {
						v := float64(inp[i*h+j])
						ss += v * v
					}
					s := 1 / math.Sqrt(ss/float64(h)+1e-5)
					for j := range h {
						want[i*h+j] = float32(float64(inp[i*h+j]) * s * float64(gamma[j]))
					}
				}
				nearSlice(t, want, got, 1e-5, "rmsnorm")
			})
		}
	}
}
