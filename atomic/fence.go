package atomic

import syncatomic "sync/atomic"

// fenceWord is the word every fence updates, on a cache line of its own so
// that fences do not slow down unrelated variables.
var fenceWord struct {
	_ [64]byte
	n syncatomic.Uint64
	_ [56]byte
}

// ThreadFence is CUDA's __threadfence: a sequentially consistent fence for
// every thread of the device. In CUDA it makes the calling thread's writes
// before it be observed by every thread of the device as happening before
// its writes after it, because the GPU's memory is weakly ordered and its
// atomic functions are relaxed.
//
// Go has no standalone fence. ThreadFence is a sequentially consistent
// atomic read-modify-write of a word private to this package. As such it
//
//   - takes its place in the one total order of all sync/atomic operations,
//     so it is never reordered with the atomics of this package before or
//     after it in the calling thread;
//   - synchronizes before every later fence of any thread, because each
//     fence observes the word as the one before it left it.
//
// In the Go memory model that is all it can promise. A plain write before
// a fence happens before a plain read in another thread only when the
// reader synchronizes with the writer through atomics: in the CUDA idiom
// of writing data, fencing, then signalling with an atomic (see the last
// block pattern in the package documentation), it is the atomic signal and
// the atomic that observes it that carry the ordering. The atomics of this
// package already do that, being sync/atomic operations, so gocuda does
// not need the fence for correctness; keep it anyway where CUDA needs it,
// so that the kernel stays correct on a GPU. No fence makes a plain read
// that is not so ordered with a plain write of the same variable anything
// but a data race, which the race detector reports.
//
// A fence costs one uncontended atomic addition; fences that many workers
// make at the same moment contend for the word.
func ThreadFence() { fenceWord.n.Add(1) }

// ThreadFenceBlock is CUDA's __threadfence_block: a sequentially consistent
// fence for the threads of the calling thread's block. A gocuda block runs
// on one worker, one thread at a time: its threads are calls on the worker
// goroutine, or coroutines that take turns only at barriers and warp
// collectives, and each hand-over orders everything before it before
// everything after it. So the threads of a block already see each other's
// memory operations in program order. ThreadFenceBlock is the same
// operation as ThreadFence, never weaker than CUDA's.
func ThreadFenceBlock() { fenceWord.n.Add(1) }

// ThreadFenceSystem is CUDA's __threadfence_system: a sequentially
// consistent fence for every thread of the device and every host thread.
// In gocuda host code is Go code under the same memory model as kernels,
// so ThreadFenceSystem is the same operation as ThreadFence.
func ThreadFenceSystem() { fenceWord.n.Add(1) }
