package atomic_test

import (
	"fmt"
	"log"
	"math"
	syncatomic "sync/atomic"

	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// Add returns the value before the addition, as CUDA's atomicAdd does;
// sync/atomic returns the value after it.
func ExampleAdd() {
	x := int32(5)
	old := atomic.Add(&x, 3)
	fmt.Println(old, x)

	y := int32(5)
	updated := syncatomic.AddInt32(&y, 3)
	fmt.Println(updated, y)
	// Output:
	// 5 8
	// 8 8
}

// Inc counts up to its limit and then wraps to 0: a ring of limit+1 slots,
// the way CUDA code hands out slots of a circular buffer.
func ExampleInc() {
	var slot uint32
	for range 7 {
		fmt.Print(atomic.Inc(&slot, 3), " ")
	}
	fmt.Println("| now", slot)
	// Output: 0 1 2 3 0 1 2 | now 3
}

// Dec counts down from its limit and wraps to the limit after 0.
func ExampleDec() {
	var slot uint32
	for range 6 {
		fmt.Print(atomic.Dec(&slot, 3), " ")
	}
	fmt.Println("| now", slot)
	// Output: 0 3 2 1 0 3 | now 2
}

// CAS returns the old value; the swap happened when it equals compare.
// Floats compare by their bits, so -0 does not match +0.
func ExampleCAS() {
	x := float32(1.5)
	old := atomic.CAS(&x, 1.5, 2) // swaps
	fmt.Println(old, x)
	old = atomic.CAS(&x, 1.5, 3) // x is 2 now: no swap
	fmt.Println(old, x)

	z := float32(math.Copysign(0, -1))
	old = atomic.CAS(&z, 0, 1) // -0 is not +0 to CAS
	fmt.Println(old, z)
	// Output:
	// 1.5 2
	// 2 2
	// -0 -0
}

// Min and Max on floats ignore a NaN operand and replace a NaN in memory,
// so a NaN can mark "no value yet".
func ExampleMax() {
	hottest := float32(math.NaN())
	for _, v := range []float32{21.5, float32(math.NaN()), 23, 19} {
		atomic.Max(&hottest, v)
	}
	fmt.Println(hottest)
	// Output: 23
}

// A histogram kernel in the CUDA style: each block counts its share of the
// data in shared memory, where atomics on the same bin contend only within
// the block, then adds each bin to the global histogram with one atomic.
// Here it counts the last digits of the squares of 0 to 999.
func Example_histogram() {
	const n, bins = 1000, 10
	data := make([]uint8, n)
	for i := range data {
		data[i] = uint8(i * i % 10)
	}
	hist := make([]uint32, bins) // global memory

	dev, err := gocuda.NewDevice(gocuda.WithWorkers(4))
	if err != nil {
		log.Fatal(err)
	}
	defer dev.Close()
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: 4}, Block: gocuda.Dim3{X: 128}}
	err = dev.Launch(cfg, func(t *gocuda.Thread) {
		local := gocuda.Shared[uint32](t, bins)               // __shared__ unsigned int local[bins]
		for b := t.ThreadIdx.X; b < bins; b += t.BlockDim.X { // shared memory starts undefined on a GPU
			local[b] = 0
		}
		t.SyncThreads()
		stride := t.GridDim.X * t.BlockDim.X
		for i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X; i < n; i += stride {
			atomic.Add(&local[data[i]], 1)
		}
		t.SyncThreads()
		if b := t.ThreadIdx.X; b < bins {
			atomic.Add(&hist[b], local[b])
		}
	})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Println(hist)
	// Output: [100 200 0 0 200 100 200 0 0 200]
}
