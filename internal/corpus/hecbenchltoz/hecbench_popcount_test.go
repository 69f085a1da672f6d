package hecbenchltoz

import (
	"math/bits"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestPopcount runs popcount-cuda's pc1 to pc6 on 1000 random words (not
// a multiple of the block of 256), against bits.OnesCount64.
func TestPopcount(t *testing.T) {
	const n = 1000
	r := rng(n)
	data := make([]uint64, n)
	want := make([]int32, n)
	for i := range data {
		data[i] = r.Uint64() >> (i % 64)
		want[i] = int32(bits.OnesCount64(data[i]))
	}
	lut := make([]uint8, 256)
	for i := range lut {
		lut[i] = uint8(bits.OnesCount8(uint8(i)))
	}
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: (n + 255) / 256}, Block: gocuda.Dim3{X: 256}}
	kernels := map[string]func(r []int32) func(*gocuda.Thread){
		"pc1": func(r []int32) func(*gocuda.Thread) { return Pc1Kernel(data, r, n) },
		"pc2": func(r []int32) func(*gocuda.Thread) { return Pc2Kernel(data, r, n) },
		"pc3": func(r []int32) func(*gocuda.Thread) { return Pc3Kernel(data, r, n) },
		"pc4": func(r []int32) func(*gocuda.Thread) { return Pc4Kernel(data, r, n) },
		"pc5": func(r []int32) func(*gocuda.Thread) { return Pc5Kernel(data, r, n, lut) },
		"pc6": func(r []int32) func(*gocuda.Thread) { return Pc6Kernel(data, r, n) },
	}
	for name, k := range kernels {
		got := agree(t, func(f form) ([]int32, error) {
			out := make([]int32, n+1)
			err := f.launch(cfg, k(out))
			return out, err
		})
		require.Equal(t, want, got[:n], name)
		require.Zero(t, got[n], name)
	}
}
