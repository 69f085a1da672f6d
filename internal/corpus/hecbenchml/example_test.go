package hecbenchml_test

import (
	"fmt"
	"log"
	"slices"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/corpus/hecbenchml"
)

// HeCBench's ss benchmark (src/ss-cuda/kernels.cu, AMD APP SDK's
// StringSearch) searches a text for a pattern ignoring case, each block a
// stretch of positions; StringSearchNaive compares the pattern at every
// position and appends the matches through a shared atomic counter, so
// they come in any order and the example sorts them. Here one block of 256
// threads over a 30-character text.
func ExampleStringSearchNaiveKernel() {
	dev, err := gocuda.NewDevice()
	if err != nil {
		log.Fatal(err)
	}
	defer dev.Close()
	text := []uint8("Hello hello, HELLO! help HeLLo")
	pattern := []uint8("hello")
	positions := uint32(len(text) - len(pattern) + 1)
	for _, runtime := range []bool{false, true} {
		result := make([]uint32, positions)
		counts := make([]uint32, 1)
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: 256}, SharedMem: len(pattern), RuntimePath: runtime}
		if err := dev.Launch(cfg, hecbenchml.StringSearchNaiveKernel(text, uint32(len(text)), pattern, uint32(len(pattern)), result, counts, positions)); err != nil {
			log.Fatal(err)
		}
		fmt.Println(counts[0], slices.Sorted(slices.Values(result[:counts[0]])))
	}
	// Output:
	// 4 [0 6 13 25]
	// 4 [0 6 13 25]
}
