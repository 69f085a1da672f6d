package hecbenchltoz

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestLFIB4 runs lfib4-cuda's gLFIB4 on n = r·s with s = 1024 and r = 19
// columns (the last block of colsGPU partial), against the program's
// sequential LFIB4.
func TestLFIB4(t *testing.T) {
	const s, r = 1024, 19
	const n = s * r
	rg := rng(s, r)
	want := make([]uint32, n)
	for k := range lfibP4 {
		want[k] = rg.Uint32()
	}
	seed := want[:lfibP4:lfibP4]
	seed = append([]uint32(nil), seed...)
	for k := lfibP4; k < n; k++ {
		want[k] = want[k-lfibP1] + want[k-lfibP2] + want[k-lfibP3] + want[k-lfibP4]
	}
	got := agree(t, func(f form) ([]uint32, error) {
		x := make([]uint32, n)
		copy(x, seed)
		y := make([]uint32, 3*lfibP4)
		y[2*lfibP4] = 1
		one := gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: lfibP4}}
		if err := f.launch(one, FirstColGPUKernel(x, s)); err != nil {
			return nil, err
		}
		if err := f.launch(one, ColYGPUKernel(y, s)); err != nil {
			return nil, err
		}
		if err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: 2 * lfibP4}}, LastEntGPUKernel(x, y, s, r)); err != nil {
			return nil, err
		}
		blocks := r / lfibLKNB
		if r%lfibLKNB != 0 {
			blocks++
		}
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: lfibP4}}, ColsGPUKernel(x, s, r))
		return x, err
	})
	require.Equal(t, want, got)
}
