package teaching

import (
	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// This file holds the dot products of "CUDA by Example": chapter05/dot.cu's
// dot, a grid-stride sum and a shared-memory tree per block, and
// appendix_a/dot.cu's dot, which adds each block's sum into the total under
// lock.h's spin lock.

// dotN, threadsPerBlock and blocksPerGrid are dot.cu's N, threadsPerBlock
// and blocksPerGrid.
const (
	dotN            = 33 * 1024
	threadsPerBlock = 256
)

var blocksPerGrid = imin(32, (dotN+threadsPerBlock-1)/threadsPerBlock)

// DotKernel is dot of chapter05/dot.cu: c[b] is block b's part of a·b over
// N elements; the host adds the parts.
//
//gocuda:kernel DotKernel
func dotKernel(t *gocuda.Thread, a, b, c []float32) {
	cache := gocuda.Shared[float32](t, threadsPerBlock)
	tid := t.ThreadIdx.X + t.BlockIdx.X*t.BlockDim.X
	cacheIndex := t.ThreadIdx.X

	temp := float32(0)
	for tid < dotN {
		temp += a[tid] * b[tid]
		tid += t.BlockDim.X * t.GridDim.X
	}

	cache[cacheIndex] = temp

	t.SyncThreads()

	i := t.BlockDim.X / 2
	for i != 0 {
		if cacheIndex < i {
			cache[cacheIndex] += cache[cacheIndex+i]
		}
		t.SyncThreads()
		i /= 2
	}

	if cacheIndex == 0 {
		c[t.BlockIdx.X] = cache[0]
	}
}

// dotLockN is appendix_a/dot.cu's N divided by 1024 (the book's is
// 33*1024*1024), so that the test stays short.
const dotLockN = 33 * 1024

// bookLock is appendix_a/lock.h's Lock: a mutex word in device memory,
// passed to the kernel by value.
type bookLock struct {
	mutex *int32
}

// lock is Lock::lock: spin on atomicCAS, then a fence.
func (l bookLock) lock() {
	for atomic.CAS(l.mutex, 0, 1) != 0 {
	}
	atomic.ThreadFence()
}

// unlock is Lock::unlock.
func (l bookLock) unlock() {
	atomic.ThreadFence()
	atomic.Exch(l.mutex, 0)
}

// DotLockKernel is dot of appendix_a/dot.cu: chapter 5's dot, whose
// thread 0 of each block adds the block's sum into *c under the lock.
//
//gocuda:kernel DotLockKernel
func dotLockKernel(t *gocuda.Thread, lock bookLock, a, b []float32, c *float32) {
	cache := gocuda.Shared[float32](t, threadsPerBlock)
	tid := t.ThreadIdx.X + t.BlockIdx.X*t.BlockDim.X
	cacheIndex := t.ThreadIdx.X

	temp := float32(0)
	for tid < dotLockN {
		temp += a[tid] * b[tid]
		tid += t.BlockDim.X * t.GridDim.X
	}

	cache[cacheIndex] = temp

	t.SyncThreads()

	i := t.BlockDim.X / 2
	for i != 0 {
		if cacheIndex < i {
			cache[cacheIndex] += cache[cacheIndex+i]
		}
		t.SyncThreads()
		i /= 2
	}

	if cacheIndex == 0 {
		lock.lock()
		*c += cache[0]
		lock.unlock()
	}
}
