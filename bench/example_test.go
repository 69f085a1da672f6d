package bench_test

import (
	"fmt"

	"github.com/gocuda/gocuda/gocuda"
)

// What BenchmarkSAXPY sets side by side: the kernel, one thread per
// element, and the loop a Go programmer writes (impl=handSerial). A
// benchmark only counts when the two agree.
func Example() {
	dev, err := gocuda.NewDevice()
	if err != nil {
		fmt.Println(err)
		return
	}
	defer dev.Close()

	const n = 1 << 12
	a := float32(2)
	x, kernelY, loopY := make([]float32, n), make([]float32, n), make([]float32, n)
	for i := range x {
		x[i], kernelY[i], loopY[i] = float32(i), 1, 1
	}
	cfg := gocuda.Config{Grid: gocuda.Blocks(n, 256), Block: gocuda.Dim3{X: 256}}
	err = dev.Launch(cfg, func(t *gocuda.Thread) {
		if i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X; i < n {
			kernelY[i] = a*x[i] + kernelY[i]
		}
	})
	for i := range loopY {
		loopY[i] = a*x[i] + loopY[i]
	}
	same := true
	for i := range loopY {
		same = same && kernelY[i] == loopY[i]
	}
	fmt.Println(err, same)
	// Output: <nil> true
}
