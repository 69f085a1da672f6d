// Package gocuda runs CUDA-style kernels on the CPU.
//
// A kernel is a Go function that receives a *Thread. A launch runs it once
// for every thread of a grid of thread blocks:
//
//	cfg := gocuda.Config{Grid: gocuda.Blocks(n, 256), Block: gocuda.Dim3{X: 256}}
//	err := gocuda.Launch(cfg, func(t *gocuda.Thread) {
//		i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
//		if i < n {
//			y[i] = a*x[i] + y[i]
//		}
//	})
//
// # Execution model
//
// A Device has one worker goroutine per core, the analog of a GPU's
// streaming multiprocessors. Blocks are handed to workers dynamically, in
// chunks sized to the grid, in no guaranteed order; each block runs start to
// finish on one worker. Global memory is ordinary Go memory (slices the
// kernel captures); shared memory is per block (Shared, DynamicShared).
//
// A block's threads start as a plain loop of calls on the worker goroutine,
// so a kernel that never synchronizes costs a function call per thread. The
// first time a thread reaches a barrier (SyncThreads and its variants), the
// block becomes cooperative: every thread after it runs as a coroutine, and
// the threads take turns in a fixed order, each running until its next
// barrier. No annotation is needed, and a block runs the same way every
// time. As on hardware, threads that have returned do not hold a barrier
// up. Warps are 32 consecutive linear thread indices (X fastest, then Y,
// then Z); see Thread.LaneID and Thread.WarpID.
//
// # Errors
//
// A launch with an invalid configuration fails at once with an error
// wrapping ErrInvalidConfiguration or ErrInvalidValue. A panic in any
// thread fails the launch with a *KernelError naming the first failing block
// and thread; Go's index-out-of-range and nil-dereference panics map to
// ErrIllegalAddress, other panics to ErrLaunchFailure. No further blocks
// start, threads waiting at barriers are released, and the device stays
// usable. Threads waiting at a barrier that can never complete fail the
// launch with a *DeadlockError instead of hanging.
package gocuda
