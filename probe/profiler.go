package probe

import (
	"fmt"
	"strconv"
	"sync"
	"unsafe"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/gpu"
	"github.com/gocuda/gocuda/internal/probelink"
	"github.com/gocuda/gocuda/probe/record"
)

// Defaults of gocuda profile: a current GPU, and the register count
// nvcc commonly gives a simple kernel (Go code has none to report).
const (
	DefaultArch      = "sm_90"
	DefaultRegisters = 32
)

// profiler is the analysis of gocuda profile: it assembles each block's
// warp-level executions (see warpExec), costs them on arch, and writes a
// record.KernelProfile per launch.
type profiler struct {
	arch   gpu.Arch
	regs   int
	gpu    *gpu.GPU // the timing model's GPU; nil if none models arch
	allocs profAllocs
}

// newProfiler returns the profiler for the GPU arch ("sm_70"; empty means
// DefaultArch, or the architecture of the preset named model) with regs
// registers per thread (empty means DefaultRegisters; 0 leaves registers
// out of occupancy), predicting times on the GPU preset named model
// (empty: the preset of arch, if any).
func newProfiler(arch, regs, model string) (recorder, error) {
	var g *gpu.GPU
	if model != "" {
		m, err := gpu.LookupGPU(model)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", record.EnvGPU, err)
		}
		g = &m
		if arch == "" {
			arch = m.Arch.String()
		}
	}
	if arch == "" {
		arch = DefaultArch
	}
	a, err := gpu.ParseArch(arch)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", record.EnvArch, err)
	}
	switch {
	case g != nil && g.Arch != a:
		return nil, fmt.Errorf("%s=%s: the %s is %v, not %v", record.EnvGPU, model, g.Name, g.Arch, a)
	case g == nil:
		if m, ok := gpu.PresetFor(a); ok {
			g = &m
		}
	}
	r := DefaultRegisters
	if regs != "" {
		r, err = strconv.Atoi(regs)
		if err != nil {
			return nil, fmt.Errorf("%s=%q: %w", record.EnvRegs, regs, err)
		}
	}
	if most := a.Limits().MaxRegsPerThread; r < 0 || r > most {
		return nil, fmt.Errorf("%s=%d: %v allows 0 to %d registers per thread", record.EnvRegs, r, a, most)
	}
	return &profiler{arch: a, regs: r, gpu: g}, nil
}

// launchProfile is a launch's totals (probelink.Launch.State), into which
// its blocks merge their counts as they end.
type launchProfile struct {
	mu           sync.Mutex
	sites        map[*Site]*record.Counts
	worst        map[*Site]*siteWorst
	staticShared int // the most any block allocated
}

// LaunchStart implements probelink.Observer.
func (p *profiler) LaunchStart(l *probelink.Launch) {
	l.State = &launchProfile{sites: map[*Site]*record.Counts{}, worst: map[*Site]*siteWorst{}}
}

// LaunchEnd writes the launch's profile. A failed launch is not profiled:
// its blocks stopped part way.
func (p *profiler) LaunchEnd(l *probelink.Launch, err error) {
	lp, ok := l.State.(*launchProfile)
	if !ok || err != nil || out == nil {
		return
	}
	out.write(record.Record{Profile: p.profile(l, lp)})
}

// BlockStart implements probelink.Observer: it readies the executor's
// blockProfile, reused from its previous block.
func (p *profiler) BlockStart(b *probelink.Block) {
	bp, ok := b.State.(*blockProfile)
	if !ok || bp.prof != p {
		bp = &blockProfile{prof: p, groups: map[warpExecKey]*warpExec{}}
		b.State = bp
	}
	bp.start(b)
}

// BlockEnd counts the block's remaining warp-level executions and adds
// its counts to the launch's.
func (p *profiler) BlockEnd(b *probelink.Block) {
	bp, ok := b.State.(*blockProfile)
	lp, ok2 := b.Launch.State.(*launchProfile)
	if !ok || !ok2 {
		return
	}
	sites := bp.end()
	static := 0
	for _, r := range b.Shared {
		static += r.Size
	}
	lp.mu.Lock()
	defer lp.mu.Unlock()
	for _, s := range sites {
		c := lp.sites[s.site]
		if c == nil {
			c = new(record.Counts)
			lp.sites[s.site] = c
		}
		c.Add(s.counts)
		if s.worst != (siteWorst{}) {
			w := lp.worst[s.site]
			if w == nil {
				w = new(siteWorst)
				lp.worst[s.site] = w
			}
			w.keep(s.worst)
		}
	}
	lp.staticShared = max(lp.staticShared, static)
}

// UndefinedShuffle implements probelink.Observer; it costs nothing.
func (p *profiler) UndefinedShuffle(*probelink.Block, int, int, string) {}

// Alloc records a global allocation, for the address model.
func (p *profiler) Alloc(base unsafe.Pointer, size int, what string) {
	p.allocs.add(uintptr(base), size)
}

// Free forgets a global allocation.
func (p *profiler) Free(base unsafe.Pointer, size int) { p.allocs.remove(uintptr(base)) }

// HostWrite implements probelink.Observer; it costs nothing on the GPU.
func (p *profiler) HostWrite(unsafe.Pointer, int) {}

// blockOf returns the blockProfile of the block running t, or nil.
func (p *profiler) blockOf(t *gocuda.Thread) (*probelink.Block, *blockProfile) {
	b := blockOf(t)
	bp, _ := b.State.(*blockProfile)
	return b, bp
}

func (p *profiler) access(t *gocuda.Thread, site *Site, base unsafe.Pointer, n, size int, i int64, _ bool) {
	if i < 0 || i >= int64(n) {
		return // the access panics: the launch fails
	}
	a := uintptr(base)
	p.memory(t, site, a+uintptr(i)*uintptr(size), size, a)
}

func (p *profiler) addr(t *gocuda.Thread, site *Site, ptr unsafe.Pointer, size int, _ bool) {
	p.memory(t, site, uintptr(ptr), size, 0)
}

// local joins an access of size bytes at offset off of a variable of the
// thread's own to its warp-level execution, at its local-memory address.
func (p *profiler) local(t *gocuda.Thread, site *Site, off uintptr, size int) {
	_, bp := p.blockOf(t)
	if bp == nil {
		return
	}
	rank := t.ThreadRank()
	g, lane := bp.join(site, rank)
	g.addr[lane], g.size[lane] = localAddr(off, lane), int32(size)
	g.local |= 1 << lane
	bp.joined(g)
}

// atomic joins an atomic on size bytes at ptr to its warp-level execution,
// as memory does an access.
func (p *profiler) atomic(t *gocuda.Thread, site *Site, ptr unsafe.Pointer, size int) {
	p.memory(t, site, uintptr(ptr), size, 0)
}

func (p *profiler) observed(*gocuda.Thread, *Site) {}

func (p *profiler) fence(t *gocuda.Thread, site *Site) { p.executed(t, site) }

// memory joins an access of size bytes at ptr, through a slice starting at
// slice (0 if unknown), to its warp-level execution.
func (p *profiler) memory(t *gocuda.Thread, site *Site, ptr uintptr, size int, slice uintptr) {
	b, bp := p.blockOf(t)
	if bp == nil {
		return
	}
	addr, shared, dynamic := bp.place(b, ptr, size, slice)
	g, lane := bp.join(site, t.ThreadRank())
	g.addr[lane], g.size[lane] = addr, int32(size)
	if shared {
		g.shared |= 1 << lane
	}
	if dynamic {
		g.dynamic |= 1 << lane
	}
	bp.joined(g)
}

func (p *profiler) branch(t *gocuda.Thread, site *Site, taken bool) {
	_, bp := p.blockOf(t)
	if bp == nil {
		return
	}
	g, lane := bp.join(site, t.ThreadRank())
	if taken {
		g.taken |= 1 << lane
	}
	bp.joined(g)
}

func (p *profiler) barrier(t *gocuda.Thread, site *Site) { p.executed(t, site) }

// loop counts an iteration of a loop by t; its warp-level iterations are
// reckoned when the block ends (see blockProfile.loops), without the cost
// of assembling warp-level executions.
func (p *profiler) loop(t *gocuda.Thread, site *Site) {
	if _, bp := p.blockOf(t); bp != nil {
		bp.state(site).exec[t.ThreadRank()]++
	}
}

func (p *profiler) mask(t *gocuda.Thread, site *Site, _ uint32) { p.executed(t, site) }

// executed joins a site that is only an instruction to its warp-level
// execution.
func (p *profiler) executed(t *gocuda.Thread, site *Site) {
	if _, bp := p.blockOf(t); bp != nil {
		g, _ := bp.join(site, t.ThreadRank())
		bp.joined(g)
	}
}
