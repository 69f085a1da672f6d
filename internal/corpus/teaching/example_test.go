package teaching_test

import (
	"fmt"
	"log"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/corpus/teaching"
)

// "CUDA by Example"'s first chapters add two vectors with a grid-stride
// loop: here on a grid far smaller than the vectors, compiled and on the
// runtime path alike.
func ExampleAddKernel() {
	dev, err := gocuda.NewDevice()
	if err != nil {
		log.Fatal(err)
	}
	defer dev.Close()
	const n = 33 * 1024
	a, b := make([]int32, n), make([]int32, n)
	for i := range a {
		a[i], b[i] = int32(-i), int32(i*i)
	}
	for _, runtime := range []bool{false, true} {
		c := make([]int32, n)
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: 4}, Block: gocuda.Dim3{X: 128}, RuntimePath: runtime}
		if err := dev.Launch(cfg, teaching.AddKernel(a, b, c)); err != nil {
			log.Fatal(err)
		}
		fmt.Println(c[0], c[1], c[2], c[n-1])
	}
	// Output:
	// 0 0 2 1141797890
	// 0 0 2 1141797890
}
