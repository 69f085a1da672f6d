package kernels_test

import (
	"fmt"
	"log"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/kernels"
)

// ExampleMatMul multiplies a 2×3 matrix by a 3×2 matrix with each variant.
func ExampleMatMul() {
	dev, err := gocuda.NewDevice()
	if err != nil {
		log.Fatal(err)
	}
	defer dev.Close()

	a := []float32{ // 2×3
		1, 2, 3,
		4, 5, 6,
	}
	b := []float32{ // 3×2
		7, 8,
		9, 10,
		11, 12,
	}
	c := make([]float32, 2*2)
	for _, v := range kernels.MatMulVariants() {
		if err := kernels.MatMul(dev, v, a, b, c, 2, 3, 2); err != nil {
			log.Fatal(err)
		}
		fmt.Println(v, c)
	}
	// Output:
	// naive [58 64 139 154]
	// tiled [58 64 139 154]
	// tiledUnrolled [58 64 139 154]
	// registerTiled [58 64 139 154]
}

// ExampleMatMulTiledKernel launches the tiled kernel with a launch of one's
// own, using the configuration the launcher would.
func ExampleMatMulTiledKernel() {
	dev, err := gocuda.NewDevice()
	if err != nil {
		log.Fatal(err)
	}
	defer dev.Close()

	const m, k, n = 3, 20, 2 // k spans two 16-wide tiles
	a, b, c := make([]float32, m*k), make([]float32, k*n), make([]float32, m*n)
	for i := range a {
		a[i] = 1
	}
	for i := range b {
		b[i] = float32(i % n) // column j of B is all j
	}
	cfg := kernels.MatMulConfig(kernels.MatMulTiled, m, n)
	if err := dev.Launch(cfg, kernels.MatMulTiledKernel(a, b, c, m, k, n)); err != nil {
		log.Fatal(err)
	}
	fmt.Println(c)
	// Output: [0 20 0 20 0 20]
}
