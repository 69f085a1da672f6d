package hecbenchml

import (
	"math"
	"testing"

	"github.com/gocuda/gocuda/gocuda"
)

// TestGlu runs glu_kernel on a 3×7×11 output (X is 3×14×11) with blocks
// of 64, which do not divide it.
func TestGlu(t *testing.T) {
	const M, S, N = 3, 7, 11
	x := randF32(rng(M, S, N), M*2*S*N)
	want := make([]float32, M*S*N)
	for i := range M {
		for j := range S {
			for k := range N {
				x1 := float64(x[i*2*S*N+j*N+k])
				x2 := float64(x[i*2*S*N+(j+S)*N+k])
				want[i*S*N+j*N+k] = float32(x1 / (1 + math.Exp(-x2)))
			}
		}
	}
	got := agree(t, func(f form) ([]float32, error) {
		y := make([]float32, M*S*N)
		return y, f.launch(gocuda.Config{Grid: gocuda.Blocks(M*S*N, 64), Block: gocuda.Dim3{X: 64}}, GluKernel(M, S, N, x, y))
	})
	nearSlice(t, want, got, 1e-6, "glu_kernel")
}

// TestGeglu runs geglu_kernel as geglu_gpu dispatches it, on rows of
// DIM_LAST = 1280 (one chunk a row): 3 rows take FOR_LOOP = 1 (3 blocks),
// 2 rows FOR_LOOP = 2 (one block), against geglu-cuda's reference.h.
func TestGeglu(t *testing.T) {
	const dimLast = 1280
	for _, c := range []struct{ n, forLoop int }{{3, 1}, {2, 2}} {
		r := rng(c.n, dimLast)
		xg := make([]float32, 2*c.n*dimLast)
		for i := range xg {
			xg[i] = 12*r.Float32() - 6
		}
		want := make([]float32, c.n*dimLast)
		for i := range c.n {
			for d := range dimLast {
				ux, ug := float64(xg[(i*2)*dimLast+d]), float64(xg[(i*2+1)*dimLast+d])
				want[i*dimLast+d] = float32(ux * ug * 0.5 * (1 + math.Erf(ug/math.Sqrt2)))
			}
		}
		grid := c.n * dimLast / (gegluBlockDimX * gegluVecElems * c.forLoop)
		got := agree(t, func(f form) ([]float32, error) {
			out := make([]float32, c.n*dimLast)
			return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: gocuda.Dim3{X: gegluBlockDimX}},
				GegluKernel(out, xg, dimLast, c.forLoop))
		})
		nearSlice(t, want, got, 1e-5, "geglu_kernel FOR_LOOP=%d", c.forLoop)
	}
}

// TestSilu runs silu-cuda's forward and backward kernels on 1003
// elements (not a multiple of 4, for the vectorised kernels' tails) with
// blocks of 128, against the formulas of its reference.h.
func TestSilu(t *testing.T) {
	const n = 1003
	r := rng(n)
	x, dout := randF32(r, n), randF32(r, n)
	wantF, wantB := make([]float32, n), make([]float32, n)
	for i := range n {
		xv := float64(x[i])
		sig := 1 / (1 + math.Exp(-xv))
		wantF[i] = float32(xv * sig)
		wantB[i] = float32(float64(dout[i]) * sig * (1 + xv*(1-sig)))
	}
	fwd := map[string]func(x, out []float32, N uint64) func(*gocuda.Thread){
		"silu_forward_kernel": SiluForwardKernel, "silu_forward_kernel2": SiluForwardKernel2,
	}
	bwd := map[string]func(dout, x, dx []float32, N uint64) func(*gocuda.Thread){
		"silu_backward_kernel": SiluBackwardKernel, "silu_backward_kernel2": SiluBackwardKernel2,
		"silu_backward_kernel3": SiluBackwardKernel3,
	}
	for name, k := range fwd {
		got := agree(t, func(f form) ([]float32, error) {
			out := make([]float32, n)
			return out, f.launch(gocuda.Config{Grid: gocuda.Blocks(n, 128), Block: gocuda.Dim3{X: 128}}, k(x, out, n))
		})
		nearSlice(t, wantF, got, 1e-6, name)
	}
	for name, k := range bwd {
		got := agree(t, func(f form) ([]float32, error) {
			dx := make([]float32, n)
			return dx, f.launch(gocuda.Config{Grid: gocuda.Blocks(n, 128), Block: gocuda.Dim3{X: 128}}, k(dout, x, dx, n))
		})
		nearSlice(t, wantB, got, 1e-5, name)
	}
}
