package teaching

import (
	"fmt"
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestGgmlNorm normalizes rows of a 2×3 grid of (row, channel, sample)
// with norm_f32 and l2_norm_f32, with both block sizes
// norm_f32_cuda chooses between (32 below 1024 columns, 1024 above), and
// compares with the host in float64.
func TestGgmlNorm(t *testing.T) {
	for _, ncols := range []int{100, 1500} {
		blockSize := 32
		if ncols >= 1024 {
			blockSize = 1024
		}
		const nrows, nch, ns = 2, 3, 2
		n := nrows * nch * ns * ncols
		r := rng(ncols)
		x := randF32(r, n)
		for i := range x {
			x[i] += 0.5
		}
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: nrows, Y: nch, Z: ns}, Block: gocuda.Dim3{X: blockSize}}
		sr, sc, ss := int64(ncols), int64(ncols*nrows), int64(ncols*nrows*nch)
		for _, l2 := range []bool{false, true} {
			t.Run(fmt.Sprint(ncols, "/l2=", l2), func(t *testing.T) {
				got := agree(t, func(f form) ([]float32, error) {
					dst := make([]float32, n)
					k := NormF32Kernel(x, dst, ncols, sr, sc, ss, 1e-5, blockSize)
					if l2 {
						k = L2NormF32Kernel(x, dst, ncols, sr, sc, ss, 1e-6, blockSize)
					}
					return dst, f.launch(cfg, k)
				})
				want := make([]float32, n)
				for row := 0; row < n; row += ncols {
					var s, s2 float64
					for _, v := range x[row : row+ncols] {
						s += float64(v)
						s2 += float64(v) * float64(v)
					}
					mean := s / float64(ncols)
					for j, v := range x[row : row+ncols] {
						if l2 {
							want[row+j] = float32(float64(v) / math.Max(math.Sqrt(s2), 1e-6))
						} else {
							want[row+j] = float32((float64(v) - mean) / math.Sqrt(s2/float64(ncols)-mean*mean+1e-5))
						}
					}
				}
				nearSlice(t, want, got, 1e-4, "norm")
			})
		}
	}
}

// TestGgmlGroupNorm normalizes groups with group_norm_f32 as
// group_norm_f32_cuda launches it (32 threads below 1024 elements a
// group, 1024 above), the last group cut short, against the host.
func TestGgmlGroupNorm(t *testing.T) {
	for _, groupSize := range []int{300, 2000} {
		t.Run(fmt.Sprint(groupSize), func(t *testing.T) {
			blockSize := 32
			if groupSize >= 1024 {
				blockSize = 1024
			}
			const groups = 4
			ne := groups*groupSize - groupSize/3
			x := randF32(rng(groupSize), ne)
			got := agree(t, func(f form) ([]float32, error) {
				dst := make([]float32, ne)
				return dst, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: groups}, Block: gocuda.Dim3{X: blockSize}},
					GroupNormF32Kernel(x, dst, groupSize, ne, 1e-6, blockSize))
			})
			want := make([]float32, ne)
			for g := range groups {
				lo, hi := g*groupSize, min((g+1)*groupSize, ne)
				var s float64
				for _, v := range x[lo:hi] {
					s += float64(v)
				}
				mean := s / float64(groupSize)
				var v2 float64
				for _, v := range x[lo:hi] {
					v2 += (float64(v) - mean) * (float64(v) - mean)
				}
				for j := lo; j < hi; j++ {
					want[j] = float32((float64(x[j]) - mean) / math.Sqrt(v2/float64(groupSize)+1e-6))
				}
			}
			nearSlice(t, want, got, 1e-4, "group norm")
		})
	}
}

// TestGgmlRmsNormBack computes RMS normalization's gradient with
// rms_norm_back_f32 (one row a block, 32 or 1024 threads as
// rms_norm_back_f32_cuda chooses) against the host's formula.
func TestGgmlRmsNormBack(t *testing.T) {
	for _, ncols := range []int{200, 1100} {
		t.Run(fmt.Sprint(ncols), func(t *testing.T) {
			blockSize := 32
			if ncols >= 1024 {
				blockSize = 1024
			}
			const nrows = 3
			r := rng(ncols, 2)
			grad, xf := randF32(r, nrows*ncols), randF32(r, nrows*ncols)
			const eps = 1e-6
			got := agree(t, func(f form) ([]float32, error) {
				dst := make([]float32, nrows*ncols)
				return dst, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: nrows}, Block: gocuda.Dim3{X: blockSize}},
					RmsNormBackF32Kernel(grad, xf, dst, ncols, eps, blockSize))
			})
			want := make([]float32, nrows*ncols)
			for row := range nrows {
				var xx, xg float64
				for c := range ncols {
					v := float64(xf[row*ncols+c])
					xx += v * v
					xg += v * float64(grad[row*ncols+c])
				}
				sg := 1 / math.Sqrt(xx/float64(ncols)+eps)
				sx := -sg * xg / (xx + float64(ncols)*eps)
				for c := range ncols {
					i := row*ncols + c
					want[i] = float32(sg*float64(grad[i]) + sx*float64(xf[i]))
				}
			}
			nearSlice(t, want, got, 1e-4, "rms norm back")
		})
	}
}

// TestGgmlArgmax finds each row's largest element with argmax_f32,
// launched as ggml_cuda_argmax launches it (the row's length rounded up to
// a warp, at most 1024 threads), with ties, against the host.
func TestGgmlArgmax(t *testing.T) {
	for _, ncols := range []int{20, 100, 5000} {
		t.Run(fmt.Sprint(ncols), func(t *testing.T) {
			const nrows = 5
			r := rng(ncols, 3)
			x := make([]float32, nrows*ncols)
			for i := range x {
				x[i] = float32(r.IntN(50))
			}
			threads := min(1024, (ncols+ggmlWarpSize-1)/ggmlWarpSize*ggmlWarpSize)
			got := agree(t, func(f form) ([]int32, error) {
				dst := make([]int32, nrows)
				return dst, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: nrows}, Block: gocuda.Dim3{X: threads}},
					ArgmaxF32Kernel(x, dst, int64(ncols)))
			})
			for row := range nrows {
				best := 0
				for c := range ncols {
					if x[row*ncols+c] > x[row*ncols+best] {
						best = c
					}
				}
				require.Equal(t, int32(best), got[row], "row %d", row)
			}
		})
	}
}
