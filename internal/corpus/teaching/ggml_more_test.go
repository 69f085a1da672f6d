package teaching

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestGgmlCrossEntropy computes the cross-entropy loss and its gradient of
// random logits against random distributions, one warp a row as
// ggml_cuda_cross_entropy_loss launches them, with and without the shared
// cache, against the host in float64.
func TestGgmlCrossEntropy(t *testing.T) {
	const nrows, nclasses = 6, 300
	r := rng(nrows, nclasses)
	logits := randF32(r, nrows*nclasses)
	labels := make([]float32, nrows*nclasses)
	for row := range nrows {
		var s float32
		for c := range nclasses {
			labels[row*nclasses+c] = r.Float32()
			s += labels[row*nclasses+c]
		}
		for c := range nclasses {
			labels[row*nclasses+c] /= s
		}
	}
	grad := []float32{0.75}
	wantLoss := make([]float32, nrows)
	wantGrad := make([]float32, nrows*nclasses)
	for row := range nrows {
		lg := logits[row*nclasses : (row+1)*nclasses]
		m := float64(slices.Max(lg))
		var s float64
		for _, v := range lg {
			s += math.Exp(float64(v) - m)
		}
		var loss float64
		for c, v := range lg {
			loss += (float64(v) - m - math.Log(s)) * float64(labels[row*nclasses+c])
			wantGrad[row*nclasses+c] = float32((math.Exp(float64(v)-m)/s - float64(labels[row*nclasses+c])) * float64(grad[0]) / nrows)
		}
		wantLoss[row] = float32(-loss / nrows)
	}
	for _, shared := range []bool{false, true} {
		t.Run(fmt.Sprint("shared=", shared), func(t *testing.T) {
			cfg := gocuda.Config{Grid: gocuda.Dim3{X: nrows}, Block: gocuda.Dim3{X: ggmlWarpSize}}
			if shared {
				cfg.SharedMem = nclasses * 4
			}
			loss := agree(t, func(f form) ([]float32, error) {
				dst := make([]float32, nrows)
				return dst, f.launch(cfg, CrossEntropyLossF32Kernel(logits, labels, dst, nclasses, nrows, shared))
			})
			nearSlice(t, wantLoss, loss, 1e-4, "loss")
			g := agree(t, func(f form) ([]float32, error) {
				dst := make([]float32, nrows*nclasses)
				return dst, f.launch(cfg, CrossEntropyLossBackF32Kernel(grad, logits, labels, dst, nclasses, shared))
			})
			nearSlice(t, wantGrad, g, 1e-4, "gradient")
		})
	}
}

// TestGgmlArgsort sorts rows' indices with k_argsort_f32_i32 in both
// orders, launched as argsort_f32_i32_cuda_bitonic launches it (ncols
// padded to a power of two, at most CUDA_ARGSORT_BLOCK_SIZE = 256 threads,
// so that wide rows take several columns a thread), and checks that the
// indices sort the row; init_indices and init_offsets fill CUB's inputs.
func TestGgmlArgsort(t *testing.T) {
	for _, ncols := range []int{7, 100, 1000} {
		for _, order := range []int{ggmlSortOrderAsc, ggmlSortOrderDesc} {
			t.Run(fmt.Sprint(ncols, "/", order), func(t *testing.T) {
				const nrows = 3
				x := randF32(rng(ncols, order), nrows*ncols)
				pad := 1
				for pad < ncols {
					pad *= 2
				}
				got := agree(t, func(f form) ([]int32, error) {
					dst := make([]int32, nrows*ncols)
					cfg := gocuda.Config{Grid: gocuda.Dim3{X: nrows}, Block: gocuda.Dim3{X: min(pad, 256)}, SharedMem: pad * 4}
					return dst, f.launch(cfg, ArgsortF32I32Kernel(x, dst, ncols, pad, order))
				})
				for row := range nrows {
					idx := got[row*ncols : (row+1)*ncols]
					want := make([]int32, ncols)
					for i := range want {
						want[i] = int32(i)
					}
					xr := x[row*ncols : (row+1)*ncols]
					slices.SortFunc(want, func(a, b int32) int {
						if order == ggmlSortOrderDesc {
							return cmp.Compare(xr[b], xr[a])
						}
						return cmp.Compare(xr[a], xr[b])
					})
					require.Equal(t, want, idx, "row %d", row)
				}
			})
		}
	}
	const ncols, nrows = 300, 4
	indices := agree(t, func(f form) ([]int32, error) {
		ind := make([]int32, ncols*nrows)
		return ind, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: (ncols + 255) / 256, Y: nrows}, Block: gocuda.Dim3{X: 256}}, InitIndicesKernel(ind, ncols, nrows))
	})
	for i, v := range indices {
		require.Equal(t, int32(i%ncols), v)
	}
	offsets := agree(t, func(f form) ([]int32, error) {
		off := make([]int32, 256)
		return off, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: 256}}, InitOffsetsKernel(off, ncols, nrows))
	})
	for i, v := range offsets {
		if i <= nrows {
			require.Equal(t, int32(i*ncols), v)
		} else {
			require.Zero(t, v)
		}
	}
}
