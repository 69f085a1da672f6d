package bench_test

import (
	"fmt"
	"sync"

	"github.com/gocuda/gocuda/internal/bench"
)

func ExampleSAXPYSerial() {
	x := []float32{1, 2, 3, 4}
	y := []float32{10, 20, 30, 40}
	bench.SAXPYSerial(2, x, y) // y = 2*x + y
	fmt.Println(y)
	// Output: [12 24 36 48]
}

func ExampleSAXPYParallel() {
	x := make([]float32, 10)
	y := make([]float32, 10)
	for i := range x {
		x[i], y[i] = float32(i), 1
	}
	bench.SAXPYParallel(0.5, x, y) // y = 0.5*x + y, in GOMAXPROCS parts
	fmt.Println(y)
	// Output: [1 1.5 2 2.5 3 3.5 4 4.5 5 5.5]
}

// Each call of the body gets its own contiguous range, so writes to
// distinct elements need no locking.
func ExampleParallel() {
	squares := make([]int, 10)
	bench.Parallel(len(squares), func(lo, hi int) {
		for i := lo; i < hi; i++ {
			squares[i] = i * i
		}
	})
	fmt.Println(squares)
	// Output: [0 1 4 9 16 25 36 49 64 81]
}

// Combining the parts' results needs synchronization: here a mutex around
// one total.
func ExampleParallel_sum() {
	var (
		mu    sync.Mutex
		total int
	)
	bench.Parallel(1000, func(lo, hi int) {
		part := 0
		for i := lo; i < hi; i++ {
			part += i
		}
		mu.Lock()
		total += part
		mu.Unlock()
	})
	fmt.Println(total)
	// Output: 499500
}

// The go test name of a sub-benchmark, which gocuda bench -o writes too.
func ExampleKernel_BenchName() {
	k, _ := bench.KernelNamed("saxpy")
	for _, n := range k.Quick {
		fmt.Println(k.BenchName(n, "perThread"+bench.Compiled))
	}
	// Output: BenchmarkSAXPY/n=1048576/impl=perThreadCompiled
}

// A sample far off the others moves the median and the MAD little.
func ExampleSummarize() {
	s := bench.Summarize([]float64{102, 98, 100, 250, 101})
	fmt.Printf("median %v ± %v (MAD), min %v, max %v, %d samples\n", s.Median, s.MAD, s.Min, s.Max, s.N)
	// Output: median 101 ± 1 (MAD), min 98, max 250, 5 samples
}
