package difftest

import (
	"errors"
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestInterchangeMatMulForms: the interchanged matrix multiply agrees with
// the runtime path and the host's, each product added in the same order,
// for sizes that leave partial blocks.
func TestInterchangeMatMulForms(t *testing.T) {
	for _, block := range []gocuda.Dim3{{X: 16, Y: 16}, {X: 8, Y: 4}, {X: 5, Y: 3}} {
		for _, mkn := range [][3]int{{1, 1, 1}, {17, 9, 33}, {64, 40, 16}} {
			m, k, n := mkn[0], mkn[1], mkn[2]
			t.Run(fmt.Sprintf("%v/%dx%dx%d", block, m, k, n), func(t *testing.T) {
				a, b := randF(m*k), randF(k*n)
				cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, block.X), Y: blocks(m, block.Y)}, Block: block}
				got := agree(t, func(f form) ([]float32, error) {
					c := make([]float32, m*n)
					return c, f.launch(cfg, InterchangeMatMulKernel(a, b, c, m, k, n))
				})
				for i := range m {
					for j := range n {
						var want float32
						for p := range k {
							want += a[i*k+p] * b[p*n+j]
						}
						require.Equal(t, want, got[i*n+j], "c[%d][%d]", i, j)
					}
				}
			})
		}
	}
}

// TestInterchangeColumnsForms: threads past the last column return before
// the loop (interchanged, where the sum is in float64) and do not come
// back after the barrier.
func TestInterchangeColumnsForms(t *testing.T) {
	kernels := map[string]func(b, out []float32, who []int32, k, n int) func(*gocuda.Thread){
		"float32": InterchangeColumnsKernel, "float64": InterchangeColumnsDoubleKernel,
	}
	for name, kernel := range kernels {
		for _, bs := range []int{1, 7, 32, 100} {
			for _, kn := range [][2]int{{1, 5}, {6, 100}, {7, 257}} {
				k, n := kn[0], kn[1]
				t.Run(fmt.Sprintf("%s/block=%d/%dx%d", name, bs, k, n), func(t *testing.T) {
					b := randF(k * n)
					grid := blocks(n, bs) + 1 // a block of threads that all return
					type result struct {
						out []float32
						who []int32
					}
					got := agree(t, func(f form) (result, error) {
						r := result{make([]float32, grid*bs), make([]int32, grid*bs)}
						for i := range r.who {
							r.who[i] = -1
						}
						return r, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: gocuda.Dim3{X: bs}}, kernel(b, r.out, r.who, k, n))
					})
					for j := range grid * bs {
						if j >= n {
							require.Equal(t, int32(-1), got.who[j], "column %d past the end", j)
							continue
						}
						require.Equal(t, columnHost(b, j, k, n, name == "float64"), got.out[j], "column %d", j)
						require.Equal(t, int32(j%bs), got.who[j], "column %d", j)
					}
				})
			}
		}
	}
}

// columnHost is what InterchangeColumnsKernel, or with double
// InterchangeColumnsDoubleKernel, stores for column j.
func columnHost(b []float32, j, k, n int, double bool) float32 {
	want, want64 := float32(j), float64(j)
	for p := 0; p < k; p += 2 {
		if p+1 < k {
			want += b[(p+1)*n+j] * 2
			want64 += float64(b[(p+1)*n+j] * 2)
		}
		want += b[p*n+j]
		want64 += float64(b[p*n+j])
	}
	if double {
		return float32(want64)
	}
	return want
}

// TestInterchangeFailure: a b too short for the last rows fails the launch
// at a thread whose index is out of range, with the runtime path's error.
func TestInterchangeFailure(t *testing.T) {
	const m, k, n = 4, 8, 16
	a, b := randF(m*k), randF((k-1)*n+5) // row k-1 of b has 5 columns
	var errs [2]*gocuda.KernelError
	for i, f := range forms {
		c := make([]float32, m*n)
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1, Y: 1}, Block: gocuda.Dim3{X: n, Y: m}}, InterchangeMatMulKernel(a, b, c, m, k, n))
		require.True(t, errors.As(err, &errs[i]), "%s: %v", f.name, err)
		assert.ErrorIs(t, err, gocuda.ErrIllegalAddress, f.name)
		assert.GreaterOrEqual(t, errs[i].Thread.X, 5, "%s: a thread whose column row k-1 lacks", f.name)
	}
	assert.Equal(t, errs[1].Value, errs[0].Value, "the message")
}

// TestInterchangeFailureRow: an a too short for its last row fails the
// launch on both paths, at the same thread of that row, with the same
// message, where the SIMD build runs sixteen threads a step (a uniform
// load that may fail, the first step's before the second's: vecjam.go).
func TestInterchangeFailureRow(t *testing.T) {
	const m, k, n = 4, 8, 32
	a, b := randF(m*k-3), randF(k*n) // row m-1 of a lacks its last 3 elements
	var errs [2]*gocuda.KernelError
	for i, f := range forms {
		c := make([]float32, m*n)
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1, Y: 1}, Block: gocuda.Dim3{X: n, Y: m}}, InterchangeMatMulKernel(a, b, c, m, k, n))
		require.True(t, errors.As(err, &errs[i]), "%s: %v", f.name, err)
		assert.ErrorIs(t, err, gocuda.ErrIllegalAddress, f.name)
		assert.Equal(t, m-1, errs[i].Thread.Y, "%s: a thread of the last row", f.name)
	}
	assert.Equal(t, errs[1].Value, errs[0].Value, "the message")
	assert.Equal(t, errs[1].Thread, errs[0].Thread, "the failing thread")
}

// nearestHost is what InterchangeNearestKernel stores, computed on the
// host point by point.
func nearestHost(features, clusters []float32, membership []int32, nf, npoints, nclusters int) {
	for i := range npoints {
		index, minDist := int32(-1), float32(math.MaxFloat32)
		for c := range nclusters {
			var ans float32
			for j := range nf {
				diff := features[i+j*npoints] - clusters[c*nf+j]
				ans += diff * diff
			}
			if ans < minDist {
				minDist, index = ans, int32(c)
			}
		}
		membership[i] = index
	}
}

// nearestDoubleHost is what InterchangeNearestDoubleKernel stores.
func nearestDoubleHost(features, clusters []float32, membership []int32, nf, npoints, nclusters int) {
	for i := range npoints {
		index, minDist := int32(-1), math.MaxFloat64
		for c := range nclusters {
			var ans float64
			for j := range nf {
				diff := float64(features[i+j*npoints] - clusters[c*nf+j])
				ans += diff * diff
			}
			if ans < minDist {
				minDist, index = ans, int32(c)
			}
		}
		membership[i] = index
	}
}

// TestInterchangeNearestForms: the guarded nest of kmeans, run eight
// points a step (float32) or taken apart around its loops (float64),
// agrees with the runtime path and the host, for point counts that leave
// the last block part idle, and threads past the points leave their slots
// alone.
func TestInterchangeNearestForms(t *testing.T) {
	const nf, nclusters, bs = 5, 4, 64
	kernels := map[string]struct {
		kernel func(features, clusters []float32, membership []int32, nf, npoints, nclusters int) func(*gocuda.Thread)
		host   func(features, clusters []float32, membership []int32, nf, npoints, nclusters int)
	}{
		"float32": {InterchangeNearestKernel, nearestHost},
		"float64": {InterchangeNearestDoubleKernel, nearestDoubleHost},
	}
	for name, k := range kernels {
		for _, npoints := range []int{1, 63, 64, 200, 1000} {
			t.Run(fmt.Sprintf("%s/points=%d", name, npoints), func(t *testing.T) {
				features, clusters := randF(nf*npoints), randF(nf*nclusters)
				grid := blocks(npoints, bs) + 1 // a block of idle threads
				got := agree(t, func(f form) ([]int32, error) {
					m := make([]int32, grid*bs)
					for i := range m {
						m[i] = -7
					}
					return m, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: gocuda.Dim3{X: bs}},
						k.kernel(features, clusters, m, nf, npoints, nclusters))
				})
				want := make([]int32, grid*bs)
				for i := range want {
					want[i] = -7
				}
				k.host(features, clusters, want, nf, npoints, nclusters)
				assert.Equal(t, want, got)
			})
		}
	}
}

// TestInterchangeNearestFailure: a features slice one column short fails
// on both paths, at a thread of the last column (the compiled form's
// first in trip order, which CUDA leaves unordered).
func TestInterchangeNearestFailure(t *testing.T) {
	const nf, npoints, nclusters, bs = 5, 128, 3, 64
	features, clusters := randF(nf*npoints-1), randF(nf*nclusters)
	for _, f := range forms {
		m := make([]int32, npoints)
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: npoints / bs}, Block: gocuda.Dim3{X: bs}},
			InterchangeNearestKernel(features, clusters, m, nf, npoints, nclusters))
		var ke *gocuda.KernelError
		require.True(t, errors.As(err, &ke), "%s: %v", f.name, err)
		assert.ErrorIs(t, err, gocuda.ErrIllegalAddress, f.name)
		assert.Equal(t, gocuda.Dim3{X: 1}, ke.Block, "%s: the block of the last point", f.name)
		assert.Equal(t, gocuda.Dim3{X: bs - 1}, ke.Thread, "%s: the last point's thread", f.name)
	}
}

// TestInterchangeShadowForms: a local declared under the guard with a
// parameter's name, taken ahead of the guard, leaves the parameter to the
// code after it.
func TestInterchangeShadowForms(t *testing.T) {
	const k, n, bs, s = 6, 100, 32, 3
	b := randF(k * n)
	got := agree(t, func(f form) ([]float32, error) {
		out := make([]float32, blocks(n, bs)*bs)
		return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, bs)}, Block: gocuda.Dim3{X: bs}},
			InterchangeShadowKernel(b, out, k, n, s))
	})
	for col := range n {
		sum := float64(b[col] * s)
		for p := 1; p < k; p++ {
			sum += float64(b[p*n+col])
		}
		require.Equal(t, float32(sum)+s, got[col], "column %d", col)
	}
}

// TestInterchangeHelperForms: helpers walking a column are inlined and
// their loops run row by row for the block, with the same results as the
// runtime path and a host reference; a b one row short fails on both
// paths.
func TestInterchangeHelperForms(t *testing.T) {
	const k, bs, x = 7, 32, 3
	for _, n := range []int{5, 32, 100} {
		t.Run(fmt.Sprintf("n=%d", n), func(t *testing.T) {
			b, w := randF(k*n), randF(n)
			got := agree(t, func(f form) ([]float32, error) {
				out := make([]float32, blocks(n, bs)*bs)
				return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, bs)}, Block: gocuda.Dim3{X: bs}},
					InterchangeHelperKernel(b, w, out, k, n, x%n))
			})
			for i := range n {
				var d64 float64
				var s float32
				for j := range k {
					diff := b[j*n+i] - b[j*n+x%n]
					d64 += float64(diff * diff)
				}
				d := float32(d64)
				for j := 0; j < k; j += 2 {
					s += b[i+j*n]
				}
				if i+1 < len(b) {
					s += b[i+1]
				}
				require.Equal(t, d*w[i]+s, got[i], "column %d", i)
			}
		})
	}
	for _, f := range forms {
		const n = 64
		out := make([]float32, n)
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: n / bs}, Block: gocuda.Dim3{X: bs}},
			InterchangeHelperKernel(randF((k-1)*n), randF(n), out, k, n, x))
		assert.ErrorIs(t, err, gocuda.ErrIllegalAddress, f.name)
	}
}

// TestGuardTailForms: threads returned before an interchanged loop write
// nothing after it, past a uniform update and a grid-stride loop, against
// the host.
func TestGuardTailForms(t *testing.T) {
	const n, bs = 96, 32
	in := randInts(n)
	for _, below := range []int{0, 5, n} {
		for _, stride := range []bool{false, true} {
			type res struct{ out, g []int32 }
			got := agree(t, func(f form) (res, error) {
				r := res{make([]int32, n), make([]int32, n)}
				cfg := gocuda.Config{Grid: gocuda.Dim3{X: n / bs}, Block: gocuda.Dim3{X: bs}}
				return r, f.launch(cfg, GuardTailKernel(in, r.out, r.g, below, 3, stride))
			})
			want := res{make([]int32, n), make([]int32, n)}
			for i := range n {
				if i < below {
					continue
				}
				a := int32(i)
				for k := range 3 {
					if ix := k*bs + i%bs; ix < n {
						a += in[ix]
					}
				}
				w := int32(3 ^ 5)
				if stride {
					want.g[i] += w // each j is one thread's start: one stride covers the grid
				}
				want.out[i] = a + w
			}
			require.Equal(t, want, got, "below %d, stride %v", below, stride)
		}
	}
}

// TestGuardStrideForms: threads returned before a grid-stride loop and an
// interchanged loop write nothing in either, against the host.
func TestGuardStrideForms(t *testing.T) {
	const n, bs = 96, 32
	in := randInts(n)
	for _, below := range []int{0, 5, 40, n} {
		type res struct{ out, g []int32 }
		got := agree(t, func(f form) (res, error) {
			r := res{make([]int32, n), make([]int32, 2*n)}
			cfg := gocuda.Config{Grid: gocuda.Dim3{X: n / bs}, Block: gocuda.Dim3{X: bs}}
			return r, f.launch(cfg, GuardStrideKernel(in, r.out, r.g, below, 3))
		})
		want := res{make([]int32, n), make([]int32, 2*n)}
		for i := below; i < n; i++ {
			want.g[i] += 3 // two trips of the grid's stride, n
			want.g[i+n] += 3
			a := int32(i)
			for k := range 3 {
				if ix := k*bs + i%bs; ix < n {
					a += in[ix]
				}
			}
			want.out[i] = a
		}
		require.Equal(t, want, got, "below %d", below)
	}
}
