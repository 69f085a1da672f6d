package hecbenchml

import (
	"testing"

	"github.com/gocuda/gocuda/gocuda"
)

// TestNllLoss runs nll_loss_forward_reduce2d_kernel on one block of 128
// threads over 1000 frames of 13 classes, some targets equal to the
// ignored index, with weights and size_average, and without weights (a
// nil slice for nullptr) and without averaging, against nlll-cuda's
// reference.h.
func TestNllLoss(t *testing.T) {
	const nframe, kdim, threads, ignore = 1000, 13, 128, 5
	r := rng(nframe, kdim)
	input := randF32(r, nframe*kdim)
	weights := make([]float32, kdim)
	for i := range weights {
		weights[i] = r.Float32()
	}
	target := make([]int32, nframe)
	for i := range target {
		target[i] = int32(r.IntN(kdim))
	}
	for _, c := range []struct {
		name    string
		weights []float32
		average bool
	}{{"weighted, averaged", weights, true}, {"unweighted, summed", nil, false}} {
		var wantOut, wantW float64
		for i := range nframe {
			tg := target[i]
			if tg == ignore {
				continue
			}
			w := 1.0
			if c.weights != nil {
				w = float64(c.weights[tg])
			}
			wantOut -= float64(input[i*kdim+int(tg)]) * w
			wantW += w
		}
		if c.average {
			wantOut /= wantW
		}
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: threads}}
		got := agree(t, func(f form) ([]float32, error) {
			out, tw := make([]float32, 1), make([]float32, 1)
			err := f.launch(cfg, NllLossForwardReduce2dKernel(out, tw, input, target, c.weights, c.average, nframe, kdim, ignore, threads))
			return []float32{out[0], tw[0]}, err
		})
		nearSlice(t, []float32{float32(wantOut), float32(wantW)}, got, 1e-4, c.name)
	}
}
