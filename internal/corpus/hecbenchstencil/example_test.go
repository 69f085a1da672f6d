package hecbenchstencil_test

import (
	"fmt"
	"log"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/corpus/hecbenchstencil"
)

// HeCBench's stencil1d (src/stencil1d-cuda/stencil_1d.cu) sums the 15
// inputs within a radius of 7 of each output, through a shared tile whose
// halo the block's first 7 threads load (zeros left of the input). Here
// on two blocks of 256 over 0, 1, 2, ..., padded on the right by 7 as the
// original's host code pads it: out[0] sums 0 to 7, and out[255] and
// out[256] need the halo across the blocks' boundary.
func ExampleStencil1DKernel() {
	dev, err := gocuda.NewDevice()
	if err != nil {
		log.Fatal(err)
	}
	defer dev.Close()
	const block, radius = 256, 7
	const n = 2 * block
	in := make([]int32, n+radius)
	for i := range in {
		in[i] = int32(i)
	}
	for _, runtime := range []bool{false, true} {
		out := make([]int32, n)
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: n / block}, Block: gocuda.Dim3{X: block}, RuntimePath: runtime}
		if err := dev.Launch(cfg, hecbenchstencil.Stencil1DKernel(in, out)); err != nil {
			log.Fatal(err)
		}
		fmt.Println(out[0], out[1], out[7], out[255], out[256], out[n-1])
	}
	// Output:
	// 28 36 105 3825 3840 7665
	// 28 36 105 3825 3840 7665
}
