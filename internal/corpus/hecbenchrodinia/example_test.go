package hecbenchrodinia_test

import (
	"fmt"
	"log"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/corpus/hecbenchrodinia"
)

// HeCBench's murmurhash3 kernel hashes one key per thread: here the
// published test vector, compiled and on the runtime path alike.
func ExampleMurmurHash3Kernel() {
	dev, err := gocuda.NewDevice()
	if err != nil {
		log.Fatal(err)
	}
	defer dev.Close()
	key := []byte("The quick brown fox jumps over the lazy dog")
	for _, runtime := range []bool{false, true} {
		out := make([]uint64, 2)
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: 256}, RuntimePath: runtime}
		if err := dev.Launch(cfg, hecbenchrodinia.MurmurHash3Kernel(key, []uint32{0}, []uint32{uint32(len(key))}, out, 1)); err != nil {
			log.Fatal(err)
		}
		fmt.Printf("%016x %016x\n", out[0], out[1])
	}
	// Output:
	// e34bbc7bbc071b6c 7a433ca9c49a9347
	// e34bbc7bbc071b6c 7a433ca9c49a9347
}
