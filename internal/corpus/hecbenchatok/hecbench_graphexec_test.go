package hecbenchatok

import (
	"testing"

	"github.com/gocuda/gocuda/gocuda"
)

// TestGraphExecution runs reduce over 5000 floats in 7 blocks of 256 and
// reduceFinal over the 7 partial sums in one block, as usingGraph does,
// against the sum in double.
func TestGraphExecution(t *testing.T) {
	const n, blocks = 5000, 7
	r := rng(n, blocks)
	in := randF32(r, n)
	want := 0.0
	for _, v := range in {
		want += float64(v)
	}
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: graphThreadsPerBlock}}
	one := gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: graphThreadsPerBlock}}
	got := agree(t, func(f form) ([]float64, error) {
		part := make([]float64, blocks)
		res := make([]float64, 1)
		if err := f.launch(cfg, GraphReduceKernel(in, part, n, blocks)); err != nil {
			return nil, err
		}
		return res, f.launch(one, GraphReduceFinalKernel(part, res, blocks))
	})
	nearSlice(t, []float64{want}, got, 1e-12, "graphExecution")
}
