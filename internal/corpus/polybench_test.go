package corpus

import (
	"fmt"
	"slices"
	"testing"

	"github.com/gocuda/gocuda/gocuda"
)

// pbBlock2D and pbBlock1D are PolyBench/GPU's DIM_THREAD_BLOCK_X×Y for
// the two- and one-dimensional kernels.
var (
	pbBlock2D = gocuda.Dim3{X: 32, Y: 8}
	pbBlock1D = gocuda.Dim3{X: 256}
)

// pbGrid2D covers x columns and y rows with pbBlock2D.
func pbCfg2D(x, y int) gocuda.Config {
	return gocuda.Config{Grid: gocuda.Dim3{X: blocks(x, 32), Y: blocks(y, 8)}, Block: pbBlock2D}
}

// pbCfg1D covers n with pbBlock1D.
func pbCfg1D(n int) gocuda.Config {
	return gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, 256)}, Block: pbBlock1D}
}

// pbTol is the relative tolerance against the host references, which
// compute in the same order (it allows for fused multiply-adds where Go
// makes them).
const pbTol = 1e-5

// matmul is C = alpha·A·B (+ beta·C when acc), row-major, in the
// benchmarks' order.
func pbMatMul(c, a, b []float32, ni, nj, nk int, alpha, beta float32, acc bool) {
	for i := range ni {
		for j := range nj {
			if acc {
				c[i*nj+j] *= beta
			} else {
				c[i*nj+j] = 0
			}
			for k := range nk {
				c[i*nj+j] += alpha * a[i*nk+k] * b[k*nj+j]
			}
		}
	}
}

func TestPolybench2mm3mmGemm(t *testing.T) {
	for _, sz := range [][5]int{{1, 1, 1, 1, 1}, {37, 45, 29, 33, 17}} {
		ni, nj, nk, nl, nm := sz[0], sz[1], sz[2], sz[3], sz[4]
		r := rng(sz[:]...)
		a, b, c, d := randF32(r, ni*nk), randF32(r, nk*nj), randF32(r, nj*nl), randF32(r, ni*nl)
		const alpha, beta = 32412.0, 2123.0
		t.Run(fmt.Sprint("2mm", sz), func(t *testing.T) {
			got := agree(t, func(f form) ([]float32, error) {
				tmp, dd := make([]float32, ni*nj), slices.Clone(d)
				if err := f.launch(pbCfg2D(nj, ni), Mm2Kernel1(ni, nj, nk, nl, alpha, beta, tmp, a, b)); err != nil {
					return nil, err
				}
				return dd, f.launch(pbCfg2D(nl, ni), Mm2Kernel2(ni, nj, nk, nl, alpha, beta, tmp, c, dd))
			})
			tmp, want := make([]float32, ni*nj), slices.Clone(d)
			pbMatMul(tmp, a, b, ni, nj, nk, alpha, 0, false)
			pbMatMul(want, tmp, c, ni, nl, nj, 1, beta, true)
			nearSlice(t, want, got, pbTol, "2mm")
		})
		t.Run(fmt.Sprint("3mm", sz), func(t *testing.T) {
			cm, dm := randF32(r, nj*nm), randF32(r, nm*nl)
			got := agree(t, func(f form) ([]float32, error) {
				e, ff, g := make([]float32, ni*nj), make([]float32, nj*nl), make([]float32, ni*nl)
				if err := f.launch(pbCfg2D(nj, ni), Mm3Kernel1(ni, nj, nk, nl, nm, a, b, e)); err != nil {
					return nil, err
				}
				if err := f.launch(pbCfg2D(nl, nj), Mm3Kernel2(ni, nj, nk, nl, nm, cm, dm, ff)); err != nil {
					return nil, err
				}
				return g, f.launch(pbCfg2D(nl, ni), Mm3Kernel3(ni, nj, nk, nl, nm, e, ff, g))
			})
			e, ff, want := make([]float32, ni*nj), make([]float32, nj*nl), make([]float32, ni*nl)
			pbMatMul(e, a, b, ni, nj, nk, 1, 0, false)
			pbMatMul(ff, cm, dm, nj, nl, nm, 1, 0, false)
			pbMatMul(want, e, ff, ni, nl, nj, 1, 0, false)
			nearSlice(t, want, got, pbTol, "3mm")
		})
		t.Run(fmt.Sprint("gemm", sz), func(t *testing.T) {
			c0 := randF32(r, ni*nj)
			got := agree(t, func(f form) ([]float32, error) {
				cc := slices.Clone(c0)
				return cc, f.launch(pbCfg2D(nj, ni), GemmKernel(ni, nj, nk, alpha, beta, a, b, cc))
			})
			want := slices.Clone(c0)
			pbMatMul(want, a, b, ni, nj, nk, alpha, beta, true)
			nearSlice(t, want, got, pbTol, "gemm")
		})
	}
}

func TestPolybenchSyrk(t *testing.T) {
	for _, sz := range [][2]int{{1, 1}, {41, 23}} {
		ni, nj := sz[0], sz[1]
		r := rng(sz[:]...)
		a, b, c0 := randF32(r, ni*nj), randF32(r, ni*nj), randF32(r, ni*ni)
		const alpha, beta = 12435.0, 4546.0
		syrk := agree(t, func(f form) ([]float32, error) {
			c := slices.Clone(c0)
			return c, f.launch(pbCfg2D(ni, ni), SyrkKernel(ni, nj, alpha, beta, a, c))
		})
		syr2k := agree(t, func(f form) ([]float32, error) {
			c := slices.Clone(c0)
			return c, f.launch(pbCfg2D(ni, ni), Syr2kKernel(ni, nj, alpha, beta, a, b, c))
		})
		want1, want2 := slices.Clone(c0), slices.Clone(c0)
		for i := range ni {
			for j := range ni {
				want1[i*ni+j] *= beta
				want2[i*ni+j] *= beta
				for k := range nj {
					want1[i*ni+j] += alpha * a[i*nj+k] * a[j*nj+k]
					want2[i*ni+j] += alpha*a[i*nj+k]*b[j*nj+k] + alpha*b[i*nj+k]*a[j*nj+k]
				}
			}
		}
		nearSlice(t, want1, syrk, pbTol, "syrk %v", sz)
		nearSlice(t, want2, syr2k, pbTol, "syr2k %v", sz)
	}
}

func TestPolybenchMatVec(t *testing.T) {
	for _, sz := range [][2]int{{1, 1}, {300, 270}} {
		nx, ny := sz[0], sz[1]
		r := rng(sz[:]...)
		a, x, p, rr := randF32(r, nx*ny), randF32(r, ny), randF32(r, ny), randF32(r, nx)
		// atax: y = Aᵀ(Ax)
		atax := agree(t, func(f form) ([]float32, error) {
			tmp, y := make([]float32, nx), make([]float32, ny)
			if err := f.launch(pbCfg1D(nx), AtaxKernel1(nx, ny, a, x, tmp)); err != nil {
				return nil, err
			}
			return y, f.launch(pbCfg1D(ny), AtaxKernel2(nx, ny, a, y, tmp))
		})
		tmp, wantY := make([]float32, nx), make([]float32, ny)
		for i := range nx {
			for j := range ny {
				tmp[i] += a[i*ny+j] * x[j]
			}
		}
		for j := range ny {
			for i := range nx {
				wantY[j] += a[i*ny+j] * tmp[i]
			}
		}
		nearSlice(t, wantY, atax, pbTol, "atax %v", sz)
		// bicg: s = Aᵀr, q = Ap
		bicg := agree(t, func(f form) ([2][]float32, error) {
			s, q := make([]float32, ny), make([]float32, nx)
			if err := f.launch(pbCfg1D(ny), BicgKernel1(nx, ny, a, rr, s)); err != nil {
				return [2][]float32{}, err
			}
			return [2][]float32{s, q}, f.launch(pbCfg1D(nx), BicgKernel2(nx, ny, a, p, q))
		})
		wantS, wantQ := make([]float32, ny), make([]float32, nx)
		for j := range ny {
			for i := range nx {
				wantS[j] += rr[i] * a[i*ny+j]
			}
		}
		for i := range nx {
			for j := range ny {
				wantQ[i] += a[i*ny+j] * p[j]
			}
		}
		nearSlice(t, wantS, bicg[0], pbTol, "bicg s %v", sz)
		nearSlice(t, wantQ, bicg[1], pbTol, "bicg q %v", sz)
	}
}

func TestPolybenchGesummvMvt(t *testing.T) {
	for _, n := range []int{1, 300} {
		r := rng(n)
		a, b, x := randF32(r, n*n), randF32(r, n*n), randF32(r, n)
		x1, x2, y1, y2 := randF32(r, n), randF32(r, n), randF32(r, n), randF32(r, n)
		const alpha, beta = 43532.0, 12313.0
		ges := agree(t, func(f form) ([]float32, error) {
			tmp, y := make([]float32, n), make([]float32, n)
			return y, f.launch(pbCfg1D(n), GesummvKernel(n, alpha, beta, a, b, tmp, x, y))
		})
		tmp, wantY := make([]float32, n), make([]float32, n)
		for i := range n {
			for j := range n {
				tmp[i] += a[i*n+j] * x[j]
				wantY[i] += b[i*n+j] * x[j]
			}
			wantY[i] = alpha*tmp[i] + beta*wantY[i]
		}
		nearSlice(t, wantY, ges, pbTol, "gesummv n=%d", n)
		mvt := agree(t, func(f form) ([2][]float32, error) {
			o1, o2 := slices.Clone(x1), slices.Clone(x2)
			if err := f.launch(pbCfg1D(n), MvtKernel1(n, a, o1, y1)); err != nil {
				return [2][]float32{}, err
			}
			return [2][]float32{o1, o2}, f.launch(pbCfg1D(n), MvtKernel2(n, a, o2, y2))
		})
		want1, want2 := slices.Clone(x1), slices.Clone(x2)
		for i := range n {
			for j := range n {
				want1[i] += a[i*n+j] * y1[j]
				want2[i] += a[j*n+i] * y2[j]
			}
		}
		nearSlice(t, want1, mvt[0], pbTol, "mvt x1 n=%d", n)
		nearSlice(t, want2, mvt[1], pbTol, "mvt x2 n=%d", n)
	}
}
