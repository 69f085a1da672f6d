package probe

import (
	"runtime"
	"strings"

	"github.com/gocuda/gocuda/gpu"
	"github.com/gocuda/gocuda/internal/probelink"
)

// profile returns the KernelProfile of launch l, whose blocks have all
// ended.
func (p *profiler) profile(l *probelink.Launch, lp *launchProfile) *KernelProfile {
	lp.mu.Lock()
	defer lp.mu.Unlock()
	cfg := LaunchConfig{Grid: l.Grid, Block: l.Block, StaticShared: lp.staticShared,
		DynamicShared: l.DynamicShared, Launches: 1}
	cfg.Occupancy = occupancyOf(p.arch, l.Threads, p.regs, cfg.StaticShared+cfg.DynamicShared)
	kp := &KernelProfile{
		Kernel:    kernelName(l.Entry(), lp.sites),
		Arch:      p.arch.String(),
		Registers: p.regs,
		Launches:  1,
		Configs:   []LaunchConfig{cfg},
	}
	lines := map[lineKey]*LineProfile{}
	for site, c := range lp.sites {
		key := lineKey{site.File, site.Line, site.Func}
		row := lines[key]
		if row == nil {
			row = &LineProfile{Func: site.Func, File: site.File, Line: site.Line}
			lines[key] = row
		}
		row.Counts.add(*c)
	}
	for _, row := range lines {
		kp.Lines = append(kp.Lines, *row)
	}
	kp.finish()
	return kp
}

// A lineKey identifies a source line of a function.
type lineKey struct {
	file string
	line int
	fn   string
}

// occupancyOf returns the occupancy of blocks of threads threads on a.
func occupancyOf(a gpu.Arch, threads, regs, smem int) Occupancy {
	o, err := a.OccupancyMaxActiveBlocksPerMultiprocessor(threads, regs, smem)
	if err != nil {
		return Occupancy{Error: err.Error()}
	}
	return Occupancy{BlocksPerSM: o.BlocksPerSM, WarpsPerSM: o.WarpsPerSM, Fraction: o.Fraction, Limit: o.Limiting.String()}
}

// kernelName names the kernel at entry pc as Site.Func names functions,
// "pkg.Func": the runtime's name without the package path. Without one
// it falls back on the first of the Funcs of the sites the kernel ran.
func kernelName(pc uintptr, sites map[*Site]*Counts) string {
	if f := runtime.FuncForPC(pc); pc != 0 && f != nil {
		// The path ends at the last slash before any type arguments.
		name := f.Name()
		path := name
		if i := strings.IndexByte(name, '['); i >= 0 {
			path = name[:i]
		}
		return name[strings.LastIndex(path, "/")+1:]
	}
	name := ""
	for s := range sites {
		if name == "" || s.Func < name {
			name = s.Func
		}
	}
	return name
}
