package hecbenchltoz_test

import (
	"fmt"
	"log"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/corpus/hecbenchltoz"
)

// HeCBench's reverse benchmark (src/reverse-cuda) reverses one block's
// elements in place through a shared array: every thread stores its
// element, waits at the barrier, and reads back its mirror's. Here on 256
// squares, compiled and on the runtime path alike.
func ExampleReverseKernel() {
	dev, err := gocuda.NewDevice()
	if err != nil {
		log.Fatal(err)
	}
	defer dev.Close()
	const n = 256
	for _, runtime := range []bool{false, true} {
		d := make([]int32, n)
		for i := range d {
			d[i] = int32(i * i)
		}
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: n}, RuntimePath: runtime}
		if err := dev.Launch(cfg, hecbenchltoz.ReverseKernel(d, n)); err != nil {
			log.Fatal(err)
		}
		fmt.Println(d[0], d[1], d[128], d[n-1])
	}
	// Output:
	// 65025 64516 16129 0
	// 65025 64516 16129 0
}

// HeCBench's popcount benchmark (src/popcount-cuda) counts the set bits of
// 64-bit words six ways; pc1 is the bit-slicing one, summing bits in
// pairs, nibbles, bytes and wider. Here on six words, a block of 256
// threads of which only the first six have a word.
func ExamplePc1Kernel() {
	dev, err := gocuda.NewDevice()
	if err != nil {
		log.Fatal(err)
	}
	defer dev.Close()
	data := []uint64{0, 1, 0xff, 0x8000000000000001, 0x0123456789abcdef, ^uint64(0)}
	for _, runtime := range []bool{false, true} {
		r := make([]int32, len(data))
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: 256}, RuntimePath: runtime}
		if err := dev.Launch(cfg, hecbenchltoz.Pc1Kernel(data, r, len(data))); err != nil {
			log.Fatal(err)
		}
		fmt.Println(r)
	}
	// Output:
	// [0 1 8 2 32 64]
	// [0 1 8 2 32 64]
}
