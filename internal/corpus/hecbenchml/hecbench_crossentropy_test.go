package hecbenchml

import (
	"math"
	"testing"

	"github.com/gocuda/gocuda/gocuda"
)

// TestLossBwd runs loss_bwd<float, float> on a batch of 3, W = 9 classes
// and H = 150 pixels (not a multiple of threadX = 64), with the
// benchmark's launch shape, against crossEntropy-cuda's loss_bwd_cpu.
func TestLossBwd(t *testing.T) {
	const bs, W, H = 3, 9, 150
	r := rng(bs, W, H)
	logSoftmax := make([]float32, bs*W*H)
	for i := range logSoftmax {
		logSoftmax[i] = r.Float32()
	}
	gradOut, gradNeg, weight := make([]float32, bs*H), make([]float32, bs*H), make([]float32, bs*H)
	target, mask := make([]int64, bs*H), make([]int64, bs*H)
	for i := range bs * H {
		gradOut[i], gradNeg[i], weight[i] = r.Float32(), r.Float32(), r.Float32()
		target[i], mask[i] = int64(r.IntN(W-1)), int64(r.IntN(2))
	}
	// loss_bwd_cpu.
	want := make([]float32, bs*W*H)
	for i := range bs {
		for j := range H {
			off := i*H + j
			g := -float64(gradOut[off]) * float64(weight[off])
			if mask[off] != 0 {
				g -= float64(gradNeg[off]) * float64(weight[off])
			}
			sum := g * float64(logSoftmax[i*W*H+int(target[off])*H+j])
			for k := range W {
				po := i*W*H + k*H + j
				v := -math.Exp(float64(logSoftmax[po])) * sum
				if int64(k) == target[off] {
					v += g
				}
				want[po] = float32(v)
			}
		}
	}
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: (H + crossEntropyThreadX - 1) / crossEntropyThreadX, Y: bs}, Block: gocuda.Dim3{X: crossEntropyThreadX, Y: 1}}
	got := agree(t, func(f form) ([]float32, error) {
		gp := make([]float32, bs*W*H)
		return gp, f.launch(cfg, LossBwdKernel(logSoftmax, gradOut, gradNeg, target, weight, mask, gp, W, H))
	})
	nearSlice(t, want, got, 1e-5, "loss_bwd")
}
