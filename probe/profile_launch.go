package probe

import (
	"runtime"

	"github.com/gocuda/gocuda/gpu"
	"github.com/gocuda/gocuda/internal/probelink"
	"github.com/gocuda/gocuda/probe/record"
)

// profile returns the KernelProfile of launch l, whose blocks have all
// ended.
func (p *profiler) profile(l *probelink.Launch, lp *launchProfile) *record.KernelProfile {
	lp.mu.Lock()
	defer lp.mu.Unlock()
	cfg := record.LaunchConfig{Grid: l.Grid, Block: l.Block, StaticShared: lp.staticShared,
		DynamicShared: l.DynamicShared, Launches: 1}
	cfg.Occupancy = occupancyOf(p.arch, l.Threads, p.regs, cfg.StaticShared+cfg.DynamicShared)
	kp := &record.KernelProfile{
		Kernel:    kernelName(l.Entry(), lp.sites),
		Arch:      p.arch.String(),
		Registers: p.regs,
		Launches:  1,
		Configs:   []record.LaunchConfig{cfg},
	}
	lines := map[lineKey]*record.LineProfile{}
	for site, c := range lp.sites {
		key := lineKey{site.File, site.Line, site.Func}
		row := lines[key]
		if row == nil {
			row = &record.LineProfile{Func: site.Func, File: site.File, Line: site.Line}
			lines[key] = row
		}
		row.Counts.Add(*c)
		if w := lp.worst[site]; w != nil {
			row.WorstGlobal, row.WorstShared = record.KeepWorse(row.WorstGlobal, w.global), record.KeepWorse(row.WorstShared, w.shared)
		}
	}
	for _, row := range lines {
		kp.Lines = append(kp.Lines, *row)
	}
	kp.Finish()
	p.predict(kp)
	return kp
}

// predict sets the predicted time of kp, the profile of one launch, if
// the profiler has a GPU to predict for and the launch fits on it.
func (p *profiler) predict(kp *record.KernelProfile) {
	if p.gpu == nil || kp.Configs[0].Occupancy.Error != "" {
		return
	}
	pr, err := p.gpu.Predict(kp.Total.Workload(kp.Configs[0]))
	if err != nil {
		return
	}
	kp.GPU, kp.PredictedNS, kp.Bottleneck = p.gpu.Name, pr.Nanos, string(pr.Bottleneck)
	kp.Configs[0].PredictedNS = pr.Nanos
	kp.Timing = record.NewTiming(pr)
}

// A lineKey identifies a source line of a function.
type lineKey struct {
	file string
	line int
	fn   string
}

// occupancyOf returns the occupancy of blocks of threads threads on a.
func occupancyOf(a gpu.Arch, threads, regs, smem int) record.Occupancy {
	o, err := a.OccupancyMaxActiveBlocksPerMultiprocessor(threads, regs, smem)
	if err != nil {
		return record.Occupancy{Error: err.Error()}
	}
	return record.Occupancy{BlocksPerSM: o.BlocksPerSM, WarpsPerSM: o.WarpsPerSM, Fraction: o.Fraction, Limit: o.Limiting.String()}
}

// kernelName names the kernel at entry pc after its own function's Kernel
// entry (see kernelAt), else after the kernel holding the first (by id)
// of the sites it ran, else after the runtime's name for it; never after a
// closure.
func kernelName(pc uintptr, sites map[*Site]*record.Counts) string {
	if name := kernelAt(pc); name != "" {
		return name
	}
	var first *Site
	for s := range sites {
		if s.kernel != "" && (first == nil || s.id < first.id) {
			first = s
		}
	}
	if first != nil {
		return first.kernel
	}
	if f := runtime.FuncForPC(pc); pc != 0 && f != nil {
		return record.FuncName(shortFunc(f.Name()))
	}
	return ""
}
