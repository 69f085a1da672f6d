package corpus

import (
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

func TestBlogSaxpy(t *testing.T) {
	for _, n := range []int{0, 1, 1000} {
		r := rng(n)
		x, y0 := randF32(r, n), randF32(r, n)
		const a = 2.5
		want := make([]float32, n)
		for i := range n {
			want[i] = a*x[i] + y0[i]
		}
		for name, cfg := range map[string]gocuda.Config{
			"one thread each": {Grid: gocuda.Dim3{X: blocks(n, 256)}, Block: gocuda.Dim3{X: 256}},
			"grid-stride":     {Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: 64}},
		} {
			k := BlogSaxpyKernel
			if name == "grid-stride" {
				k = BlogSaxpyGridStrideKernel
			}
			got := agree(t, func(f form) ([]float32, error) {
				y := slices.Clone(y0)
				return y, f.launch(cfg, k(n, a, x, y))
			})
			require.Equal(t, want, got, "%s n=%d", name, n)
		}
	}
}

func TestBlogReverse(t *testing.T) {
	for _, n := range []int{1, 33, 64} {
		d0 := randI32(rng(n), n, 1000)
		want := slices.Clone(d0)
		slices.Reverse(want)
		static := agree(t, func(f form) ([]int32, error) {
			d := slices.Clone(d0)
			return d, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: n}}, StaticReverseKernel(d, n))
		})
		require.Equal(t, want, static, "staticReverse n=%d", n)
		dynamic := agree(t, func(f form) ([]int32, error) {
			d := slices.Clone(d0)
			return d, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: n}, SharedMem: 4 * n}, DynamicReverseKernel(d, n))
		})
		require.Equal(t, want, dynamic, "dynamicReverse n=%d", n)
	}
}

func TestBlogCoalescing(t *testing.T) {
	const blockSize, n = 64, 256
	for _, s := range []int{0, 1, 5, 32} {
		off := agree(t, func(f form) ([]float64, error) {
			a := make([]float64, n+32)
			return a, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: n / blockSize}, Block: gocuda.Dim3{X: blockSize}}, OffsetKernel(a, s))
		})
		str := agree(t, func(f form) ([]int32, error) {
			a := make([]int32, n*33)
			return a, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: n / blockSize}, Block: gocuda.Dim3{X: blockSize}}, StrideKernel(a, max(s, 1)))
		})
		for i := range off {
			want := 0.0
			if i >= s && i < s+n {
				want = 1
			}
			require.Equal(t, want, off[i], "offset %d, element %d", s, i)
		}
		for i := range str {
			var want int32
			if i%max(s, 1) == 0 && i/max(s, 1) < n {
				want = 1
			}
			require.Equal(t, want, str[i], "stride %d, element %d", s, i)
		}
	}
}

func TestBlogTranspose(t *testing.T) {
	for _, w := range []int{32, 96} {
		in := randF32(rng(w), w*w)
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: w / blogTileDim, Y: w / blogTileDim}, Block: gocuda.Dim3{X: blogTileDim, Y: blogBlockRows}}
		cp := agree(t, func(f form) ([]float32, error) {
			out := make([]float32, w*w)
			return out, f.launch(cfg, BlogCopySharedMemKernel(out, in))
		})
		require.Equal(t, in, cp, "copySharedMem %d", w)
		tr := agree(t, func(f form) ([]float32, error) {
			out := make([]float32, w*w)
			return out, f.launch(cfg, BlogTransposeCoalescedKernel(out, in))
		})
		for y := range w {
			for x := range w {
				require.Equal(t, in[y*w+x], tr[x*w+y], "transposeCoalesced (%d, %d)", x, y)
			}
		}
	}
}

// fdCoefficients are the post's stencil weights for a unit-length
// dimension of m points.
func fdCoefficients(m int) [4]float32 {
	dsinv := float32(m) - 1
	return [4]float32{4.0 / 5 * dsinv, -1.0 / 5 * dsinv, 4.0 / 105 * dsinv, -1.0 / 280 * dsinv}
}

func TestBlogFiniteDifference(t *testing.T) {
	f := randF32(rng(fdMx), fdMx*fdMy*fdMz)
	at := func(i, j, k int) float32 { return f[k*fdMx*fdMy+j*fdMx+i] }
	// wrap maps an index off the grid to its periodic image: the grid's
	// ends are the same point, so the period is m-1.
	wrap := func(p, m int) int {
		switch {
		case p < 0:
			return p + m - 1
		case p >= m:
			return p - m + 1
		}
		return p
	}
	cases := []struct {
		name        string
		grid, block gocuda.Dim3
		k           func(f, df []float32, a, b, c, d float32) func(*gocuda.Thread)
		dir         int
	}{
		{"x", gocuda.Dim3{X: fdMy / fdSPencils, Y: fdMz}, gocuda.Dim3{X: fdMx, Y: fdSPencils}, DerivativeXKernel, 0},
		{"x_lPencils", gocuda.Dim3{X: fdMy / fdLPencils, Y: fdMz}, gocuda.Dim3{X: fdMx, Y: fdSPencils}, DerivativeXLPencilsKernel, 0},
		{"y", gocuda.Dim3{X: fdMx / fdSPencils, Y: fdMz}, gocuda.Dim3{X: fdSPencils, Y: fdMy}, DerivativeYKernel, 1},
		{"y_lPencils", gocuda.Dim3{X: fdMx / fdLPencils, Y: fdMz}, gocuda.Dim3{X: fdLPencils, Y: fdMy * fdSPencils / fdLPencils}, DerivativeYLPencilsKernel, 1},
		{"z", gocuda.Dim3{X: fdMx / fdSPencils, Y: fdMy}, gocuda.Dim3{X: fdSPencils, Y: fdMz}, DerivativeZKernel, 2},
		{"z_lPencils", gocuda.Dim3{X: fdMx / fdLPencils, Y: fdMy}, gocuda.Dim3{X: fdLPencils, Y: fdMz * fdSPencils / fdLPencils}, DerivativeZLPencilsKernel, 2},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := [3]int{fdMx, fdMy, fdMz}[c.dir]
			w := fdCoefficients(m)
			got := agree(t, func(fm form) ([]float32, error) {
				df := make([]float32, len(f))
				return df, fm.launch(gocuda.Config{Grid: c.grid, Block: c.block}, c.k(f, df, w[0], w[1], w[2], w[3]))
			})
			want := make([]float32, len(f))
			for k := range fdMz {
				for j := range fdMy {
					for i := range fdMx {
						p := [3]int{i, j, k}
						val := func(d int) float32 {
							q := p
							q[c.dir] = wrap(q[c.dir]+d, m)
							return at(q[0], q[1], q[2])
						}
						want[k*fdMx*fdMy+j*fdMx+i] = w[0]*(val(1)-val(-1)) + w[1]*(val(2)-val(-2)) + w[2]*(val(3)-val(-3)) + w[3]*(val(4)-val(-4))
					}
				}
			}
			nearSlice(t, want, got, 1e-5, fmt.Sprint("derivative ", c.name))
		})
	}
}
