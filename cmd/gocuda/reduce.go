package main

import (
	"fmt"
	"math"

	"github.com/gocuda/gocuda/gocuda"
)

// reduceBlock is the reduction's threads per block, a power of two: the
// tree halves it down to one.
const reduceBlock = 256

// reduceMaxBlocks caps the reduction's grid. Each thread first adds up a
// grid-stride share of the input in a register, as CUDA's reduction samples
// do, so that the barrier rounds (each costing every thread a coroutine
// switch on the CPU) run for a fixed 2^18 threads rather than one per
// element.
const reduceMaxBlocks = 1024

// reduceTolerance is the relative error allowed between the kernel's sum
// and the host's: they add the same numbers in different orders.
const reduceTolerance = 1e-9

// reduceKernel is the shared-memory tree reduction of Patterson and
// Hennessy's Figure B.8.9: every thread of a block stores its value in
// shared memory, the threads add pairs at a halving stride with a barrier
// after each step, and thread 0 writes the block's sum to partial.
func reduceKernel(x []float32, partial []float64) func(*gocuda.Thread) {
	n := len(x)
	return func(t *gocuda.Thread) {
		sum := gocuda.Shared[float64](t, reduceBlock)
		tid := t.ThreadIdx.X
		var v float64
		for i := t.BlockIdx.X*t.BlockDim.X + tid; i < n; i += t.GridDim.X * t.BlockDim.X {
			v += float64(x[i])
		}
		sum[tid] = v
		t.SyncThreads()
		for stride := t.BlockDim.X / 2; stride > 0; stride /= 2 {
			if tid < stride {
				sum[tid] += sum[tid+stride]
			}
			t.SyncThreads()
		}
		if tid == 0 {
			partial[t.BlockIdx.X] = sum[0]
		}
	}
}

// runReduce sums x with reduceKernel on at most maxBlocks blocks (the host
// adding the blocks' partial sums), checks the warm-up run against a
// sequential host sum and times it.
func runReduce(dev *gocuda.Device, x []float32, maxBlocks int) (result, error) {
	r := result{name: "reduce", n: len(x)}
	blocks := min(maxBlocks, blocksFor(len(x), reduceBlock))
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: reduceBlock}}
	partial := make([]float64, blocks)
	kernel := reduceKernel(x, partial)
	var got float64
	reduce := func() error {
		if err := dev.Launch(cfg, kernel); err != nil {
			return err
		}
		got = 0
		for _, p := range partial {
			got += p
		}
		return nil
	}

	if err := reduce(); err != nil { // the warm-up run, checked
		return r, err
	}
	want := hostSum(x)
	r.verified = closeTo(got, want, reduceTolerance)
	if !r.verified {
		r.detail = fmt.Sprintf("sum = %v, want %v", got, want)
	}
	var err error
	r.time, err = timeMedian(reduce)
	return r, err
}

// hostSum adds x up in order.
func hostSum(x []float32) float64 {
	var s float64
	for _, v := range x {
		s += float64(v)
	}
	return s
}

// closeTo reports whether got is within relative tolerance tol of want.
func closeTo(got, want, tol float64) bool {
	return math.Abs(got-want) <= tol*math.Max(math.Abs(want), 1)
}
