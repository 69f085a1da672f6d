package hecbenchml

import (
	"testing"

	"github.com/gocuda/gocuda/gocuda"
)

// TestDeviceMemset clears 1000 of 1003 floats with blocks of 256, as
// cbow.cu clears d_syn1neg (size/256 + 1 blocks), leaving the rest.
func TestDeviceMemset(t *testing.T) {
	const size = 1000
	in := randF32(rng(size), size+3)
	want := append(make([]float32, size), in[size:]...)
	got := agree(t, func(f form) ([]float32, error) {
		a := append([]float32(nil), in...)
		return a, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: size/256 + 1}, Block: gocuda.Dim3{X: 256}}, DeviceMemsetKernel(a, size))
	})
	nearSlice(t, want, got, 0, "device_memset")
}
