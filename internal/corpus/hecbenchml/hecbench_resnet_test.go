package hecbenchml

import (
	"testing"

	"github.com/gocuda/gocuda/gocuda"
)

// TestResnetOne runs the four 1×1 convolution kernels of resnet-kernels
// with their launch shapes and shared memory sizes, on 3 tiles (the
// benchmark's 49 are the same work repeated), against the convolution
// they compute: C[tile][line][o] = scale[o]·Σ_k A[tile][line][k]·B[k][o] +
// bias[o], with ReLU for the kernels that reduce the channels.
func TestResnetOne(t *testing.T) {
	const tiles = 3
	for _, c := range []struct {
		name      string
		in, out   int
		tx, parts int
		relu      bool
		smem      int
		kern      func(A, B, bnBias, bnScale, C []float32) func(*gocuda.Thread)
	}{
		{"kernel_512_one_128", 512, 128, 128, 1, true, (4*512 + 64*128 + 4*128 + 2*128) << 2, Kernel512One128Kernel},
		{"kernel_128_one_512", 128, 512, 128, 4, false, (4*128 + 64*128 + 4*128 + 2*128) << 2, Kernel128One512Kernel},
		{"kernel_1024_one_256", 1024, 256, 256, 1, true, (4*1024 + 16*256 + 4*256 + 2*256) << 2, Kernel1024One256Kernel},
		{"kernel_256_one_1024", 256, 1024, 256, 4, false, (4*256 + 32*256 + 4*256 + 2*256) << 2, Kernel256One1024Kernel},
	} {
		r := rng(c.in, c.out)
		A, B := randF32(r, tiles*4*c.in), randF32(r, c.in*c.out)
		bias, scale := randF32(r, c.out), randF32(r, c.out)
		want := make([]float32, tiles*4*c.out)
		for tile := range tiles {
			for line := range 4 {
				for o := range c.out {
					s := 0.0
					for k := range c.in {
						s += float64(A[(tile*4+line)*c.in+k]) * float64(B[k*c.out+o])
					}
					v := float64(scale[o])*s + float64(bias[o])
					if c.relu && v < 0 {
						v = 0
					}
					want[(tile*4+line)*c.out+o] = float32(v)
				}
			}
		}
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: tiles, Y: c.parts}, Block: gocuda.Dim3{X: c.tx, Y: 4}, SharedMem: c.smem}
		got := agree(t, func(f form) ([]float32, error) {
			C := make([]float32, tiles*4*c.out)
			return C, f.launch(cfg, c.kern(A, B, bias, scale, C))
		})
		nearSlice(t, want, got, 1e-4, c.name)
	}
}
