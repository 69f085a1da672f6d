package hecbenchltoz

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestReverse runs reverse-cuda's reverse three times on 256 elements,
// against the reversed input (the program's gold_odd).
func TestReverse(t *testing.T) {
	const n = 256
	in := make([]int32, n)
	for i := range in {
		in[i] = int32(i)
	}
	got := agree(t, func(f form) ([]int32, error) {
		d := slices.Clone(in)
		for range 3 {
			if err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: n}}, ReverseKernel(d, n)); err != nil {
				return nil, err
			}
		}
		return d, nil
	})
	want := slices.Clone(in)
	slices.Reverse(want)
	require.Equal(t, want, got)
}
