package gocuda

import (
	"reflect"
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
// An instrumented build runs a kernel on the runtime path, the probes
// being in the per-thread code, unless the observer lets a compiled one
// run its compiled form (see compiledProbe).
func (l *launch) start(nested bool) {
	obs := probelink.Active()
	if obs == nil {
		return
	}
	forced := l.runtimePath
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
	var perThread func(*Thread)
	if !forced {
		l.probe.Compiled, perThread = l.compiledProbe()
	}
	obs.LaunchStart(l.probe)
	if c := l.probe.Compiled; c != nil && c.Unprobed {
		l.runtimePath, l.unprobed = false, true
		l.probe.SetEntry(reflect.ValueOf(perThread).Pointer()) // the name reports give the launch
	}
}

// compiledProbe returns what the observer is told of l's kernel if gocuda
// compile compiled it with its arguments' probe (the -gpu forms), and its
// per-thread form; else nil. Calling the kernel with a probe thread runs
// no kernel code (see gpuForm).
func (l *launch) compiledProbe() (*probelink.Compiled, func(*Thread)) {
	if !compiledCode[l.code()] {
		return nil, nil
	}
	p := &gpuProbe{}
	l.kernel(&Thread{probe: p, BlockDim: l.block, GridDim: l.grid})
	if !p.set || len(p.src.GPU()) == 0 {
		return nil, nil
	}
	return &probelink.Compiled{Name: p.src.Name(), Hash: p.src.Hash(), Args: p.args}, p.perThread
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
