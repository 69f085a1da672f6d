package gocuda_test

import (
	"errors"
	"fmt"
	"os"

	"github.com/gocuda/gocuda/gocuda"
)

// SAXPY, one thread per element, as in the CUDA programming guide.
func ExampleLaunch() {
	n := 1000
	a := float32(2)
	x, y := make([]float32, n), make([]float32, n)
	for i := range x {
		x[i], y[i] = float32(i), 1
	}
	cfg := gocuda.Config{Grid: gocuda.Blocks(n, 256), Block: gocuda.Dim3{X: 256}}
	err := gocuda.Launch(cfg, func(t *gocuda.Thread) {
		i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
		if i < n {
			y[i] = a*x[i] + y[i]
		}
	})
	fmt.Println(err, y[0], y[1], y[999])
	// Output: <nil> 1 3 1999
}

// A block sums its elements in shared memory with a tree of barriers, and
// thread 0 writes the block's sum.
func ExampleShared() {
	dev, _ := gocuda.NewDevice()
	defer dev.Close()

	const block = 256
	in := make([]int, 4*block)
	for i := range in {
		in[i] = i
	}
	sums := make([]int, len(in)/block)
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: len(sums)}, Block: gocuda.Dim3{X: block}}
	err := dev.Launch(cfg, func(t *gocuda.Thread) {
		s := gocuda.Shared[int](t, block)
		tid := t.ThreadIdx.X
		s[tid] = in[t.BlockIdx.X*block+tid]
		t.SyncThreads()
		for stride := block / 2; stride > 0; stride /= 2 {
			if tid < stride {
				s[tid] += s[tid+stride]
			}
			t.SyncThreads()
		}
		if tid == 0 {
			sums[t.BlockIdx.X] = s[0]
		}
	})
	fmt.Println(err, sums)
	// Output: <nil> [32640 98176 163712 229248]
}

// SyncThreadsCount is a barrier that also counts true predicates.
func ExampleThread_SyncThreadsCount() {
	dev, _ := gocuda.NewDevice()
	defer dev.Close()

	var evens int
	err := dev.Launch(gocuda.Config{Block: gocuda.Dim3{X: 300}}, func(t *gocuda.Thread) {
		n := t.SyncThreadsCount(t.ThreadIdx.X%2 == 0)
		if t.ThreadIdx.X == 0 {
			evens = n
		}
	})
	fmt.Println(err, evens)
	// Output: <nil> 150
}

// An out-of-range index in a kernel fails the launch with a *KernelError
// that names the thread, like cudaErrorIllegalAddress.
func ExampleKernelError() {
	dev, _ := gocuda.NewDevice()
	defer dev.Close()

	data := make([]float32, 100)
	err := dev.Launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: 128}}, func(t *gocuda.Thread) {
		data[t.ThreadIdx.X] = 1 // no bounds check: threads 100..127 are out of range
	})
	var kerr *gocuda.KernelError
	if errors.As(err, &kerr) {
		fmt.Println(errors.Is(err, gocuda.ErrIllegalAddress), kerr.Block, kerr.Thread)
	}
	// Output: true (0,0,0) (100,0,0)
}

// Dynamic shared memory is sized by the launch, like extern __shared__.
func ExampleDynamicShared() {
	dev, _ := gocuda.NewDevice()
	defer dev.Close()

	var n int
	err := dev.Launch(gocuda.Config{Block: gocuda.Dim3{X: 1}, SharedMem: 1024}, func(t *gocuda.Thread) {
		n = len(gocuda.DynamicShared[float32](t))
	})
	fmt.Println(err, n)
	// Output: <nil> 256
}

// Zero fields of a Dim3 mean 1, and kernels see the normalized size.
func ExampleDim3() {
	dev, _ := gocuda.NewDevice()
	defer dev.Close()

	var dim gocuda.Dim3
	_ = dev.Launch(gocuda.Config{Block: gocuda.Dim3{X: 4}}, func(t *gocuda.Thread) { dim = t.BlockDim })
	fmt.Println(dim)
	// Output: (4,1,1)
}

// Work queued on a stream runs in order while the host goes on; events
// mark points in it and time the work between them.
func ExampleStream() {
	dev, _ := gocuda.NewDevice()
	defer dev.Close()
	s, _ := dev.NewStream()
	defer s.Close()
	start, _ := dev.NewEvent()
	end, _ := dev.NewEvent()

	x := make([]int, 1024)
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: 4}, Block: gocuda.Dim3{X: 256}}
	_ = start.Record(s)
	for range 3 { // each launch sees the previous one's writes
		_ = s.Launch(cfg, func(t *gocuda.Thread) {
			i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
			x[i] = 2*x[i] + 1
		})
	}
	_ = end.Record(s)
	fmt.Println(s.Synchronize(), x[0], x[1023])

	ms, err := gocuda.ElapsedTime(start, end)
	fmt.Println(err, ms >= 0)
	// Output:
	// <nil> 7 7
	// <nil> true
}

// A host function runs in stream order. It may queue more work, but not
// wait for any: the wait could be for itself, so it is refused with
// ErrNotPermitted.
func ExampleStream_LaunchHostFunc() {
	dev, _ := gocuda.NewDevice()
	defer dev.Close()
	s, _ := dev.NewStream()
	defer s.Close()

	var waited error
	_ = s.LaunchHostFunc(func() {
		fmt.Println("host function runs")
		waited = s.Synchronize() // would wait for this very function
	})
	_ = s.Launch(gocuda.Config{}, func(*gocuda.Thread) { fmt.Println("kernel runs after it") })
	fmt.Println(s.Synchronize())
	fmt.Println(errors.Is(waited, gocuda.ErrNotPermitted))
	// Output:
	// host function runs
	// kernel runs after it
	// <nil>
	// true
}

// A warp sums its lanes' values with shuffles, halving the distance each
// step, as in CUDA's warp reduction; lane 0 ends with the total.
func ExampleShflDownSync() {
	dev, _ := gocuda.NewDevice()
	defer dev.Close()

	var total int32
	err := dev.Launch(gocuda.Config{Block: gocuda.Dim3{X: 32}}, func(t *gocuda.Thread) {
		v := int32(t.LaneID() + 1)
		for offset := 16; offset > 0; offset /= 2 {
			v += gocuda.ShflDownSync(t, gocuda.FullMask, v, offset, 32)
		}
		if t.LaneID() == 0 {
			total = v
		}
	})
	fmt.Println(err, total)
	// Output: <nil> 528
}

// BallotSync gathers a predicate from every lane of a warp into a mask.
func ExampleThread_BallotSync() {
	dev, _ := gocuda.NewDevice()
	defer dev.Close()

	var odd uint32
	_ = dev.Launch(gocuda.Config{Block: gocuda.Dim3{X: 32}}, func(t *gocuda.Thread) {
		b := t.BallotSync(gocuda.FullMask, t.LaneID()%2 == 1)
		if t.LaneID() == 0 {
			odd = b
		}
	})
	fmt.Printf("%#08x\n", odd)
	// Output: 0xaaaaaaaa
}

// Printf output is buffered and written when the launch completes, ordered
// by block, then thread, so it reads the same on every run.
func ExampleThread_Printf() {
	dev, _ := gocuda.NewDevice(gocuda.WithPrintfOutput(os.Stdout))
	defer dev.Close()

	_ = dev.Launch(gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: 2}}, func(t *gocuda.Thread) {
		t.Printf("hello from block %d thread %d\n", t.BlockIdx.X, t.ThreadIdx.X)
	})
	// Output:
	// hello from block 0 thread 0
	// hello from block 0 thread 1
	// hello from block 1 thread 0
	// hello from block 1 thread 1
}

// A cooperative launch sized to what the device keeps resident: every block
// writes its part, the whole grid meets at SyncGrid, then every block reads
// what the others wrote. One more block is too many.
func ExampleDevice_LaunchCooperative() {
	dev, _ := gocuda.NewDevice(gocuda.WithWorkers(2))
	defer dev.Close()

	block := gocuda.Dim3{X: 256}
	perWorker, _ := dev.MaxActiveBlocksPerMultiprocessor(block, 0)
	blocks := perWorker * dev.Workers()
	ids := make([]int, blocks)
	sums := make([]int, blocks)
	err := dev.LaunchCooperative(gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: block}, func(t *gocuda.Thread) {
		if t.ThreadIdx.X == 0 {
			ids[t.BlockIdx.X] = t.BlockIdx.X
		}
		t.SyncGrid()
		if t.ThreadIdx.X == 0 {
			for _, id := range ids {
				sums[t.BlockIdx.X] += id
			}
		}
	})
	fmt.Println(blocks, sums[0], sums[blocks-1], err)

	err = dev.LaunchCooperative(gocuda.Config{Grid: gocuda.Dim3{X: blocks + 1}, Block: block}, func(*gocuda.Thread) {})
	fmt.Println(errors.Is(err, gocuda.ErrCooperativeLaunchTooLarge))
	// Output:
	// 16 120 120 <nil>
	// true
}

// A kernel launches kernels (dynamic parallelism): each parent block's
// first thread launches a child grid that fills the block's row, and reads
// it as soon as the launch returns, since the child grid has completed by
// then. Calls that would wait for the kernel itself fail instead.
func ExampleDevice_Launch_nested() {
	dev, _ := gocuda.NewDevice()
	defer dev.Close()

	const rows, cols = 3, 4
	m := make([]int, rows*cols)
	sums := make([]int, rows)
	var syncErr error
	err := dev.Launch(gocuda.Config{Grid: gocuda.Dim3{X: rows}}, func(t *gocuda.Thread) {
		r := t.BlockIdx.X
		row := m[r*cols : (r+1)*cols]
		err := dev.Launch(gocuda.Config{Block: gocuda.Dim3{X: cols}}, func(c *gocuda.Thread) {
			row[c.ThreadIdx.X] = 10*r + c.ThreadIdx.X
		})
		if err != nil {
			panic(err)
		}
		for _, v := range row {
			sums[r] += v
		}
		if r == 0 {
			syncErr = dev.Synchronize()
		}
	})
	fmt.Println(err, m, sums)
	fmt.Println(errors.Is(syncErr, gocuda.ErrNotPermitted))
	// Output:
	// <nil> [0 1 2 3 10 11 12 13 20 21 22 23] [6 46 86]
	// true
}

// A device made WithRuntimePath runs kernels compiled by gocuda compile one
// call per thread, as the engine runs any other kernel: for debugging, and
// to compare the two forms.
func ExampleWithRuntimePath() {
	dev, err := gocuda.NewDevice(gocuda.WithRuntimePath())
	if err != nil {
		fmt.Println(err)
		return
	}
	defer dev.Close()
	fmt.Println(dev.RuntimePath())
	// Output: true
}
