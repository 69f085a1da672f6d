package atomic_test

import (
	"math/rand/v2"
	"runtime"
	"sync"
	"testing"

	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// TestLastBlockSum is the CUDA C++ Programming Guide's example for
// __threadfence: a sum in one launch, where each block stores its partial
// sum, fences and takes a ticket with atomicInc, and the block that draws
// the last ticket adds up the partial sums. It runs on 4 workers and is
// launched several times, since the last block resets the ticket counter.
func TestLastBlockSum(t *testing.T) {
	dev := newDevice(t)
	const blocks, threads, perThread = 257, 64, 3
	const n = blocks * threads * perThread
	r := rand.New(rand.NewPCG(5, 6))
	data := make([]int64, n)
	var want int64
	for i := range data {
		data[i] = r.Int64N(1<<40) - 1<<39
		want += data[i]
	}
	partial := make([]int64, blocks) // global memory, written plainly
	var count uint32                 // __device__ unsigned int count = 0
	var result int64
	var lastBlocks int32
	kernel := func(t *gocuda.Thread) {
		blockSum := gocuda.Shared[int64](t, 1)
		isLast := gocuda.Shared[bool](t, 1)
		total := gocuda.Shared[int64](t, 1)
		base := t.BlockIdx.X * t.BlockDim.X * perThread
		var mine int64
		for k := range perThread {
			mine += data[base+k*t.BlockDim.X+t.ThreadIdx.X]
		}
		atomic.Add(&blockSum[0], mine)
		t.SyncThreads()
		if t.ThreadIdx.X == 0 {
			partial[t.BlockIdx.X] = blockSum[0]
			atomic.ThreadFence()
			ticket := atomic.Inc(&count, uint32(t.GridDim.X))
			isLast[0] = ticket == uint32(t.GridDim.X-1)
		}
		t.SyncThreads()
		if !isLast[0] {
			return
		}
		// The last block: every thread reads a share of the partial sums.
		var s int64
		for b := t.ThreadIdx.X; b < t.GridDim.X; b += t.BlockDim.X {
			s += partial[b]
		}
		atomic.Add(&total[0], s)
		t.SyncThreads()
		if t.ThreadIdx.X == 0 {
			result = total[0]
			count = 0
			atomic.Add(&lastBlocks, 1)
		}
	}
	for launchNo := range 3 {
		result, lastBlocks = 0, 0
		clear(partial)
		launch(t, dev, blocks, threads, kernel)
		if result != want || lastBlocks != 1 || count != 0 {
			t.Errorf("launch %d: sum %d by %d last blocks, count left at %d; want %d by 1, 0", launchNo, result, lastBlocks, count, want)
		}
	}
}

// TestFenceMessagePassing is the message-passing pattern the fences are
// documented with: plain writes, a fence, an atomic flag; the reader waits
// for the flag atomically, fences, and reads the data plainly. The race
// detector confirms the atomics order the plain accesses.
func TestFenceMessagePassing(t *testing.T) {
	for _, fence := range []func(){atomic.ThreadFenceBlock, atomic.ThreadFence, atomic.ThreadFenceSystem} {
		const n = 64
		data := make([]int, n)
		var flag uint32
		var wg sync.WaitGroup
		wg.Go(func() {
			for i := range data {
				data[i] = i * i
			}
			fence()
			atomic.Exch(&flag, 1)
		})
		for atomic.CAS(&flag, 0, 0) == 0 {
			runtime.Gosched()
		}
		fence()
		for i, v := range data {
			if v != i*i {
				t.Fatalf("data[%d] = %d after the flag, want %d", i, v, i*i)
			}
		}
		wg.Wait()
	}
}
