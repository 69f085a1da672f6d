package corpus_test

import (
	"fmt"
	"log"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/corpus"
)

// The cuda-samples matrixMul kernel gives the same product compiled and on
// the runtime path.
func ExampleMatrixMulKernel() {
	dev, err := gocuda.NewDevice()
	if err != nil {
		log.Fatal(err)
	}
	defer dev.Close()
	const n = 16 // one tile
	a, b := make([]float32, n*n), make([]float32, n*n)
	for i := range n {
		a[i*n+i] = 2         // 2·I
		b[i*n+(n-1-i)] = 1.5 // the anti-diagonal
	}
	for _, runtime := range []bool{false, true} {
		c := make([]float32, n*n)
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: 1, Y: 1}, Block: gocuda.Dim3{X: n, Y: n}, RuntimePath: runtime}
		if err := dev.Launch(cfg, corpus.MatrixMulKernel(c, a, b, n, n)); err != nil {
			log.Fatal(err)
		}
		fmt.Println(c[n-1], c[n], c[n*n-n])
	}
	// Output:
	// 3 0 3
	// 3 0 3
}
