package samplesbooks_test

import (
	"fmt"
	"log"
	"slices"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/corpus/samplesbooks"
)

// reduceUnrolling8 of "Professional CUDA C Programming" (chapter 3,
// reduceInteger.cu) first adds eight blocks' worth of ints per thread, then
// halves the block's stride in global memory, and writes each block's sum
// to g_odata[blockIdx.x]. Here two blocks of 128 threads over the 2048
// ints 0, 1, 2, ...: block 0 sums 0 to 1023, block 1 1024 to 2047.
func ExampleReduceUnrolling8Kernel() {
	dev, err := gocuda.NewDevice()
	if err != nil {
		log.Fatal(err)
	}
	defer dev.Close()
	const blocks, block = 2, 128
	const n = blocks * block * 8
	in := make([]int32, n)
	for i := range in {
		in[i] = int32(i)
	}
	for _, runtime := range []bool{false, true} {
		data, out := slices.Clone(in), make([]int32, blocks) // the kernel sums in place
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: block}, RuntimePath: runtime}
		if err := dev.Launch(cfg, samplesbooks.ReduceUnrolling8Kernel(data, out, n)); err != nil {
			log.Fatal(err)
		}
		fmt.Println(out)
	}
	// Output:
	// [523776 1572352]
	// [523776 1572352]
}

// test_shfl_up of "Professional CUDA C Programming" (chapter 5,
// simpleShfl.cu) shifts a block of BDIMX = 16 lanes up by delta with
// __shfl_up, the lowest delta lanes keeping their own values. Here by 2
// over the lanes' own indices.
func ExampleShflUpKernel() {
	dev, err := gocuda.NewDevice()
	if err != nil {
		log.Fatal(err)
	}
	defer dev.Close()
	const lanes = 16
	in := make([]int32, lanes)
	for i := range in {
		in[i] = int32(i)
	}
	for _, runtime := range []bool{false, true} {
		out := make([]int32, lanes)
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: lanes}, RuntimePath: runtime}
		if err := dev.Launch(cfg, samplesbooks.ShflUpKernel(out, in, 2)); err != nil {
			log.Fatal(err)
		}
		fmt.Println(out)
	}
	// Output:
	// [0 1 0 1 2 3 4 5 6 7 8 9 10 11 12 13]
	// [0 1 0 1 2 3 4 5 6 7 8 9 10 11 12 13]
}
