package hecbenchwarp

import (
	"testing"

	"github.com/gocuda/gocuda/gocuda"
)

// meanShiftStep is one step of mean_shift on the host, point by point in
// the kernel's order.
func meanShiftStep(data []float32) []float32 {
	next := make([]float32, len(data))
	for p := range msN {
		var pos [msD]float32
		var tot float32
		for i := range msN {
			var sq float32
			for j := range msD {
				sq += (data[p*msD+j] - data[i*msD+j]) * (data[p*msD+j] - data[i*msD+j])
			}
			if sq <= msRadius {
				w := expf(-sq / msDblSigmaSq)
				for j := range msD {
					pos[j] += w * data[i*msD+j]
				}
				tot += w
			}
		}
		for j := range msD {
			next[p*msD+j] = pos[j] / tot
		}
	}
	return next
}

// TestMeanShift runs five steps of each kernel with main.cu's launch
// (BLOCKS blocks of 64; N = 1000 is not a multiple of 64) on three
// Gaussian clusters in 3D, swapping the buffers as main.cu does, against
// the host's steps. Both buffers are padded to BLOCKS·THREADS points,
// since mean_shift_tiling's threads past N read their point past the end
// (out of bounds in the original).
func TestMeanShift(t *testing.T) {
	const steps = 5
	r := rng(msN)
	data := make([]float32, msBlocks*msThreads*msD)
	centres := [3][msD]float32{{10, 10, 10}, {40, 20, 30}, {20, 45, 5}}
	for p := range msN {
		for j := range msD {
			data[p*msD+j] = centres[p%3][j] + float32(r.NormFloat64()*3)
		}
	}
	want := data[:msN*msD]
	for range steps {
		want = meanShiftStep(want)
	}
	for _, k := range []struct {
		name  string
		build func(data, next []float32) func(*gocuda.Thread)
	}{{"mean_shift", MeanShiftKernel}, {"mean_shift_tiling", MeanShiftTilingKernel}} {
		got := agree(t, func(f form) ([]float32, error) {
			d := append([]float32(nil), data...)
			next := make([]float32, len(d))
			for range steps {
				if err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: msBlocks}, Block: gocuda.Dim3{X: msThreads}}, k.build(d, next)); err != nil {
					return nil, err
				}
				d, next = next, d
			}
			return d[:msN*msD], nil
		})
		nearSlice(t, want, got, 1e-4, k.name)
	}
}
