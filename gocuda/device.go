package gocuda

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"io"
	"os"

	"github.com/gocuda/gocuda/internal/devlink"
	"github.com/gocuda/gocuda/internal/gpulink"
	"github.com/gocuda/gocuda/internal/grid"
	"github.com/gocuda/gocuda/internal/hostmem"
	"github.com/gocuda/gocuda/internal/probelink"
)

// A Device runs kernels on a pool of worker goroutines, one per core by
// default: the analog of a GPU's streaming multiprocessors. Blocks are
// handed to workers dynamically and each block runs start to finish on one
// worker.
//
// A Device is safe for use by multiple goroutines; concurrent launches share
// its workers. It must be created with NewDevice (or obtained with Default)
// and released with Close.
type Device struct {
	pool     *grid.Pool
	execs    []*executor // one per worker
	mem      *devlink.Account
	ordinal  int
	print    io.Writer // where kernels' Printf output goes
	runtime  bool      // WithRuntimePath
	streams  streamSet
	resident residentSet    // executors of cooperative blocks and of nested launches' launchers
	nested   nestedCount    // running nested launches, which do not hold mu
	gpu      gpulink.Device // WithGPU's GPU, which runs every launch, else nil

	mu     sync.RWMutex // launches hold it shared; Close holds it exclusively
	closed bool
}

// An Option configures NewDevice (see the package doc's Options).
type Option func(*options) error

type options struct {
	workers     int
	globalMem   int64
	printOut    io.Writer
	runtimePath bool
	gpu         *int // WithGPU's ordinal
}

// WithWorkers sets the number of worker goroutines (the device's
// multiprocessor count). The default is runtime.GOMAXPROCS(0).
func WithWorkers(n int) Option {
	return func(o *options) error {
		if n < 1 {
			return fmt.Errorf("%w: %d workers", ErrInvalidValue, n)
		}
		o.workers = n
		return nil
	}
}

// NewDevice starts a device. Close it when done to stop its workers.
func NewDevice(opts ...Option) (*Device, error) { return newDevice(false, opts) }

// newDevice is NewDevice; marked marks the device's goroutines (see
// grid.MarkFunc), as Default's are, for gocudatest.IgnoreDefaultDevice.
func newDevice(marked bool, opts []Option) (*Device, error) {
	var o options
	for _, opt := range opts {
		if err := opt(&o); err != nil {
			return nil, err
		}
	}
	if o.globalMem == 0 {
		o.globalMem = hostmem.Total()
	}
	if o.gpu == nil {
		for _, opt := range defaultGPU() {
			opt(&o)
		}
	}
	gpu, err := openGPU(&o)
	if err != nil {
		return nil, err
	}
	if o.printOut == nil {
		o.printOut = os.Stdout
	}
	pool := grid.NewPool
	if marked {
		pool = grid.NewMarkedPool
	}
	d := &Device{pool: pool(o.workers), mem: devlink.NewAccount(o.globalMem), print: o.printOut, runtime: o.runtimePath, gpu: gpu}
	d.execs = make([]*executor, d.pool.Workers())
	for i := range d.execs {
		d.execs[i] = newExecutor(marked)
	}
	d.streams.init(d)
	d.nested.init()
	d.resident.limit = d.pool.Workers() * MaxBlocksPerMultiProcessor
	d.resident.marked = marked
	register(d)
	return d, nil
}

// Workers returns the number of worker goroutines.
func (d *Device) Workers() int { return d.pool.Workers() }

// Launch runs kernel once for every thread of the grid cfg describes, as
// CUDA's kernel<<<cfg.Grid, cfg.Block, cfg.SharedMem>>>(...) followed by a
// wait, and returns when every block has finished: every write the kernel
// made happens before it returns. A configuration outside CUDA's limits
// returns an error wrapping ErrInvalidConfiguration or ErrInvalidValue
// before anything runs; a panic in a thread (an out-of-range index is
// ErrIllegalAddress) returns a *KernelError naming the first failing block
// and thread, and threads stuck at barriers that can never complete a
// *DeadlockError. It is LaunchContext with context.Background(), which
// documents the ordering with streams and nested launches.
func (d *Device) Launch(cfg Config, kernel func(*Thread)) error {
	return d.LaunchContext(context.Background(), cfg, kernel)
}

// LaunchContext runs kernel over the grid cfg describes and returns when
// every block has finished.
//
// An invalid configuration returns an error wrapping ErrInvalidConfiguration
// or ErrInvalidValue before anything runs. The launch first waits for the
// work queued on the default stream and every blocking stream, as a launch
// on CUDA's legacy default stream does (see Stream); a host function must
// not wait so, and gets an error wrapping ErrNotPermitted instead (see
// Stream.LaunchHostFunc). A panic in a thread fails the launch with a *KernelError naming the first failing thread: no further
// block starts and threads waiting at barriers are released. Threads waiting
// at a barrier that can never complete fail it with a *DeadlockError. Once
// ctx is done no further block starts, and LaunchContext returns an error
// wrapping ctx.Err(); running blocks finish first, since a Go function
// cannot be stopped from outside.
//
// If ctx is done just as the last block finishes, the launch may report
// either outcome. Every write made by the kernel happens before
// LaunchContext returns.
//
// Blocks run on the device's workers, except that a kernel compiled by
// gocuda compile and marked as unable to call runtime.Goexit
// (compiled.Source.NoGoexit) runs on the calling goroutine where its
// blocks make a single worker's share: the caller would only wait, and a
// short kernel took half the time without the hand-over.
//
// A kernel may launch kernels, on its own device or another (CUDA's dynamic
// parallelism): the child grid runs to completion before LaunchContext
// returns, so before its parent completes, as CUDA requires, and its
// failure is returned to the launching thread like a host launch's: a
// *KernelError names the child's block and thread. Such a launch does not
// wait for the host's streams; the launching goroutine runs the child's
// blocks itself (idle workers may help), so it never waits for a worker,
// however deep the recursion. The child cannot see the parent's shared
// memory. Calls that would wait for the kernel itself (Close,
// Synchronize, LaunchCooperative, ...) return ErrNotPermitted from inside
// a kernel.
func (d *Device) LaunchContext(ctx context.Context, cfg Config, kernel func(*Thread)) error {
	l, err := d.newLaunch(cfg, kernel)
	if err != nil {
		return err
	}
	if grid.InKernel() {
		if d.gpu != nil {
			return fmt.Errorf("%w: %v", ErrNotPermitted, errNoGPUNested)
		}
		return d.runNested(ctx, l)
	}
	if err := d.awaitStreams(ctx, "Device.LaunchContext"); err != nil {
		return awaitError(err)
	}
	return d.run(ctx, l)
}

// run runs a validated launch to completion on the device's workers.
func (d *Device) run(ctx context.Context, l *launch) error {
	d.mu.RLock()
	defer d.mu.RUnlock()
	if d.closed {
		return ErrContextIsDestroyed
	}
	if d.gpu != nil && probelink.Active() == nil {
		// An instrumented build (gocuda check, profile) observes the
		// kernel's accesses on the CPU.
		return d.runGPU(ctx, l)
	}
	l.start(false)
	job := &grid.Job{Blocks: l.blocks, Chunk: l.chunkSize(d.pool.Workers())}
	if job.Blocks <= job.Chunk && l.onCaller() {
		return d.runOnCaller(ctx, l, job)
	}
	job.Run = func(worker int, first, end int64) error {
		return d.execs[worker].run(l, job, first, end)
	}
	err := d.pool.Run(ctx, job)
	return l.finish(ctx, err, d.print)
}

// runOnCaller runs job, whose blocks make one chunk, on the calling
// goroutine: one worker would run them all while the caller waited, and
// the hand-over to it and back cost more than a short kernel's work (a
// worker on another core also finds the caller's data in the other
// core's cache). l's kernel cannot end the goroutine (onCaller).
func (d *Device) runOnCaller(ctx context.Context, l *launch, job *grid.Job) error {
	x := d.resident.takeOne()
	defer d.resident.putOne(x)
	job.Run = func(_ int, first, end int64) error {
		return x.run(l, job, first, end)
	}
	err := grid.RunHere(ctx, job)
	return l.finish(ctx, err, d.print)
}

// awaitError is the error of a synchronous launch whose wait for the
// streams failed: a host function's wait, or cancellation.
func awaitError(err error) error {
	if errors.Is(err, ErrNotPermitted) {
		return err
	}
	return fmt.Errorf("gocuda: launch cancelled: %w", err)
}

// Close waits for the work queued on the device's streams and for running
// launches, then stops the device's workers and releases its memory
// account. It returns the first error left unreported on a stream (except
// those of a stream a concurrent Stream.Close closed first, which that
// Close reports). Later launches and allocations return
// ErrContextIsDestroyed, as does a second Close. Called from a host
// function while work is pending, Close returns an error wrapping
// ErrNotPermitted and closes nothing (see Stream.LaunchHostFunc), and so
// it does called from inside a kernel, which Close would wait for.
func (d *Device) Close() error {
	if err := hostOnly("Device.Close"); err != nil {
		return err
	}
	if len(d.streams.pending(false)) > 0 {
		if err := mayWait("Device.Close"); err != nil {
			return err
		}
	}
	streamErr := d.streams.closeAll()
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.closed {
		return ErrContextIsDestroyed
	}
	d.closed = true
	d.nested.close()
	d.pool.Close()
	for _, x := range d.execs {
		x.coop.Close()
	}
	d.resident.close()
	d.mem.Close()
	if d.gpu != nil {
		d.gpu.Close()
	}
	unregister(d)
	return streamErr
}

// Launch runs kernel once for every thread of the grid cfg describes on
// the default device (Default), one worker goroutine per core, and
// returns when every block has finished, with the errors Device.Launch
// returns: an invalid configuration before anything runs, a *KernelError
// for a panic in a thread, a *DeadlockError for barriers that cannot
// complete.
func Launch(cfg Config, kernel func(*Thread)) error {
	return Default().Launch(cfg, kernel)
}

// LaunchContext runs kernel on the default device, stopping early once ctx
// is done. See Device.LaunchContext.
func LaunchContext(ctx context.Context, cfg Config, kernel func(*Thread)) error {
	return Default().LaunchContext(ctx, cfg, kernel)
}
