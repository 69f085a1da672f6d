// Package grid is gocuda's execution engine: the block scheduler and the
// cooperative thread scheduler, independent of CUDA's index types.
//
// A Pool is a fixed set of worker goroutines, the analog of a GPU's
// streaming multiprocessors. A Job is a grid of blocks numbered 0 to
// Blocks-1; workers claim them in chunks through one atomic counter, so a
// grid of millions of small blocks does not pay an atomic per block, and
// concurrent jobs share the workers. A job launched from kernel code
// (InKernel) runs with Pool.RunNested, whose caller runs the job's chunks
// itself instead of waiting for a worker, so launches nest to any depth.
//
// A Block runs the threads of one thread block as coroutines (pooled
// iter.Pull coroutines, reused from block to block) that take turns in a
// fixed order and wait for each other at barriers, at one coroutine switch
// per thread per barrier. It is entered lazily: a block whose threads never
// reach a barrier never creates or switches a coroutine.
//
// The engine's failures (a thread's panic, a deadlock at a block or grid
// barrier) end in errors built by its user's Reporter, where they are
// detected, so that they need no translation afterwards.
//
// Most programs use package gocuda, which builds kernels' thread contexts
// on top of this package.
package grid
