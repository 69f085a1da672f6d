package gocuda

import (
	"os"
	"reflect"

	"github.com/gocuda/gocuda/internal/compiledlink"
	"github.com/gocuda/gocuda/internal/grid"
	"github.com/gocuda/gocuda/internal/panics"
	"github.com/gocuda/gocuda/internal/probelink"
)

// This file is the engine's side of compiled kernels: what `gocuda compile`
// generates calls package compiled, which reaches the engine through the
// hooks stored here (see package compiledlink). A compiled kernel is still
// a func(*Thread); its first thread call in a chunk of blocks hands the
// engine a body, which runs a whole block (compiled.Kernel) or the rest of
// the chunk (compiled.GridKernel) as loops over its threads (see
// docs/tutorials/compiled-kernels.md).

// A compiledBlock is the state of the block a compiled body runs.
type compiledBlock = compiledlink.Block[*Thread, Dim3]

func init() {
	compiledlink.Set(compiledlink.Engine[*Thread, Dim3]{
		Kernel:           compiledKernel,
		GridKernel:       compiledGridKernel,
		GridStrideKernel: compiledGridStrideKernel,
		Misuse:           func(sentinel error, msg string) error { return misuse(sentinel, "%s", msg) },
		SyncGrid:         compiledSyncGrid,
		Diverged:         compiledDiverged,
		DivergedIf:       compiledDivergedIf,
		Probing:          func(t *Thread) bool { return t.probe != nil },
		ProbeArgs:        func(t *Thread, args []any) { t.probe.args = args },
	})
}

// compiledOff is set by GOCUDA_COMPILED=off: every compiled kernel runs on
// the runtime path, as with Config.RuntimePath.
var compiledOff = os.Getenv("GOCUDA_COMPILED") == "off"

// strictSources is set by GOCUDA_STRICT=1: a launch of a kernel whose
// compiled form is stale fails with ErrInvalidKernelImage instead of
// running on the runtime path with a warning, for CI and tests that must
// not measure or check the wrong code.
var strictSources = os.Getenv("GOCUDA_STRICT") == "1"

// WithRuntimePath makes every launch on the device run kernels compiled by
// `gocuda compile` on the runtime path, as Config.RuntimePath does for one
// launch: for debugging, and to compare the two.
func WithRuntimePath() Option {
	return func(o *options) error {
		o.runtimePath = true
		return nil
	}
}

// RuntimePath reports whether the device runs compiled kernels on the
// runtime path (WithRuntimePath, GOCUDA_COMPILED=off, or a build
// instrumented by gocuda check or gocuda profile).
func (d *Device) RuntimePath() bool { return d.runtime || compiledOff || probelink.Active() != nil }

// newLaunch validates cfg for a launch on d.
func (d *Device) newLaunch(cfg Config, kernel func(*Thread)) (*launch, error) {
	cfg.RuntimePath = cfg.RuntimePath || d.runtime
	return newLaunch(cfg, kernel)
}

// compiledKernel is compiled.Kernel: a kernel that runs body once per
// block where it can, and perThread for each thread otherwise (on the
// runtime path: with Config.RuntimePath or GOCUDA_COMPILED=off, when src
// is stale, in an instrumented build, or when the block is already
// cooperative). Where src.MayRunOnCaller, the kernel is made by
// callerKernel, whose code tells a launch that it may run the kernel's
// blocks on the launching goroutine (see onCaller).
func compiledKernel(src *compiledlink.Source, perThread func(*Thread), body func(*compiledBlock)) func(*Thread) {
	if src.MayRunOnCaller() {
		return callerKernel(src, perThread, body)
	}
	return blockKernel(src, perThread, body)
}

// blockKernel is compiledKernel's kernel for a source that may not run on
// the launching goroutine, made by a function literal of its own (see
// compiledCode).
//
//go:noinline
func blockKernel(src *compiledlink.Source, perThread func(*Thread), body func(*compiledBlock)) func(*Thread) {
	return func(t *Thread) { blockEntry(t, src, perThread, body) }
}

// callerKernel is compiledKernel's kernel for a source that may run on
// the launching goroutine, made by a function literal of its own (see
// callerCode). It is not inlined: an inlined copy of the literal would be
// another function.
//
//go:noinline
func callerKernel(src *compiledlink.Source, perThread func(*Thread), body func(*compiledBlock)) func(*Thread) {
	return func(t *Thread) { blockEntry(t, src, perThread, body) }
}

// blockEntry is a compiled kernel's thread call: the block's first call
// runs body for the whole block where it can; otherwise the thread runs
// perThread.
func blockEntry(t *Thread, src *compiledlink.Source, perThread func(*Thread), body func(*compiledBlock)) {
	if t.probe != nil {
		t.probe.found(src, perThread, t)
		return
	}
	if x := t.x; x.mayHandOver(t, src) {
		x.body = body
		x.runBody()
		x.handed = true
		return
	}
	runtimeEntry(t, perThread)
	perThread(t)
}

// compiledGridKernel is compiled.GridKernel: a kernel that runs body once
// for the rest of the executor's chunk of blocks where it can, and
// perThread for each thread otherwise (as compiledKernel, with
// callerGridKernel where src.MayRunOnCaller).
func compiledGridKernel(src *compiledlink.Source, perThread func(*Thread), body func(b *compiledBlock, lo, hi int)) func(*Thread) {
	if src.MayRunOnCaller() {
		return callerGridKernel(src, perThread, body)
	}
	return chunkKernel(src, perThread, body)
}

// chunkKernel is compiledGridKernel's kernel for a source that may not
// run on the launching goroutine (see compiledCode).
//
//go:noinline
func chunkKernel(src *compiledlink.Source, perThread func(*Thread), body func(b *compiledBlock, lo, hi int)) func(*Thread) {
	return func(t *Thread) { chunkEntry(t, src, perThread, body) }
}

// callerGridKernel is callerKernel for compiledGridKernel.
//
//go:noinline
func callerGridKernel(src *compiledlink.Source, perThread func(*Thread), body func(b *compiledBlock, lo, hi int)) func(*Thread) {
	return func(t *Thread) { chunkEntry(t, src, perThread, body) }
}

// chunkEntry is a compiled grid kernel's thread call: the chunk's first
// call runs body for the rest of the chunk where it can; otherwise the
// thread runs perThread.
func chunkEntry(t *Thread, src *compiledlink.Source, perThread func(*Thread), body func(b *compiledBlock, lo, hi int)) {
	if t.probe != nil {
		t.probe.found(src, perThread, t)
		return
	}
	if x := t.x; x.mayHandOver(t, src) {
		x.runGrid(body)
		return
	}
	runtimeEntry(t, perThread)
	perThread(t)
}

// callerCode is the code of the kernels callerKernel and
// callerGridKernel return: every closure of one function literal shares
// it.
var callerCode = [2]uintptr{
	reflect.ValueOf(callerKernel(nil, nil, nil)).Pointer(),
	reflect.ValueOf(callerGridKernel(nil, nil, nil)).Pointer(),
}

// compiledGridStrideKernel is compiled.GridStrideKernel: compiledGridKernel
// made by a function literal of its own, so that a launch tells its
// kernels apart (see chunkSize). It is not inlined: an inlined copy of
// the literal would be another function.
//
//go:noinline
func compiledGridStrideKernel(src *compiledlink.Source, perThread func(*Thread), body func(b *compiledBlock, lo, hi int)) func(*Thread) {
	return func(t *Thread) { chunkEntry(t, src, perThread, body) }
}

// gridStrideCode is the code of the kernels compiledGridStrideKernel
// returns: every closure of one function literal shares it.
var gridStrideCode = reflect.ValueOf(compiledGridStrideKernel(nil, nil, nil)).Pointer()

// compiledCode are the codes of every kind of compiled kernel: a GPU
// launch calls only those with its probe, which run no kernel code.
var compiledCode = map[uintptr]bool{
	reflect.ValueOf(blockKernel(nil, nil, nil)).Pointer(): true,
	reflect.ValueOf(chunkKernel(nil, nil, nil)).Pointer(): true,
	callerCode[0]:  true,
	callerCode[1]:  true,
	gridStrideCode: true,
}

// code returns the code of l's kernel, which tells the kinds of compiled
// kernels apart (gridStrideCode, callerCode).
func (l *launch) code() uintptr { return reflect.ValueOf(l.kernel).Pointer() }

// onCaller reports whether l may run on the launching goroutine: its
// kernel is compiled, runs its compiled form (not the runtime path) and
// cannot call runtime.Goexit (compiledlink.Source.MayRunOnCaller), and
// the launch is not cooperative.
func (l *launch) onCaller() bool {
	if l.runtimePath || l.gridBar != nil {
		return false
	}
	code := l.code()
	return code == callerCode[0] || code == callerCode[1]
}

// chunkSize returns the blocks a worker claims at once for l: for a
// compiled grid-stride kernel, a quarter of a worker's equal share of the
// grid, whose blocks its body runs in lockstep or in rows (one share per
// worker left a launch as slow as its slowest worker; see
// BenchmarkSAXPYGridStride); otherwise grid.ChunkSize's small chunks, which balance uneven
// blocks.
func (l *launch) chunkSize(workers int) int64 {
	if l.code() == gridStrideCode {
		parts := 4 * int64(max(1, workers))
		return max(1, (l.blocks+parts-1)/parts)
	}
	return grid.ChunkSize(l.blocks, workers, l.threads)
}

// runtimeEntry names perThread, not the wrapper that calls it, as the
// kernel of an instrumented build's launch.
func runtimeEntry(t *Thread, perThread func(*Thread)) {
	if p := t.x.launch.probe; p != nil {
		p.SetEntry(reflect.ValueOf(perThread).Pointer())
	}
}

// mayHandOver reports whether the current block may run as a compiled
// body: t is its first thread on the direct path and the launch may run
// compiled code. If so, it readies the executor's compiledBlock.
func (x *executor) mayHandOver(t *Thread, src *compiledlink.Source) bool {
	if t != &x.direct || t.self != 0 || x.launch.runtimePath || x.coop.Active() {
		return false
	}
	if !x.launch.unprobed && !src.Current() {
		staleSource(src)
		return false
	}
	x.bindBlock()
	return true
}

// staleSource reports that src is stale: once per kernel on standard
// error, and the kernel runs on the runtime path; or, with GOCUDA_STRICT=1,
// as the launch's failure.
func staleSource(src *compiledlink.Source) {
	if strictSources {
		panic(misuse(ErrInvalidKernelImage, "%s; GOCUDA_STRICT=1 refuses to run it on the runtime path", src.Stale()))
	}
	src.Warn()
}

// runBody runs the current block with the compiled body, on the worker's
// goroutine, with the direct Thread as the representative every thread loop
// moves from thread to thread. The rest of the executor's chunk of blocks
// then runs the body directly.
func (x *executor) runBody() {
	b := &x.blk
	clear(b.Exited)
	b.Pos.Block, b.Pos.Thread = int(x.cur), 0
	x.direct.ThreadIdx, x.direct.self = b.Index[0], 0
	x.inBody = true
	x.body(b)
	x.inBody = false
}

// runGrid runs the current block and the rest of the executor's chunk with
// a grid body, then ends the chunk.
func (x *executor) runGrid(body func(b *compiledBlock, lo, hi int)) {
	b := &x.blk
	lo, hi := x.cur, x.end
	b.Pos.Block, b.Pos.Thread = int(lo), 0
	x.direct.ThreadIdx, x.direct.self = b.Index[0], 0
	x.inBody = true
	body(b, int(lo), int(hi))
	x.inBody = false
	x.end = lo + 1 // the chunk's blocks have run
	x.handed = true
}

// promote makes the block cooperative at t's first barrier or warp
// collective. A compiled body never reaches one: the generator lowered it.
func (x *executor) promote(t *Thread) {
	if x.inBody {
		panic(misuse(ErrLaunchFailure, "a compiled kernel reached a barrier or warp collective: regenerate it with gocuda compile, or report a bug"))
	}
	x.coop.Promote(x.launch.threads, t.self, x.runFiber)
}

// bodyFailure is the *KernelError of a panic in a compiled body: of the
// block and thread its Pos names (the current ones if Pos is out of
// range, a bug in generated code).
func (x *executor) bodyFailure(rep panics.Report) error {
	if d, ok := rep.Value.(diverged); ok {
		return d.err
	}
	l, p := x.launch, x.blk.Pos
	block, thread := x.block, x.direct.ThreadIdx
	if p.Block >= 0 && int64(p.Block) < l.blocks {
		block = l.grid.index(int64(p.Block))
	}
	if p.Thread >= 0 && p.Thread < l.threads {
		thread = l.block.index(int64(p.Thread))
	}
	return newKernelError(block, thread, rep)
}

// bindBlock prepares the compiled block for the current launch and chunk:
// the index of every thread rank, computed again only where the block's
// shape changed since the executor last bound one (it binds once per
// chunk), so that entering a thread is two stores.
func (x *executor) bindBlock() {
	b, l := &x.blk, x.launch
	if b.Dim != l.block || len(b.Index) != l.threads { // the indexes of the last block shape bound still hold otherwise
		b.Index = resize(b.Index, l.threads)
		var idx Dim3
		for i := range b.Index {
			b.Index[i], idx = idx, l.block.next(idx)
		}
	}
	b.Threads, b.Dim, b.Grid, b.Stop = l.threads, l.block, l.grid, x.job.StopFlag()
	b.Exited = resize(b.Exited, l.threads)
}

// resize returns s with length n, reusing its array if it fits.
func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

// diverged is the panic of compiledDiverged, which bodyFailure makes the
// launch's error as it is.
type diverged struct{ err *DeadlockError }

// compiledDiverged is compiled.Diverged: thread in of the block would wait
// at barrier for thread out, which left the loop around it; the launch
// fails with the *DeadlockError the runtime path reports for a barrier
// that cannot complete.
func compiledDiverged(b *compiledBlock, barrier string, in, out int) {
	panic(diverged{&DeadlockError{Block: b.Thread.BlockIdx, Waiting: []WaitingThread{
		{Thread: b.Index[in], Barrier: barrier},
		{Thread: b.Index[out], Barrier: "the end of the loop around it (its condition differs between the block's threads)"},
	}}})
}

// compiledDivergedIf is compiled.DivergedIf: thread in of the block takes
// an if's branch, toward barrier, and thread out does not; the launch
// fails as compiledDiverged's.
func compiledDivergedIf(b *compiledBlock, barrier string, in, out int) {
	panic(diverged{&DeadlockError{Block: b.Thread.BlockIdx, Waiting: []WaitingThread{
		{Thread: b.Index[in], Barrier: barrier},
		{Thread: b.Index[out], Barrier: "the other side of the if (its condition differs between the block's threads)"},
	}}})
}
