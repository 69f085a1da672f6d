package corpus

import (
	"cmp"
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/mem"
)

func TestParboilSgemm(t *testing.T) {
	for _, sz := range [][3]int{{128, 16, 8}, {256, 48, 40}} {
		m, n, k := sz[0], sz[1], sz[2]
		r := rng(sz[:]...)
		// column-major: A is m×k (lda m), B is n×k (ldb n), C is m×n (ldc m)
		a, b, c0 := randF32(r, m*k), randF32(r, n*k), randF32(r, m*n)
		const alpha, beta = 1.5, 0.5
		got := agree(t, func(f form) ([]float32, error) {
			c := slices.Clone(c0)
			cfg := gocuda.Config{Grid: gocuda.Dim3{X: m / sgemmTileM, Y: n / sgemmTileN}, Block: gocuda.Dim3{X: sgemmTileN, Y: sgemmTileTBHeight}}
			return c, f.launch(cfg, SgemmNTKernel(a, m, b, n, c, m, k, alpha, beta))
		})
		want := slices.Clone(c0)
		for mm := range m {
			for nn := range n {
				var s float32
				for kk := range k {
					s += a[mm+kk*m] * b[nn+kk*n]
				}
				want[mm+nn*m] = want[mm+nn*m]*beta + alpha*s
			}
		}
		nearSlice(t, want, got, 1e-5, "sgemm %v", sz)
	}
}

func TestParboilStencil(t *testing.T) {
	const c0, c1 = 1.0 / 6.0, 1.0 / 6.0 / 6.0
	for _, sz := range [][3]int{{8, 6, 4}, {70, 13, 6}} {
		nx, ny, nz := sz[0], sz[1], sz[2]
		a0 := randF32(rng(sz[:]...), nx*ny*nz)
		const tx, ty = 32, 4
		got := agree(t, func(f form) ([]float32, error) {
			next := slices.Clone(a0)
			cfg := gocuda.Config{Grid: gocuda.Dim3{X: (nx + tx*2 - 1) / (tx * 2), Y: (ny + ty - 1) / ty}, Block: gocuda.Dim3{X: tx, Y: ty}, SharedMem: tx * 2 * ty * 4}
			return next, f.launch(cfg, StencilCoarsenKernel(c0, c1, a0, next, nx, ny, nz))
		})
		want := slices.Clone(a0)
		at := func(i, j, k int) float32 { return a0[index3D(nx, ny, i, j, k)] }
		for k := 1; k < nz-1; k++ {
			for j := 1; j < ny-1; j++ {
				for i := 1; i < nx-1; i++ {
					want[index3D(nx, ny, i, j, k)] = (at(i, j, k+1)+at(i, j, k-1)+at(i, j+1, k)+at(i, j-1, k)+at(i+1, j, k)+at(i-1, j, k))*c1 - at(i, j, k)*c0
				}
			}
		}
		nearSlice(t, want, got, 1e-6, "stencil %v", sz)
	}
}

// jdsCase is a random matrix in Parboil's JDS layout: rows sorted by
// length, longest first, diagonal d of the padded rows at d·dimPadded.
type jdsCase struct {
	dim                  int
	data, x, want        []float32
	index, perm, ptr, zc []int32
}

func newJDSCase(dim int) jdsCase {
	r := rng(dim, 11)
	rows := make([][][2]float32, dim) // (column, value)
	c := jdsCase{dim: dim, x: randF32(r, dim), want: make([]float32, dim)}
	for i := range rows {
		for range r.IntN(12) {
			col := r.IntN(dim)
			v := 2*r.Float32() - 1
			rows[i] = append(rows[i], [2]float32{float32(col), v})
			c.want[i] += v * c.x[col]
		}
	}
	order := make([]int, dim)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(len(rows[b]), len(rows[a])) })
	padded := (dim + 31) / 32 * 32
	depth := max(1, len(rows[order[0]]))
	c.data, c.index = make([]float32, depth*padded), make([]int32, depth*padded)
	for d := range depth {
		c.ptr = append(c.ptr, int32(d*padded))
	}
	for ix, row := range order {
		c.perm = append(c.perm, int32(row))
		for d, e := range rows[row] {
			c.data[d*padded+ix] = e[1]
			c.index[d*padded+ix] = int32(e[0])
		}
	}
	for w := 0; w < dim; w += 32 {
		c.zc = append(c.zc, int32(len(rows[order[w]])))
	}
	return c
}

func TestParboilSpmvJDS(t *testing.T) {
	for _, dim := range []int{1, 40, 300} {
		c := newJDSCase(dim)
		ptr, err := mem.NewConstant[int32](dev, len(c.ptr))
		require.NoError(t, err)
		zc, err := mem.NewConstant[int32](dev, len(c.zc))
		require.NoError(t, err)
		require.NoError(t, ptr.Set(c.ptr))
		require.NoError(t, zc.Set(c.zc))
		got := agree(t, func(f form) ([]float32, error) {
			out := make([]float32, dim)
			cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks(dim, 64)}, Block: gocuda.Dim3{X: 64}}
			return out, f.launch(cfg, SpmvJDSKernel(out, c.data, c.index, c.perm, c.x, nil, dim, ptr.View(), zc.View()))
		})
		nearSlice(t, c.want, got, 1e-5, "spmv jds dim=%d", dim)
		require.NoError(t, ptr.Free())
		require.NoError(t, zc.Free())
	}
}

func TestParboilMriQ(t *testing.T) {
	for _, c := range []struct{ numK, numX int }{{1, 256}, {7, 256}, {200, 512}} {
		t.Run(fmt.Sprint(c), func(t *testing.T) {
			r := rng(c.numK, c.numX)
			phiR, phiI := randF32(r, c.numK), randF32(r, c.numK)
			x, y, z := randF32(r, c.numX), randF32(r, c.numX), randF32(r, c.numX)
			kx, ky, kz := randF32(r, c.numK), randF32(r, c.numK), randF32(r, c.numK)
			phiMag := agree(t, func(f form) ([]float32, error) {
				out := make([]float32, c.numK)
				cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks(c.numK, mriqPhiMagThreadsPerBlock)}, Block: gocuda.Dim3{X: mriqPhiMagThreadsPerBlock}}
				return out, f.launch(cfg, ComputePhiMagKernel(phiR, phiI, out, c.numK))
			})
			kv := make([]kValues, c.numK)
			for i := range kv {
				require.Equal(t, phiR[i]*phiR[i]+phiI[i]*phiI[i], phiMag[i])
				kv[i] = kValues{kx[i], ky[i], kz[i], phiMag[i]}
			}
			ck, err := mem.NewConstant[kValues](dev, mriqQKElemsPerGrid)
			require.NoError(t, err)
			defer func() { require.NoError(t, ck.Free()) }()
			require.NoError(t, ck.SetAt(0, kv))
			got := agree(t, func(f form) ([]float32, error) {
				qr, qi := make([]float32, c.numX), make([]float32, c.numX)
				cfg := gocuda.Config{Grid: gocuda.Dim3{X: c.numX / mriqQThreadsPerBlock}, Block: gocuda.Dim3{X: mriqQThreadsPerBlock}}
				err := f.launch(cfg, ComputeQKernel(c.numK, 0, x, y, z, qr, qi, ck.View()))
				return append(qr, qi...), err
			})
			want := make([]float32, 2*c.numX)
			for i := range c.numX {
				for k := range c.numK {
					arg := mriqPIx2 * (kv[k].Kx*x[i] + kv[k].Ky*y[i] + kv[k].Kz*z[i])
					want[i] += kv[k].PhiMag * cosf(arg)
					want[c.numX+i] += kv[k].PhiMag * sinf(arg)
				}
			}
			nearSlice(t, want, got, 1e-4, "mri-q")
		})
	}
}
