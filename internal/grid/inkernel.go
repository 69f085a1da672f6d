package grid

import (
	"runtime"
	"sync/atomic"
)

// Kernel code calling back into the engine (a launch from inside a kernel,
// CUDA's dynamic parallelism) must not wait for a worker: every worker may
// be running a block that makes such a call. Kernel code is whatever runs
// below a Job's Run, which is always called through runChunk (on a worker,
// a resident block's goroutine or a RunNested caller), or below a fiber's
// thread, always run through Block.runThread. Both recover panics, so the
// compiler never inlines them: their frames are on the stack of every
// goroutine running kernel code, and of no other.
//
// InKernel looks for them. Recording the goroutines that run kernel code
// by id instead would cost more: a goroutine's id can only be read from a
// formatted stack trace, whose cost grows with the stack and which is
// serialised on the runtime's print lock (it dominated a recursive
// quicksort's time).

// jobsRunning counts the jobs running in every pool. While it is zero no
// goroutine runs kernel code, and InKernel need not look at the stack.
var jobsRunning atomic.Int64

// kernelCallers are the functions that call kernel code.
var kernelCallers = NewFrameSet((*Job).runChunk, (*Block).runThread)

// InKernel reports whether the calling goroutine is running kernel code: a
// block of a job of any pool, or a fiber's thread. While no job runs it
// costs one atomic load; otherwise it walks the stack down to the nearest
// such frame (a kernel calls in a few frames down), or to the bottom.
func InKernel() bool {
	if jobsRunning.Load() == 0 {
		return false
	}
	// Unwinding costs per frame (BenchmarkInKernel): look at the nearest
	// frames first, where a kernel's launch finds its block's.
	var buf [32]uintptr
	pcs := buf[:12]
	for skip := 2; ; {
		n := runtime.Callers(skip, pcs)
		for _, pc := range pcs[:n] {
			if kernelCallers.Contains(pc) {
				return true
			}
		}
		if n < len(pcs) {
			return false
		}
		skip += n // the frames just looked at, before pcs grows
		pcs = buf[:]
	}
}
