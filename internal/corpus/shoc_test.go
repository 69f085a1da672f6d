package corpus

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

func TestShocTriad(t *testing.T) {
	for _, n := range []int{128, 1024} {
		r := rng(n)
		a, b := randF32(r, n), randF32(r, n)
		got := agree(t, func(f form) ([]float32, error) {
			c := make([]float32, n)
			return c, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: n / 128}, Block: gocuda.Dim3{X: 128}}, TriadKernel(a, b, c, 1.75))
		})
		for i := range n {
			require.Equal(t, a[i]+1.75*b[i], got[i])
		}
	}
}

// TestShocReduce only runs the kernels on both paths: their last warp
// steps rely on lockstep warps, which neither CUDA (since Volta) nor
// gocuda promises, so they race (undefined behaviour), and each path's
// sum is that of its own schedule. The launches must complete; no sum is
// asserted.
func TestShocReduce(t *testing.T) {
	const threads, grid = 256, 4
	for _, n := range []int{2 * threads, 2 * threads * grid * 3} {
		in := make([]float32, n)
		for i := range in {
			in[i] = 1
		}
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: gocuda.Dim3{X: threads}, SharedMem: 4 * threads}
		both(t, func(f form) ([]float32, error) {
			out := make([]float32, grid)
			return out, f.launch(cfg, ShocReduceKernel(in, out, n, threads))
		})
		both(t, func(f form) ([]float32, error) {
			out := make([]float32, grid)
			return out, f.launch(cfg, ShocScanReduceKernel(in, out, n, threads))
		})
	}
}

// TestShocScan runs SHOC's scan with a host top-level scan of exact block
// sums in place of its reduce kernel (see TestShocReduce): the single
// block scan of the block sums, then the bottom scan.
func TestShocScan(t *testing.T) {
	const threads = 64
	for _, c := range []struct{ n, grid int }{{4, 1}, {1024, 4}, {4000, 7}} {
		t.Run(fmt.Sprint(c), func(t *testing.T) {
			r := rng(c.n)
			in := make([]float32, c.n)
			for i := range in {
				in[i] = float32(r.IntN(9)) // exact sums
			}
			regionSize := c.n / 4 / c.grid * 4
			blockSums := make([]float32, c.grid)
			for b := range c.grid {
				stop := (b + 1) * regionSize
				if b == c.grid-1 {
					stop = c.n
				}
				for _, v := range in[b*regionSize : stop] {
					blockSums[b] += v
				}
			}
			got := agree(t, func(f form) ([]float32, error) {
				sums, out := append([]float32(nil), blockSums...), make([]float32, c.n)
				if err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: threads}, SharedMem: 2 * 4 * threads}, ShocScanSingleBlockKernel(sums, c.grid, threads)); err != nil {
					return nil, err
				}
				return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: c.grid}, Block: gocuda.Dim3{X: threads}, SharedMem: 2 * 4 * threads}, ShocBottomScanKernel(in, out, sums, c.n, threads))
			})
			var s float32
			for i := range c.n {
				s += in[i]
				require.Equal(t, s, got[i], "element %d", i)
			}
		})
	}
}

// randCSR is a random dim×dim CSR matrix with 0 to 40 entries a row, its
// ELLPACK-R form and a dense vector.
type csrCase struct {
	dim                     int
	val, ellVal, vec        []float32
	cols, rowDelim, ellCols []int32
	rowLengths              []int32
	want                    []float32
}

func newCSRCase(dim int) csrCase {
	r := rng(dim, 5)
	c := csrCase{dim: dim, vec: randF32(r, dim), rowDelim: []int32{0}, rowLengths: make([]int32, dim), want: make([]float32, dim)}
	maxLen := 0
	for i := range dim {
		k := r.IntN(41)
		for range k {
			c.cols = append(c.cols, r.Int32N(int32(dim)))
			c.val = append(c.val, 2*r.Float32()-1)
		}
		c.rowDelim = append(c.rowDelim, int32(len(c.cols)))
		c.rowLengths[i] = int32(k)
		maxLen = max(maxLen, k)
		var s float32
		for j := c.rowDelim[i]; j < c.rowDelim[i+1]; j++ {
			s += c.val[j] * c.vec[c.cols[j]]
		}
		c.want[i] = s
	}
	c.ellVal, c.ellCols = make([]float32, maxLen*dim), make([]int32, maxLen*dim)
	for i := range dim {
		for k := range int(c.rowLengths[i]) {
			c.ellVal[k*dim+i] = c.val[int(c.rowDelim[i])+k]
			c.ellCols[k*dim+i] = c.cols[int(c.rowDelim[i])+k]
		}
	}
	return c
}

// TestShocSpmv checks the scalar and ELLPACK-R kernels against SHOC's
// spmvCpu; the vector kernel, whose warp-synchronous reduction races (see
// TestShocReduce), is only run on both paths.
func TestShocSpmv(t *testing.T) {
	for _, dim := range []int{1, 100, 300} {
		c := newCSRCase(dim)
		scalar := agree(t, func(f form) ([]float32, error) {
			out := make([]float32, dim)
			return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks(dim, spmvBlockSize)}, Block: gocuda.Dim3{X: spmvBlockSize}}, SpmvCsrScalarKernel(c.val, c.cols, c.rowDelim, dim, out, c.vec))
		})
		require.Equal(t, c.want, scalar, "csr scalar dim=%d", dim)
		ell := agree(t, func(f form) ([]float32, error) {
			out := make([]float32, dim)
			return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks(dim, spmvBlockSize)}, Block: gocuda.Dim3{X: spmvBlockSize}}, SpmvEllpackrKernel(c.ellVal, c.ellCols, c.rowLengths, dim, out, c.vec))
		})
		require.Equal(t, c.want, ell, "ellpackr dim=%d", dim)
		both(t, func(f form) ([]float32, error) {
			out := make([]float32, dim)
			return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks(dim, spmvBlockSize/32)}, Block: gocuda.Dim3{X: spmvBlockSize}}, SpmvCsrVectorKernel(c.val, c.cols, c.rowDelim, dim, out, c.vec))
		})
	}
}

func TestShocMD(t *testing.T) {
	const cutsq, lj1, lj2 = 16.0, 1.5, 2.0
	for _, nAtom := range []int{32, 256} {
		const neigh = 16
		r := rng(nAtom)
		pos := make([]float4, nAtom)
		for i := range pos {
			pos[i] = float4{r.Float32() * 20, r.Float32() * 20, r.Float32() * 20, 0}
		}
		list := make([]int32, neigh*nAtom)
		for i := range nAtom {
			for j := range neigh {
				list[j*nAtom+i] = int32((i + 1 + j) % nAtom) // never i itself
			}
		}
		got := agree(t, func(f form) ([]float4, error) {
			force := make([]float4, nAtom)
			return force, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: nAtom / 32}, Block: gocuda.Dim3{X: 32}}, ComputeLjForceKernel(force, pos, neigh, list, cutsq, lj1, lj2, nAtom))
		})
		for i := range nAtom {
			var fx, fy, fz float32
			for j := range neigh {
				p := pos[list[j*nAtom+i]]
				dx, dy, dz := pos[i].X-p.X, pos[i].Y-p.Y, pos[i].Z-p.Z
				r2 := dx*dx + dy*dy + dz*dz
				if r2 < cutsq {
					r2 = 1 / r2
					r6 := r2 * r2 * r2
					force := r2 * r6 * (lj1*r6 - lj2)
					fx += dx * force
					fy += dy * force
					fz += dz * force
				}
			}
			for k, w := range []float32{fx, fy, fz} {
				g := []float32{got[i].X, got[i].Y, got[i].Z}[k]
				require.InDelta(t, w, g, 1e-4*math.Max(1, math.Abs(float64(w))), "atom %d component %d", i, k)
			}
		}
	}
}

func TestShocStencil2D(t *testing.T) {
	const wCenter, wCardinal, wDiagonal = 0.25, 0.15, 0.05
	for _, c := range []struct{ gRows, gCols, lRows, lCols, alignment int }{{8, 16, 8, 16, 16}, {32, 48, 8, 16, 16}, {16, 32, 4, 8, 5}} {
		t.Run(fmt.Sprint(c), func(t *testing.T) {
			nCols := c.gCols + 2
			padded := nCols
			if nCols%c.alignment != 0 {
				padded += c.alignment - nCols%c.alignment
			}
			rows := c.gRows + 2
			data := randF32(rng(c.gRows, c.gCols), rows*padded)
			got := agree(t, func(f form) ([]float32, error) {
				out := make([]float32, rows*padded)
				cfg := gocuda.Config{Grid: gocuda.Dim3{X: c.gRows / c.lRows, Y: c.gCols / c.lCols}, Block: gocuda.Dim3{X: 1, Y: c.lCols}, SharedMem: 4 * (c.lRows + 2) * (c.lCols + 2)}
				return out, f.launch(cfg, StencilKernel(data, out, c.alignment, c.lRows, wCenter, wCardinal, wDiagonal))
			})
			at := func(i, j int) float32 { return data[i*padded+j] }
			for i := 1; i <= c.gRows; i++ {
				for j := 1; j <= c.gCols; j++ {
					want := wCenter*at(i, j) +
						wCardinal*(at(i-1, j)+at(i+1, j)+at(i, j+1)+at(i, j-1)) +
						wDiagonal*(at(i-1, j+1)+at(i+1, j+1)+at(i-1, j-1)+at(i+1, j-1))
					require.InDelta(t, want, got[i*padded+j], 1e-6, "(%d, %d)", i, j)
				}
			}
		})
	}
}
