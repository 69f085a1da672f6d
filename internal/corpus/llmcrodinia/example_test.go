package llmcrodinia_test

import (
	"fmt"
	"log"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/corpus/llmcrodinia"
)

// llm.c's layernorm_forward_kernel3 normalizes each row with one 32-thread
// tile, compiled and on the runtime path alike.
func ExampleLayernormForwardKernel() {
	dev, err := gocuda.NewDevice()
	if err != nil {
		log.Fatal(err)
	}
	defer dev.Close()
	const N, C = 2, 4
	inp := []float32{1, 2, 3, 4, -2, 0, 2, 4}
	weight := []float32{1, 1, 1, 1}
	bias := []float32{0, 0, 0, 10}
	for _, runtime := range []bool{false, true} {
		out, mean := make([]float32, N*C), make([]float32, N)
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: 64}, RuntimePath: runtime}
		if err := dev.Launch(cfg, llmcrodinia.LayernormForwardKernel(out, mean, nil, inp, weight, bias, N, C)); err != nil {
			log.Fatal(err)
		}
		fmt.Printf("mean %v, out %.3f\n", mean, out)
	}
	// Output:
	// mean [2.5 1], out [-1.342 -0.447 0.447 11.342 -1.342 -0.447 0.447 11.342]
	// mean [2.5 1], out [-1.342 -0.447 0.447 11.342 -1.342 -0.447 0.447 11.342]
}
