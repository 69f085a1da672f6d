package difftest

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestPolicyScan runs PolicyScanKernel with each policy against each
// warp's inclusive scan on the host (plus the five steps the counting
// policy counts).
func TestPolicyScan(t *testing.T) {
	const n, bs = 256, 128
	in := randInts(n)
	for kind := range 3 {
		got := agree(t, func(f form) ([]int32, error) {
			out := make([]int32, n)
			cfg := gocuda.Config{Grid: gocuda.Dim3{X: n / bs}, Block: gocuda.Dim3{X: bs}}
			return out, f.launch(cfg, PolicyScanKernel(in, out, kind))
		})
		want := make([]int32, n)
		for i := range n {
			want[i] = in[i]
			if i%32 > 0 {
				want[i] += want[i-1]
			}
		}
		if kind == 1 {
			for i := range want {
				want[i] += 5
			}
		}
		require.Equal(t, want, got, "kind %d", kind)
	}
}
