package hecbenchatok

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestBsearch runs the four searches of main.cu for 2·1000 keys (not a
// multiple of the 256-thread block, so that the last block's threads past
// the keys return before kernel_BS4's barrier) in the array 0, 1, ...,
// 999, against the index each key's floor names, as verify checks.
func TestBsearch(t *testing.T) {
	const aSize = 1000
	const zSize = 2 * aSize
	a := make([]float32, aSize)
	for i := range a {
		a[i] = float32(i)
	}
	r := rng(aSize)
	z := make([]float32, zSize)
	want := make([]uint64, zSize)
	for i := range z {
		z[i] = float32(r.IntN(aSize - 1))
		want[i] = uint64(z[i])
	}
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: (zSize + 255) / 256}, Block: gocuda.Dim3{X: 256}}
	for i, k := range []func(accA, accZ []float32, accR []uint64, zSize, n uint64) func(*gocuda.Thread){
		KernelBSKernel, KernelBS2Kernel, KernelBS3Kernel, KernelBS4Kernel,
	} {
		got := agree(t, func(f form) ([]uint64, error) {
			out := make([]uint64, zSize)
			return out, f.launch(cfg, k(a, z, out, zSize, aSize-1))
		})
		require.Equal(t, want, got, fmt.Sprint("kernel_BS", i+1))
	}
}
