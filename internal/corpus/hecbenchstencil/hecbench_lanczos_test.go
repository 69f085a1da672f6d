package hecbenchstencil

import (
	"testing"

	"github.com/gocuda/gocuda/gocuda"
)

// testLanczos runs the three vector kernels for one element type.
func testLanczos[T lanczosReal](t *testing.T, tol float64) {
	const n = 1000
	const blocks = (n + lanczosThreadsPerBlock - 1) / lanczosThreadsPerBlock
	r := rng(n, int(tol*1e12))
	x, y := make([]T, n), make([]T, n)
	for i := range x {
		x[i], y[i] = T(2*r.Float64()-1), T(2*r.Float64()-1)
	}
	a, k := T(0.75), T(-1.5)
	// linear_algebra.h's dot_product, saxpy_inplace and multiply_inplace
	var dot T
	for i := range x {
		dot += x[i] * y[i]
	}
	wantY := make([]T, n)
	for i := range y {
		wantY[i] = (y[i] + a*x[i]) * k
	}
	type res struct {
		dot T
		y   []T
	}
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: lanczosThreadsPerBlock}}
	got := agree(t, func(f form) (res, error) {
		z := make([]T, blocks)
		if err := f.launch(cfg, DotProductKernel(n, x, y, z)); err != nil {
			return res{}, err
		}
		var d T
		for _, v := range z { // device_dot_product's host sum
			d += v
		}
		yy := append([]T(nil), y...)
		if err := f.launch(cfg, SaxpyInplaceKernel(n, yy, x, a)); err != nil {
			return res{}, err
		}
		return res{d, yy}, f.launch(cfg, MultiplyInplaceKernel(n, yy, k))
	})
	nearSlice(t, []float64{float64(dot)}, []float64{float64(got.dot)}, tol, "dot")
	nearSlice(t, f64s(wantY), f64s(got.y), tol, "saxpy, multiply")
}

// TestLanczosVectors runs dot_product_kernel (with device_dot_product's
// host sum of the block sums), saxpy_inplace_kernel and
// multiply_inplace_kernel with THREADS_PER_BLOCK threads on 1000
// elements, in float and double, against linear_algebra.h's
// dot_product, saxpy_inplace and multiply_inplace.
func TestLanczosVectors(t *testing.T) {
	testLanczos[float32](t, 1e-5)
	testLanczos[float64](t, 1e-12)
}
