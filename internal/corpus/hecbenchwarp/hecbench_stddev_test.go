package hecbenchwarp

import (
	"fmt"
	"testing"

	"github.com/gocuda/gocuda/gocuda"
)

// TestStddev runs the host's stddev (sopKernel on a grid of row blocks by
// column blocks, then sampleKernel with N−1) on 32×77, 64×1000 and
// 96×333 matrices (D a multiple of 32, as main.cu requires; N not a
// multiple of the 32 rows a block covers) against stddev_ref within
// main.cu's 1e-3.
func TestStddev(t *testing.T) {
	const rowsPerBlk = (stddevTPB / stddevColsPerBlk) * 4
	for _, c := range [][2]int{{32, 77}, {64, 1000}, {96, 333}} {
		D, N := c[0], c[1]
		r := rng(D, N)
		data := make([]float32, D*N)
		for i := range data {
			data[i] = r.Float32()
		}
		want := make([]float32, D)
		for col := range D {
			var sum float32
			for row := range N {
				sum += data[row*D+col] * data[row*D+col]
			}
			want[col] = sqrtf(sum / float32(N-1))
		}
		got := both(t, func(f form) ([]float32, error) {
			std := make([]float32, D)
			err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: (N + rowsPerBlk - 1) / rowsPerBlk, Y: (D + stddevColsPerBlk - 1) / stddevColsPerBlk}, Block: gocuda.Dim3{X: stddevTPB}},
				StddevSopKernel(std, data, int32(D), int32(N)))
			if err != nil {
				return nil, err
			}
			return std, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: (D + stddevTPB - 1) / stddevTPB}, Block: gocuda.Dim3{X: stddevTPB}},
				StddevSampleKernel(std, int32(D), int32(N-1)))
		})
		for i := range got {
			nearSlice(t, want, got[i], 1e-3, fmt.Sprintf("%s, D=%d N=%d", forms[i].name, D, N))
		}
	}
}
