package hecbenchml

import (
	"math"
	"testing"

	"github.com/gocuda/gocuda/gocuda"
)

// layerNormRef is addBiasResidualLayerNorm-cuda's reference.h: out +=
// input + bias, then each row normalised by its mean and variance, scaled
// by gamma and shifted by beta (in float64 here).
func layerNormRef(out, input, bias, gamma, beta []float32, eps float32, rows, n int) []float32 {
	res := make([]float32, len(out))
	for row := range rows {
		base := row * n
		x := make([]float64, n)
		mean := 0.0
		for i := range n {
			x[i] = float64(out[base+i]) + float64(input[base+i]) + float64(bias[i])
			mean += x[i]
		}
		mean /= float64(n)
		variance := 0.0
		for i := range n {
			variance += (x[i] - mean) * (x[i] - mean)
		}
		inv := 1 / math.Sqrt(variance/float64(n)+float64(eps))
		for i := range n {
			res[base+i] = float32((x[i]-mean)*inv*float64(gamma[i]) + float64(beta[i]))
		}
	}
	return res
}

// TestAddBiasResidualLayerNorm runs the three kernels as the benchmark's
// invokeAddBiasResidualLayerNorm dispatches them: V2 with blocks of n/8
// (n = 512), the N = 1 and N = 2 kernels with blocks of min(n, 256) (n =
// 96, and n = 300, which the block does not divide), and the general one
// (n = 1000), on rows whose residual out is not zero.
func TestAddBiasResidualLayerNorm(t *testing.T) {
	const m = 3
	const eps = float32(1e-6)
	cases := []struct {
		name   string
		n      int
		block  int
		launch func(out, input, bias, gamma, beta []float32, n int) func(*gocuda.Thread)
	}{
		{"V2", 512, 64, func(out, input, bias, gamma, beta []float32, n int) func(*gocuda.Thread) {
			return AddBiasResidualPostLayerNormV2Kernel(out, input, bias, gamma, beta, eps, n)
		}},
		{"N1", 96, 96, func(out, input, bias, gamma, beta []float32, n int) func(*gocuda.Thread) {
			return AddBiasResidualPostLayerNormKernel(out, input, bias, gamma, beta, eps, n, 1)
		}},
		{"N2", 300, 256, func(out, input, bias, gamma, beta []float32, n int) func(*gocuda.Thread) {
			return AddBiasResidualPostLayerNormKernel(out, input, bias, gamma, beta, eps, n, 2)
		}},
		{"general", 1000, 256, func(out, input, bias, gamma, beta []float32, n int) func(*gocuda.Thread) {
			return GeneralAddBiasResidualPostLayerNormKernel(out, input, bias, gamma, beta, eps, n)
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := rng(m, c.n)
			out0, input := randF32(r, m*c.n), randF32(r, m*c.n)
			bias, gamma, beta := randF32(r, c.n), randF32(r, c.n), randF32(r, c.n)
			want := layerNormRef(out0, input, bias, gamma, beta, eps, m, c.n)
			cfg := gocuda.Config{Grid: gocuda.Dim3{X: m}, Block: gocuda.Dim3{X: c.block}}
			got := agree(t, func(f form) ([]float32, error) {
				out := append([]float32(nil), out0...)
				return out, f.launch(cfg, c.launch(out, input, bias, gamma, beta, c.n))
			})
			nearSlice(t, want, got, 1e-4, c.name)
		})
	}
}
