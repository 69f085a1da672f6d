package kernels_test

import (
	"fmt"
	"log"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/kernels"
)

func ExampleSAXPY() {
	dev, err := gocuda.NewDevice()
	if err != nil {
		log.Fatal(err)
	}
	defer dev.Close()

	x := []float32{1, 2, 3, 4}
	y := []float32{10, 20, 30, 40}
	if err := kernels.SAXPY(dev, 2, x, y); err != nil { // y = 2*x + y
		log.Fatal(err)
	}
	fmt.Println(y)
	// Output: [12 24 36 48]
}

func ExampleSAXPYKernel() {
	dev, err := gocuda.NewDevice()
	if err != nil {
		log.Fatal(err)
	}
	defer dev.Close()

	// The kernel itself, launched with a configuration of your own: here
	// blocks of 128 threads, enough to cover n.
	const n = 1000
	x, y := make([]float32, n), make([]float32, n)
	for i := range x {
		x[i], y[i] = float32(i), 1
	}
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: (n + 127) / 128}, Block: gocuda.Dim3{X: 128}}
	if err := dev.Launch(cfg, kernels.SAXPYKernel(3, x, y)); err != nil {
		log.Fatal(err)
	}
	fmt.Println(y[:4], y[n-1])
	// Output: [1 4 7 10] 2998
}

func ExampleReduce() {
	dev, err := gocuda.NewDevice()
	if err != nil {
		log.Fatal(err)
	}
	defer dev.Close()

	in := make([]int64, 10000)
	for i := range in {
		in[i] = int64(i + 1)
	}
	for _, v := range []kernels.ReduceVariant{kernels.ReduceAtomic, kernels.ReduceSequential, kernels.ReduceCoarsened} {
		sum, err := kernels.Reduce(dev, v, in)
		if err != nil {
			log.Fatal(err)
		}
		fmt.Println(v, sum)
	}
	// Output:
	// atomic 50005000
	// sequential 50005000
	// coarsened 50005000
}

func ExampleHistogram() {
	dev, err := gocuda.NewDevice()
	if err != nil {
		log.Fatal(err)
	}
	defer dev.Close()

	bins := make([]uint32, kernels.HistogramBins)
	if err := kernels.Histogram(dev, []byte("hello, world"), bins); err != nil {
		log.Fatal(err)
	}
	fmt.Println("l:", bins['l'], "o:", bins['o'], "z:", bins['z'])
	// Output: l: 3 o: 2 z: 0
}

func ExampleReverseShared() {
	dev, err := gocuda.NewDevice()
	if err != nil {
		log.Fatal(err)
	}
	defer dev.Close()

	in := []string{"a", "b", "c", "d", "e"}
	out := make([]string, len(in))
	if err := kernels.ReverseShared(dev, in, out); err != nil {
		log.Fatal(err)
	}
	fmt.Println(out)
	// Output: [e d c b a]
}

// QuickSort is the CUDA sample cdpSimpleQuicksort: each partition launches
// two child grids, one per side, from inside the kernel.
func ExampleQuickSort() {
	dev, err := gocuda.NewDevice()
	if err != nil {
		log.Fatal(err)
	}
	defer dev.Close()

	keys := make([]int32, 1000)
	for i := range keys {
		keys[i] = int32(i*7919%1000 - 500) // a permutation of -500..499
	}
	if err := kernels.QuickSort(dev, keys); err != nil {
		log.Fatal(err)
	}
	fmt.Println(keys[:4], keys[996:])
	// Output: [-500 -499 -498 -497] [496 497 498 499]
}

// ExampleBlur blurs a 4×3 image with a single bright pixel: a radius of 1
// spreads it over its 3×3 neighbourhood, a ninth each.
func ExampleBlur() {
	dev, err := gocuda.NewDevice()
	if err != nil {
		log.Fatal(err)
	}
	defer dev.Close()

	const w, h = 4, 3
	src := make([]float32, w*h)
	src[1*w+1] = 9
	dst := make([]float32, w*h)
	if err := kernels.Blur(dev, kernels.BlurShared, src, dst, w, h, 1); err != nil {
		log.Fatal(err)
	}
	for y := range h {
		fmt.Println(dst[y*w : y*w+w])
	}
	// Output:
	// [1 1 1 0]
	// [1 1 1 0]
	// [1 1 1 0]
}
