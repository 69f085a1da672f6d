package gocuda

import (
	"unsafe"

	"github.com/gocuda/gocuda/internal/grid"
	"github.com/gocuda/gocuda/internal/probelink"
)

// This file is the engine's side of instrumented builds (gocuda check and
// gocuda profile, package probe): when an observer is installed, each
// launch and block is announced to it, and the executor keeps the counts
// and shared-memory ranges it reads. Without one, a launch's probe is nil
// and the engine pays one nil check per block.

func init() {
	e := probelink.Engine[*Thread]{
		BlockOf: func(t *Thread) *probelink.Block { return &t.x.pb },
		Stopped: func(t *Thread) bool { return t.x.job != nil && t.x.job.Stopped() },
	}
	e.Offsets.Executor, e.Offsets.Block = unsafe.Offsetof(Thread{}.x), unsafe.Offsetof(executor{}.pb)
	probelink.SetEngine(e)
}

// start announces l to the installed observer, if any, as it begins to run.
// An instrumented build runs every kernel on the runtime path: the probes
// are in the per-thread code.
func (l *launch) start(nested bool) {
	obs := probelink.Active()
	if obs == nil {
		return
	}
	l.runtimePath = true
	l.probe = &probelink.Launch{
		Kernel:        l.code(),
		Grid:          [3]int{l.grid.X, l.grid.Y, l.grid.Z},
		Block:         [3]int{l.block.X, l.block.Y, l.block.Z},
		Threads:       l.threads,
		DynamicShared: l.dynShared,
		Cooperative:   l.gridBar != nil,
		Nested:        nested,
	}
	obs.LaunchStart(l.probe)
}

// end tells the observer that l has finished with err.
func (l *launch) end(err error) {
	if l.probe != nil {
		probelink.Active().LaunchEnd(l.probe, err)
	}
}

// probeBlockStart readies the executor's probe block for the block about to
// run, of linear index b.
func (x *executor) probeBlockStart(b int64) {
	l := x.launch
	x.pb.Reset(l.probe, b, [3]int{x.block.X, x.block.Y, x.block.Z})
	if l.dynShared > 0 {
		x.pb.Dynamic = probelink.Range{Base: uintptr(unsafe.Pointer(unsafe.SliceData(x.shared.dyn))), Size: l.dynShared}
	}
	x.shared.probe = &x.pb
	probelink.Active().BlockStart(&x.pb)
}

// probeObserver forwards the engine's undefined shuffles to the observer.
type probeObserver struct{ x *executor }

func (o probeObserver) UndefinedShuffle(thread, src int, c grid.Collective) {
	if o.x.launch.probe != nil {
		probelink.Active().UndefinedShuffle(&o.x.pb, thread, src, c.Kind.String())
	}
}
