package hecbenchatok_test

import (
	"fmt"
	"log"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/corpus/hecbenchatok"
)

// HeCBench's bitpermute benchmark (src/bitpermute-cuda/kernels.h, from
// Supranational's sppark) puts an NTT domain in bit-reversed order:
// out[bit_rev(i)] = in[i]. Here a domain of 2^6 elements 0, 1, 2, ... on
// four blocks of 16 (the grid form, each thread swapping the pair i <
// bit_rev(i) and copying the elements that are their own reversal), so
// that out[j] is j's six bits reversed.
func ExampleBitRevPermutationKernel() {
	dev, err := gocuda.NewDevice()
	if err != nil {
		log.Fatal(err)
	}
	defer dev.Close()
	const lg = 6
	in := make([]int64, 1<<lg)
	for i := range in {
		in[i] = int64(i)
	}
	for _, runtime := range []bool{false, true} {
		out := make([]int64, 1<<lg)
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: 4}, Block: gocuda.Dim3{X: 16}, RuntimePath: runtime}
		if err := dev.Launch(cfg, hecbenchatok.BitRevPermutationKernel(out, in, lg)); err != nil {
			log.Fatal(err)
		}
		fmt.Println(out[:8], out[1<<lg-1])
	}
	// Output:
	// [0 32 16 48 8 40 24 56] 63
	// [0 32 16 48 8 40 24 56] 63
}

// kernel_BS4 of HeCBench's bsearch benchmark (src/bsearch-cuda/main.cu)
// finds each key's floor in a strictly ascending array by setting the
// bits of the index from the highest down, the first probe computed once
// per block into a shared scalar after the threads past the keys have
// returned. Here five keys in the squares 0, 1, 4, ..., 99², on one block
// of 256 threads; n = 99, as the benchmark passes the array's size less
// one.
func ExampleKernelBS4Kernel() {
	dev, err := gocuda.NewDevice()
	if err != nil {
		log.Fatal(err)
	}
	defer dev.Close()
	const size = 100
	a := make([]float32, size)
	for i := range a {
		a[i] = float32(i * i)
	}
	z := []float32{0, 2.5, 50, 9000, 9800}
	for _, runtime := range []bool{false, true} {
		r := make([]uint64, len(z))
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: 256}, RuntimePath: runtime}
		if err := dev.Launch(cfg, hecbenchatok.KernelBS4Kernel(a, z, r, uint64(len(z)), size-1)); err != nil {
			log.Fatal(err)
		}
		fmt.Println(r)
	}
	// Output:
	// [0 1 7 94 98]
	// [0 1 7 94 98]
}
