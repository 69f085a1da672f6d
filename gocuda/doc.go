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
// # Compiled kernels
//
// Barriers on this path cost a coroutine switch per thread. A kernel
// marked //gocuda:kernel Name and run through `gocuda compile` (go
// generate, with //go:generate go tool gocuda compile once the tool is
// added to the module) gets a constructor Name whose blocks run as loops
// over their threads, barriers lowered at compile time, and vector steps
// in the SIMD build; the launch call does not change. A compiled form
// whose kernel was edited since never runs: the kernel runs as written, on
// this path, with a warning (ErrInvalidKernelImage under GOCUDA_STRICT=1).
// Config.RuntimePath, WithRuntimePath and GOCUDA_COMPILED=off run compiled
// kernels on this path, to compare. See package compiled and
// docs/tutorials/compiled-kernels.md.
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
//
// # Grids
//
// Blocks and Cover compute the grid that covers a problem, the
// ceil-division every CUDA program writes by hand:
//
//	cfg := gocuda.Config{Grid: gocuda.Blocks(n, 256), Block: gocuda.Dim3{X: 256}}
//
// # Contexts and timing
//
// Calls that wait take a context in a variant named ...Context:
// LaunchContext (on a Device, a Stream or the default device),
// Stream.SynchronizeContext, Event.SynchronizeContext and
// Device.SynchronizeContext. When the context ends first they return an
// error wrapping ctx.Err() (errors.Is(err, context.Canceled) or
// context.DeadlineExceeded) and, if it has one, context.Cause(ctx). A
// launch whose context ends starts no further block; a running block
// finishes, since a Go function cannot be stopped from outside. A wait
// whose context ends only stops waiting: as in CUDA, queued work is never
// cancelled, so it goes on, and a later Synchronize waits for it and
// reports its errors. An abandoned wait leaves no goroutine behind.
//
// ElapsedTime keeps CUDA's float32 milliseconds; Event.Since gives the
// same measure as a time.Duration.
//
// # Options
//
// Constructors take functional options, one type per constructor so that
// the compiler rejects an option given to the wrong one: Option for
// NewDevice, StreamOption for Device.NewStream, EventOption for
// Device.NewEvent. All three have one shape: a function that sets a field
// of the constructor's unexported settings and may reject its argument
// with an error, which the constructor returns (WithWorkers(0) fails
// NewDevice with ErrInvalidValue). An option named after a CUDA flag keeps
// the flag's name (StreamNonBlocking for cudaStreamNonBlocking,
// EventDisableTiming for cudaEventDisableTiming); the others, which have
// no CUDA counterpart, are named With... (WithWorkers, WithGlobalMem).
// Config is a struct, not options, on purpose: it is the value of one
// launch, CUDA's <<<grid, block, sharedMem>>>, built once and reused,
// compared and printed; Config.RuntimePath sets for one launch what the
// WithRuntimePath option sets for a whole device.
//
// # Goroutines and leak checks
//
// A Device's workers, and the pooled coroutines of blocks that reached a
// barrier, are goroutines that live until Device.Close; a stream holds a
// goroutine only while it has work queued. Close every device a test
// makes, and synchronize its streams, before checking for leaked
// goroutines (go.uber.org/goleak). The default device (Default, used by
// the package-level Launch and by nil streams) lives for the rest of the
// program, so a test binary that uses it either closes it with
// CloseDefault before the check or ignores its goroutines, and only its
// goroutines, with the goleak option of package gocudatest:
//
//	func TestMain(m *testing.M) {
//		goleak.VerifyTestMain(m, gocudatest.IgnoreDefaultDevice())
//	}
package gocuda
