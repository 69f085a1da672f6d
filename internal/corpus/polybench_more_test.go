package corpus

import (
	"fmt"
	"slices"
	"testing"

	"github.com/gocuda/gocuda/gocuda"
)

func TestPolybenchCorrelationCovariance(t *testing.T) {
	for _, sz := range [][2]int{{3, 5}, {40, 70}} {
		m, n := sz[0], sz[1]
		data := randF32(rng(m, n), n*m)
		for i := range data {
			data[i] *= 1000
		}
		corr := agree(t, func(f form) ([]float32, error) {
			d, mean, std, sym := slices.Clone(data), make([]float32, m), make([]float32, m), make([]float32, m*m)
			for _, k := range []struct {
				cfg gocuda.Config
				k   func(*gocuda.Thread)
			}{
				{pbCfg1D(m), CorrMeanKernel(m, n, mean, d)},
				{pbCfg1D(m), CorrStdKernel(m, n, mean, std, d)},
				{pbCfg2D(m, n), CorrReduceKernel(m, n, mean, std, d)},
				{pbCfg1D(m), CorrKernel(m, n, sym, d)},
			} {
				if err := f.launch(k.cfg, k.k); err != nil {
					return nil, err
				}
			}
			sym[m*m-1] = 1.0 // the host's symmat[M-1][M-1]
			return sym, nil
		})
		// correlation() of correlation.cu
		d, mean, std, want := slices.Clone(data), make([]float32, m), make([]float32, m), make([]float32, m*m)
		for j := range m {
			for i := range n {
				mean[j] += d[i*m+j]
			}
			mean[j] /= corrFloatN
			for i := range n {
				std[j] += (d[i*m+j] - mean[j]) * (d[i*m+j] - mean[j])
			}
			std[j] /= corrFloatN
			std[j] = sqrtf(std[j])
			if std[j] <= corrEps {
				std[j] = 1
			}
		}
		for i := range n {
			for j := range m {
				d[i*m+j] -= mean[j]
				d[i*m+j] /= sqrtf(corrFloatN) * std[j]
			}
		}
		for j1 := range m - 1 {
			want[j1*m+j1] = 1
			for j2 := j1 + 1; j2 < m; j2++ {
				for i := range n {
					want[j1*m+j2] += d[i*m+j1] * d[i*m+j2]
				}
				want[j2*m+j1] = want[j1*m+j2]
			}
		}
		want[m*m-1] = 1
		nearSlice(t, want, corr, 1e-4, "correlation %v", sz)

		covar := agree(t, func(f form) ([]float32, error) {
			d, mean, sym := slices.Clone(data), make([]float32, m), make([]float32, m*m)
			if err := f.launch(pbCfg1D(m), CovarMeanKernel(m, n, mean, d)); err != nil {
				return nil, err
			}
			if err := f.launch(pbCfg2D(m, n), CovarReduceKernel(m, n, mean, d)); err != nil {
				return nil, err
			}
			return sym, f.launch(pbCfg1D(m), CovarKernel(m, n, sym, d))
		})
		d, mean, want = slices.Clone(data), make([]float32, m), make([]float32, m*m)
		for j := range m {
			for i := range n {
				mean[j] += d[i*m+j]
			}
			mean[j] /= float32(covarFloatN)
		}
		for i := range n {
			for j := range m {
				d[i*m+j] -= mean[j]
			}
		}
		for j1 := range m {
			for j2 := j1; j2 < m; j2++ {
				for i := range n {
					want[j1*m+j2] += d[i*m+j1] * d[i*m+j2]
				}
				want[j2*m+j1] = want[j1*m+j2]
			}
		}
		nearSlice(t, want, covar, 1e-4, "covariance %v", sz)
	}
}

func TestPolybenchFdtd2D(t *testing.T) {
	const tmax = 5
	for _, sz := range [][2]int{{2, 3}, {37, 50}} {
		nx, ny := sz[0], sz[1]
		fict := make([]float32, tmax)
		ex0, ey0, hz0 := make([]float32, nx*ny), make([]float32, nx*ny), make([]float32, nx*ny)
		for i := range tmax {
			fict[i] = float32(i)
		}
		for i := range nx {
			for j := range ny {
				ex0[i*ny+j] = (float32(i)*float32(j+1) + 1) / float32(nx)
				ey0[i*ny+j] = (float32(i-1)*float32(j+2) + 2) / float32(nx)
				hz0[i*ny+j] = (float32(i-9)*float32(j+4) + 3) / float32(nx)
			}
		}
		got := agree(t, func(f form) ([]float32, error) {
			ex, ey, hz := slices.Clone(ex0), slices.Clone(ey0), slices.Clone(hz0)
			cfg := pbCfg2D(ny, nx)
			for step := range tmax {
				for _, k := range []func(*gocuda.Thread){
					FdtdStep1Kernel(nx, ny, fict, ex, ey, hz, step),
					FdtdStep2Kernel(nx, ny, ex, ey, hz, step),
					FdtdStep3Kernel(nx, ny, ex, ey, hz, step),
				} {
					if err := f.launch(cfg, k); err != nil {
						return nil, err
					}
				}
			}
			return hz, nil
		})
		ex, ey, hz := slices.Clone(ex0), slices.Clone(ey0), slices.Clone(hz0)
		for step := range tmax {
			for j := range ny {
				ey[j] = fict[step]
			}
			for i := 1; i < nx; i++ {
				for j := range ny {
					ey[i*ny+j] = ey[i*ny+j] - 0.5*(hz[i*ny+j]-hz[(i-1)*ny+j])
				}
			}
			for i := range nx {
				for j := 1; j < ny; j++ {
					ex[i*ny+j] = ex[i*ny+j] - 0.5*(hz[i*ny+j]-hz[i*ny+(j-1)])
				}
			}
			for i := range nx - 1 {
				for j := range ny - 1 {
					hz[i*ny+j] = hz[i*ny+j] - 0.7*(ex[i*ny+(j+1)]-ex[i*ny+j]+ey[(i+1)*ny+j]-ey[i*ny+j])
				}
			}
		}
		nearSlice(t, hz, got, 1e-4, "fdtd-2d %v", sz)
	}
}

func TestPolybenchJacobi(t *testing.T) {
	const steps = 4
	for _, n := range []int{3, 300} {
		a0 := randF32(rng(n), n)
		got := agree(t, func(f form) ([]float32, error) {
			a, b := slices.Clone(a0), make([]float32, n)
			for range steps {
				if err := f.launch(pbCfg1D(n), Jacobi1DKernel1(n, a, b)); err != nil {
					return nil, err
				}
				if err := f.launch(pbCfg1D(n), Jacobi1DKernel2(n, a, b)); err != nil {
					return nil, err
				}
			}
			return a, nil
		})
		a, b := slices.Clone(a0), make([]float32, n)
		for range steps {
			for i := 1; i < n-1; i++ {
				b[i] = float32(0.33333 * float64(a[i-1]+a[i]+a[i+1]))
			}
			copy(a[1:n-1], b[1:n-1])
		}
		nearSlice(t, a, got, 1e-6, "jacobi-1d n=%d", n)
	}
	for _, n := range []int{3, 45} {
		a0 := randF32(rng(n, 2), n*n)
		got := agree(t, func(f form) ([]float32, error) {
			a, b := slices.Clone(a0), make([]float32, n*n)
			for range steps {
				if err := f.launch(pbCfg2D(n, n), Jacobi2DKernel1(n, a, b)); err != nil {
					return nil, err
				}
				if err := f.launch(pbCfg2D(n, n), Jacobi2DKernel2(n, a, b)); err != nil {
					return nil, err
				}
			}
			return a, nil
		})
		a, b := slices.Clone(a0), make([]float32, n*n)
		for range steps {
			for i := 1; i < n-1; i++ {
				for j := 1; j < n-1; j++ {
					b[i*n+j] = 0.2 * (a[i*n+j] + a[i*n+(j-1)] + a[i*n+(1+j)] + a[(1+i)*n+j] + a[(i-1)*n+j])
				}
			}
			for i := 1; i < n-1; i++ {
				copy(a[i*n+1:i*n+n-1], b[i*n+1:i*n+n-1])
			}
		}
		nearSlice(t, a, got, 1e-6, "jacobi-2d n=%d", n)
	}
}

func TestPolybenchConvolutions(t *testing.T) {
	for _, sz := range [][3]int{{3, 3, 3}, {19, 41, 35}} {
		ni, nj, nk := sz[0], sz[1], sz[2]
		r := rng(sz[:]...)
		a2 := randF32(r, ni*nj)
		got2 := agree(t, func(f form) ([]float32, error) {
			b := make([]float32, ni*nj)
			return b, f.launch(pbCfg2D(nj, ni), Convolution2DKernel(ni, nj, a2, b))
		})
		want2 := make([]float32, ni*nj)
		for i := 1; i < ni-1; i++ {
			for j := 1; j < nj-1; j++ {
				at := func(di, dj int) float32 { return a2[(i+di)*nj+j+dj] }
				want2[i*nj+j] = 0.2*at(-1, -1) + 0.5*at(-1, 0) + -0.8*at(-1, 1) +
					-0.3*at(0, -1) + 0.6*at(0, 0) + -0.9*at(0, 1) +
					0.4*at(1, -1) + 0.7*at(1, 0) + 0.10*at(1, 1)
			}
		}
		nearSlice(t, want2, got2, 1e-5, "2dconv %v", sz)

		a3 := randF32(r, ni*nj*nk)
		got3 := agree(t, func(f form) ([]float32, error) {
			b := make([]float32, ni*nj*nk)
			for i := 1; i < ni-1; i++ {
				if err := f.launch(pbCfg2D(nk, nj), Convolution3DKernel(ni, nj, nk, a3, b, i)); err != nil {
					return nil, err
				}
			}
			return b, nil
		})
		want3 := make([]float32, ni*nj*nk)
		for i := 1; i < ni-1; i++ {
			for j := 1; j < nj-1; j++ {
				for k := 1; k < nk-1; k++ {
					at := func(di, dj, dk int) float32 { return a3[(i+di)*nj*nk+(j+dj)*nk+k+dk] }
					want3[i*nj*nk+j*nk+k] = 2*at(-1, -1, -1) + 4*at(1, -1, -1) +
						5*at(-1, -1, -1) + 7*at(1, -1, -1) +
						-8*at(-1, -1, -1) + 10*at(1, -1, -1) +
						-3*at(0, -1, 0) + 6*at(0, 0, 0) +
						-9*at(0, 1, 0) + 2*at(-1, -1, 1) +
						4*at(1, -1, 1) + 5*at(-1, 0, 1) +
						7*at(1, 0, 1) + -8*at(-1, 1, 1) +
						10*at(1, 1, 1)
				}
			}
		}
		nearSlice(t, want3, got3, 1e-5, "3dconv %v", sz)
	}
}

func TestPolybenchGramschmidtLU(t *testing.T) {
	for _, sz := range [][2]int{{1, 1}, {50, 37}} {
		ni, nj := sz[0], sz[1]
		a0 := randF32(rng(ni, nj), ni*nj)
		t.Run(fmt.Sprint("gramschmidt", sz), func(t *testing.T) {
			got := agree(t, func(f form) ([]float32, error) {
				a, r, q := slices.Clone(a0), make([]float32, nj*nj), make([]float32, ni*nj)
				for k := range nj {
					for _, l := range []struct {
						cfg gocuda.Config
						k   func(*gocuda.Thread)
					}{
						{gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: pbBlock1D}, GramschmidtKernel1(ni, nj, a, r, q, k)},
						{pbCfg1D(ni), GramschmidtKernel2(ni, nj, a, r, q, k)},
						{pbCfg1D(nj), GramschmidtKernel3(ni, nj, a, r, q, k)},
					} {
						if err := f.launch(l.cfg, l.k); err != nil {
							return nil, err
						}
					}
				}
				return append(r, q...), nil
			})
			a, r, q := slices.Clone(a0), make([]float32, nj*nj), make([]float32, ni*nj)
			for k := range nj {
				var nrm float32
				for i := range ni {
					nrm += a[i*nj+k] * a[i*nj+k]
				}
				r[k*nj+k] = sqrtf(nrm)
				for i := range ni {
					q[i*nj+k] = a[i*nj+k] / r[k*nj+k]
				}
				for j := k + 1; j < nj; j++ {
					for i := range ni {
						r[k*nj+j] += q[i*nj+k] * a[i*nj+j]
					}
					for i := range ni {
						a[i*nj+j] -= q[i*nj+k] * r[k*nj+j]
					}
				}
			}
			nearSlice(t, append(r, q...), got, 1e-4, "gramschmidt")
		})
	}
	for _, n := range []int{1, 40} {
		a0 := randF32(rng(n, 9), n*n)
		for i := range n {
			a0[i*n+i] += float32(n) // diagonally dominant: no pivoting needed
		}
		got := agree(t, func(f form) ([]float32, error) {
			a := slices.Clone(a0)
			for k := range n {
				if err := f.launch(pbCfg1D(n), LuKernel1(n, a, k)); err != nil {
					return nil, err
				}
				if err := f.launch(pbCfg2D(n, n), LuKernel2(n, a, k)); err != nil {
					return nil, err
				}
			}
			return a, nil
		})
		a := slices.Clone(a0)
		for k := range n {
			for j := k + 1; j < n; j++ {
				a[k*n+j] = a[k*n+j] / a[k*n+k]
			}
			for i := k + 1; i < n; i++ {
				for j := k + 1; j < n; j++ {
					a[i*n+j] = a[i*n+j] - a[i*n+k]*a[k*n+j]
				}
			}
		}
		nearSlice(t, a, got, 1e-5, "lu n=%d", n)
	}
}
