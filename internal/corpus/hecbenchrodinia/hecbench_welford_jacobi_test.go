package hecbenchrodinia

import (
	"math"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestHecbenchWelford runs welford_kernel<float, float, float> as
// wedford's main launches it (32 × 16 blocks, a block per feature) and
// compares the means and biased variances with the host's two-pass
// statistics in float64.
func TestHecbenchWelford(t *testing.T) {
	const bs, ss, fs = 5, 70, 6
	r := rng(bs, ss, fs)
	input := make([]float32, bs*ss*fs)
	for i := range input {
		input[i] = r.Float32()
	}
	type result struct{ mean, v []float32 }
	got := agree(t, func(f form) (result, error) {
		res := result{make([]float32, fs), make([]float32, fs)}
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: fs}, Block: gocuda.Dim3{X: 32, Y: 16}},
			WelfordKernel[float32, float32, float32](input, res.mean, res.v, bs, fs, ss))
		return res, err
	})
	wantMean, wantVar := make([]float32, fs), make([]float32, fs)
	for f := range fs {
		var sum, sum2 float64
		for b := range bs {
			for s := range ss {
				v := float64(input[b*ss*fs+f*ss+s])
				sum += v
				sum2 += v * v
			}
		}
		m := sum / (bs * ss)
		wantMean[f], wantVar[f] = float32(m), float32(sum2/(bs*ss)-m*m)
	}
	nearSlice(t, wantMean, got.mean, 1e-5, "mean")
	nearSlice(t, wantVar, got.v, 1e-5, "variance")
}

// TestHecbenchJacobi runs jacobi_step as jacobi's main does (16 × 16
// blocks covering N × N, f and f_old swapped after each step, the error
// zeroed before it) from main's sinusoidal boundary, for a few steps, and
// compares the field and each step's error with the host's relaxation (the
// error to rounding: blocks add to it with atomicAdd in no fixed order).
func TestHecbenchJacobi(t *testing.T) {
	const N, steps = jacobiN, 3
	init := make([]float32, N*N)
	for j := range N {
		for i := range N {
			switch {
			case i == 0 || i == N-1:
				init[jacobiIdx(i, j)] = float32(math.Sin(float64(j) * 2 * math.Pi / (N - 1)))
			case j == 0 || j == N-1:
				init[jacobiIdx(i, j)] = float32(math.Sin(float64(i) * 2 * math.Pi / (N - 1)))
			}
		}
	}
	type result struct {
		f      []float32
		errors []float32
	}
	res := both(t, func(fm form) (result, error) {
		f, fOld := slices.Clone(init), slices.Clone(init)
		var errs []float32
		for range steps {
			var e float32
			err := fm.launch(gocuda.Config{Grid: gocuda.Dim3{X: N / 16, Y: N / 16}, Block: gocuda.Dim3{X: 16, Y: 16}},
				JacobiStepKernel(f, fOld, &e))
			if err != nil {
				return result{}, err
			}
			errs = append(errs, e)
			f, fOld = fOld, f
		}
		return result{fOld, errs}, nil
	})
	f, fOld := slices.Clone(init), slices.Clone(init)
	for s := range steps {
		var e float64
		for j := 1; j < N-1; j++ {
			for i := 1; i < N-1; i++ {
				f[jacobiIdx(i, j)] = 0.25 * (fOld[jacobiIdx(i+1, j)] + fOld[jacobiIdx(i-1, j)] + fOld[jacobiIdx(i, j+1)] + fOld[jacobiIdx(i, j-1)])
				df := float64(f[jacobiIdx(i, j)] - fOld[jacobiIdx(i, j)])
				e += df * df
			}
		}
		for k, fm := range forms {
			require.InDelta(t, e, res[k].errors[s], 1e-4*e+1e-9, "%s: error of step %d", fm.name, s)
		}
		f, fOld = fOld, f
	}
	for k, fm := range forms {
		require.Equal(t, fOld, res[k].f, fm.name)
	}
}
