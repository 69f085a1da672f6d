package samplesbooks

import (
	"math"
	"testing"

	"github.com/gocuda/gocuda/gocuda"
)

// lrnShape is the tensor shape of the LRN tests: lrn-cuda's 5D layout at
// a small size, depth 2 so that the depths' writes overlap as in the
// original.
const (
	lrnN, lrnC, lrnD, lrnH, lrnW = 2, 7, 2, 3, 4
	lrnSize                      = 5
	lrnAlpha, lrnBeta, lrnK      = 0.000122, 0.75, 1.0
)

// lrnOff is lrn-cuda's data_off: the depth does not enter.
func lrnOff(mb, c, h, w int) int {
	return mb*lrnC*lrnD*lrnH*lrnW + c*lrnH*lrnW + h*lrnW + w
}

// lrnWindow returns the channels around c that LRN sums over.
func lrnWindow(c int) (int, int) {
	half := (lrnSize - 1) / 2
	return max(c-half, 0), min(c+half+1, lrnC)
}

// lrnRef computes LRN across channels forward, dst = src·ω^(-β) with ω
// = k + α/size·Σ src² over the window, and backward, diff = ω^(-β)·g -
// 2αβ/size·src·Σ src'·ω'^(-β)·g'/ω' over the window, where the backward
// pass takes ω's sum of squares as lrn-cuda's get_omega does, in an int
// truncated after each addition (the original's `auto sum = 0`).
func lrnRef(src, grad []float32) (fwd, bwd []float32) {
	fwd, bwd = make([]float32, len(src)), make([]float32, len(src))
	for mb := range lrnN {
		for c := range lrnC {
			for h := range lrnH {
				for w := range lrnW {
					lo, hi := lrnWindow(c)
					sum := 0.0
					for c2 := lo; c2 < hi; c2++ {
						s := float64(src[lrnOff(mb, c2, h, w)])
						sum += s * s
					}
					omega := lrnK + lrnAlpha*sum/lrnSize
					off := lrnOff(mb, c, h, w)
					fwd[off] = float32(float64(src[off]) * math.Pow(omega, -lrnBeta))

					omegaOf := func(c int) float64 {
						lo, hi := lrnWindow(c)
						isum := int32(0)
						for c2 := lo; c2 < hi; c2++ {
							s := src[lrnOff(mb, c2, h, w)]
							isum = int32(float32(isum) + s*s)
						}
						return float64(float32(lrnK) + float32(lrnAlpha)*float32(isum)/lrnSize)
					}
					a := math.Pow(omegaOf(c), -lrnBeta) * float64(grad[off])
					b := 0.0
					for c2 := lo; c2 < hi; c2++ {
						o2 := lrnOff(mb, c2, h, w)
						om := omegaOf(c2)
						b += float64(src[o2]) * math.Pow(om, -lrnBeta) * float64(grad[o2]) / om
					}
					bwd[off] = float32(a - 2*lrnAlpha*lrnBeta*float64(src[off])/lrnSize*b)
				}
			}
		}
	}
	return fwd, bwd
}

// TestLrn runs lrn-cuda's forward and backward kernels on a 2×7×2×3×4
// tensor of values in [0, 1) (the benchmark's rand()/RAND_MAX; its α, β,
// k and size 5), blocks of 64 over a grid too small for the work, so that
// the grid-stride loops take several turns.
func TestLrn(t *testing.T) {
	const wk = lrnN * lrnC * lrnD * lrnH * lrnW
	r := rng(wk, 5)
	src, grad := make([]float32, wk), make([]float32, wk)
	for i := range src {
		src[i], grad[i] = r.Float32(), r.Float32()
	}
	wantF, wantB := lrnRef(src, grad)
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: 64}}
	got := agree(t, func(f form) ([2][]float32, error) {
		dst, diff := make([]float32, wk), make([]float32, wk)
		if err := f.launch(cfg, LrnFwdKernel(src, dst, lrnN, lrnC, lrnD, lrnH, lrnW,
			lrnC*lrnD*lrnH*lrnW, 5, wk, lrnSize, lrnAlpha, lrnBeta, lrnK)); err != nil {
			return [2][]float32{}, err
		}
		err := f.launch(cfg, LrnBwdKernel(src, grad, diff, lrnN, lrnC, lrnD, lrnH, lrnW,
			lrnC*lrnD*lrnH*lrnW, 5, wk, lrnSize, lrnAlpha, lrnBeta, lrnK))
		return [2][]float32{dst, diff}, err
	})
	nearSlice(t, wantF, got[0], 1e-6, "lrn_fwd_kernel")
	nearSlice(t, wantB, got[1], 1e-6, "lrn_bwd_kernel")
}
