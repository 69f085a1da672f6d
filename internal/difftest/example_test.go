package difftest_test

import (
	"fmt"
	"log"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/difftest"
)

// The same kernel, compiled and on the runtime path, gives the same sums.
func ExampleTreeKernel() {
	dev, err := gocuda.NewDevice()
	if err != nil {
		log.Fatal(err)
	}
	defer dev.Close()
	in := []int32{1, 2, 3, 4, 5, 6, 7, 8}
	for _, runtime := range []bool{false, true} {
		partial := make([]int32, 2)
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: 4}, RuntimePath: runtime}
		if err := dev.Launch(cfg, difftest.TreeKernel(in, partial)); err != nil {
			log.Fatal(err)
		}
		fmt.Println(partial)
	}
	// Output:
	// [10 26]
	// [10 26]
}
