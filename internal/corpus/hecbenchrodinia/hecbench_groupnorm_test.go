package hecbenchrodinia

import (
	"fmt"
	"math"
	"testing"

	"github.com/gocuda/gocuda/gocuda"
)

// TestHecbenchGroupnorm runs groupnorm_forward_kernel,
// groupnorm_forward_kernel2 and groupnorm_backward_kernel as groupnorm's
// launchers do (a block per group, min(TPB, group pixels) threads, at
// least 32 per channel for the backward pass) and compares with the
// host's group normalization and its gradients in float64. The sizes keep
// blocks whole warps (a partial tile's cg::reduce is undefined) and take
// the backward pass's warp-per-channel branch (its block-per-channel
// branch lets thread 0 read shared sums the next channel's warps may
// already be overwriting).
func TestHecbenchGroupnorm(t *testing.T) {
	for _, sz := range []struct{ B, C, H, W, groups int }{{2, 8, 8, 8, 2}, {2, 60, 5, 7, 2}} {
		t.Run(fmt.Sprint(sz), func(t *testing.T) {
			B, C, groups := sz.B, sz.C, sz.groups
			imgSize := sz.H * sz.W
			groupSize := C / groups
			nBlocks := B * groups
			pixels := imgSize * groupSize
			fwdBlock := max(min(gnTPB, pixels), 32)
			bwdBlock := max(min(gnTPB, pixels), 32*groupSize)
			r := rng(B, C, imgSize)
			x, dout := randF32(r, B*C*imgSize), randF32(r, B*C*imgSize)
			weight, bias := randF32(r, C), randF32(r, C)

			// the host's forward and backward passes
			wantOut := make([]float32, B*C*imgSize)
			wantMean, wantRstd := make([]float32, nBlocks), make([]float32, nBlocks)
			wantDx := make([]float32, B*C*imgSize)
			wantDw, wantDb := make([]float64, C), make([]float64, C)
			for blk := range nBlocks {
				g := blk % groups
				xs, ds := x[blk*pixels:(blk+1)*pixels], dout[blk*pixels:(blk+1)*pixels]
				var sum, sum2 float64
				for _, v := range xs {
					sum += float64(v)
					sum2 += float64(v) * float64(v)
				}
				m := sum / float64(pixels)
				s := 1 / math.Sqrt(sum2/float64(pixels)-m*m+1e-5)
				wantMean[blk], wantRstd[blk] = float32(m), float32(s)
				var wd, wdn float64
				for i, v := range xs {
					c := g*groupSize + i/imgSize
					n := (float64(v) - m) * s
					wantOut[blk*pixels+i] = float32(n*float64(weight[c]) + float64(bias[c]))
					wd += float64(weight[c]) * float64(ds[i])
					wdn += float64(weight[c]) * float64(ds[i]) * n
					wantDw[c] += float64(ds[i]) * n
					wantDb[c] += float64(ds[i])
				}
				wd /= float64(pixels)
				wdn /= float64(pixels)
				for i, v := range xs {
					c := g*groupSize + i/imgSize
					n := (float64(v) - m) * s
					wantDx[blk*pixels+i] = float32((float64(weight[c])*float64(ds[i]) - wd - n*wdn) * s)
				}
			}

			type fwd struct{ out, mean, rstd []float32 }
			for _, kernel := range []struct {
				name string
				k    func(x, weight, bias, out, mean, rstd []float32, B, C, imgSize, groupSize, nGroups int) func(*gocuda.Thread)
			}{{"forward", GroupnormForwardKernel}, {"forward2", GroupnormForward2Kernel}} {
				got := agree(t, func(f form) (fwd, error) {
					res := fwd{make([]float32, B*C*imgSize), make([]float32, nBlocks), make([]float32, nBlocks)}
					err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: nBlocks}, Block: gocuda.Dim3{X: fwdBlock}},
						kernel.k(x, weight, bias, res.out, res.mean, res.rstd, B, C, imgSize, groupSize, groups))
					return res, err
				})
				nearSlice(t, wantOut, got.out, 2e-4, kernel.name+" out")
				nearSlice(t, wantMean, got.mean, 1e-5, kernel.name+" mean")
				nearSlice(t, wantRstd, got.rstd, 1e-4, kernel.name+" rstd")
			}

			type bwd struct{ dx, dw, db []float32 }
			got := both(t, func(f form) (bwd, error) {
				res := bwd{make([]float32, B*C*imgSize), make([]float32, C), make([]float32, C)}
				err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: nBlocks}, Block: gocuda.Dim3{X: bwdBlock}},
					GroupnormBackwardKernel(dout, x, wantMean, wantRstd, weight, res.dx, res.dw, res.db, B, C, imgSize, groupSize, groups))
				return res, err
			})
			for i, f := range forms {
				nearSlice(t, wantDx, got[i].dx, 2e-4, "%s dx", f.name)
				nearSlice(t, f64to32(wantDw), got[i].dw, 2e-4, "%s dweight", f.name)
				nearSlice(t, f64to32(wantDb), got[i].db, 2e-4, "%s dbias", f.name)
			}
		})
	}
}

// f64to32 rounds s to float32s.
func f64to32(s []float64) []float32 {
	r := make([]float32, len(s))
	for i, v := range s {
		r[i] = float32(v)
	}
	return r
}
