package probe

import (
	"github.com/gocuda/gocuda/internal/probelink"
	"github.com/gocuda/gocuda/probe/record"
)

// Warp-level requests on the runtime path. A GPU executes a memory
// instruction for the active lanes of a warp together; here a block's
// threads run one at a time, each until its next barrier or warp
// collective, so the lanes' executions of a site happen apart. They are
// put back together by counting: the k-th execution of site s by each lane
// of warp w (k counted per lane from the block's start) belongs to one
// warp-level execution, (s, w, k), with the lanes that made it active.
// For structured code this is what SIMT execution does: the lanes that
// reach a site for the k-th time are the lanes a warp runs it with after
// reconverging. A loop whose trip count depends on the lane groups its
// executions by iteration, as reconvergence does for simple loops. It
// differs where lanes reach a site a different number of times along
// different paths: a site under a lane-dependent condition inside a loop
// pairs one lane's k-th execution with another's from another iteration,
// and a function called from both arms of a divergent branch has one
// warp-level execution here where a GPU issues one per arm.
//
// A warp-level execution is counted once every lane of its warp has
// joined it, and the rest (those some lanes never join: divergence, early
// exits) when the block ends.

// A warpExecKey names one warp-level execution: (site, warp, k).
type warpExecKey struct {
	site int32
	warp int32
	k    uint32
}

// A warpExec is one warp-level execution of a site being assembled.
type warpExec struct {
	key   warpExecKey
	site  *Site
	lanes uint32 // the lanes that have executed it
	taken uint32 // branch: the lanes whose condition was true
	// shared marks the lanes whose access is to shared memory, dynamic
	// those of them in dynamic shared memory, whose addresses are offsets
	// in it until the block's static allocations are all known.
	shared, dynamic uint32
	// local marks the lanes whose access is to a variable of their own:
	// its address is modelled in local memory (see localAddr).
	local uint32
	addr  [32]uint64 // memory: the lane's modelled address
	size  [32]int32  // memory: the lane's access size
}

// A siteProfile is a site's state in the current block.
type siteProfile struct {
	site   *Site
	block  uint64   // the blockProfile.block it belongs to
	exec   []uint32 // executions so far, per thread rank
	counts record.Counts
	worst  siteWorst
}

// siteWorst is a site's costliest warp-level global and shared accesses.
type siteWorst struct{ global, shared *record.WarpAccess }

// keep keeps the costlier of w's and o's accesses.
func (w *siteWorst) keep(o siteWorst) {
	w.global, w.shared = record.KeepWorse(w.global, o.global), record.KeepWorse(w.shared, o.shared)
}

// A blockProfile is the profiler's state for the block an executor is
// running (probelink.Block.State). Only the worker running the block uses
// it; the executor reuses it for its next block.
type blockProfile struct {
	prof    *profiler
	block   uint64 // counts blocks, so that sites[id] of earlier ones are stale
	threads int
	sites   []*siteProfile // by site ID
	touched []*siteProfile // those of this block
	groups  map[warpExecKey]*warpExec
	free    []*warpExec

	// The block's shared address space: static allocation i (b.Shared[i])
	// starts at offsets[i], each aligned to profSharedAlign after the one
	// before; staticEnd is where the last ends; dynamic shared memory
	// starts at the first aligned offset after it.
	offsets   []uint64
	staticEnd uint64
}

// profSharedAlign is the alignment of each allocation in the modelled shared
// address space: the widest access (16 bytes) never straddles it.
const profSharedAlign = 16

func profAlignUp(n, a uint64) uint64 { return (n + a - 1) &^ (a - 1) }

// start readies bp for b.
func (bp *blockProfile) start(b *probelink.Block) {
	bp.block++
	bp.threads = b.Launch.Threads
	bp.touched = bp.touched[:0]
	clear(bp.groups) // left by a failed block
	bp.offsets, bp.staticEnd = bp.offsets[:0], 0
}

// state returns site's state in this block.
func (bp *blockProfile) state(site *Site) *siteProfile {
	id := int(site.id)
	if id >= len(bp.sites) {
		bp.sites = append(bp.sites, make([]*siteProfile, id+1-len(bp.sites))...)
	}
	s := bp.sites[id]
	if s == nil {
		s = &siteProfile{}
		bp.sites[id] = s
	}
	if s.block != bp.block {
		s.site, s.block, s.counts, s.worst = site, bp.block, record.Counts{}, siteWorst{}
		s.exec = profResize(s.exec, bp.threads)
		bp.touched = append(bp.touched, s)
	}
	return s
}

// resize returns s with length n, zeroed.
func profResize(s []uint32, n int) []uint32 {
	if cap(s) < n {
		return make([]uint32, n)
	}
	s = s[:n]
	clear(s)
	return s
}

// join adds thread rank's next execution of site to its group, and returns
// the group and the thread's lane.
func (bp *blockProfile) join(site *Site, rank int) (*warpExec, int) {
	s := bp.state(site)
	key := warpExecKey{site: site.id, warp: int32(rank / 32), k: s.exec[rank]}
	s.exec[rank]++
	g := bp.groups[key]
	if g == nil {
		if n := len(bp.free); n > 0 {
			g, bp.free = bp.free[n-1], bp.free[:n-1]
			*g = warpExec{}
		} else {
			g = new(warpExec)
		}
		g.key, g.site = key, site
		bp.groups[key] = g
	}
	lane := rank % 32
	g.lanes |= 1 << lane
	return g, lane
}

// joined counts g at once if every lane of its warp is in it and its
// addresses are final.
func (bp *blockProfile) joined(g *warpExec) {
	if g.lanes == bp.warpLanes(int(g.key.warp)) && g.dynamic == 0 {
		bp.count(g, 0)
		delete(bp.groups, g.key)
		bp.free = append(bp.free, g)
	}
}

// warpLanes returns the mask of the lanes warp w has: all 32 but in a
// partial last warp.
func (bp *blockProfile) warpLanes(w int) uint32 {
	n := min(bp.threads-32*w, 32)
	return uint32(1<<n - 1)
}

// place returns the modelled address of an access of size bytes at p, as
// an offset in the block's shared address space if it is to shared memory,
// and whether it is to shared memory and to dynamic shared memory.
func (bp *blockProfile) place(b *probelink.Block, p uintptr, size int, slice uintptr) (addr uint64, shared, dynamic bool) {
	for i := len(bp.offsets); i < len(b.Shared); i++ {
		off := profAlignUp(bp.staticEnd, profSharedAlign)
		bp.offsets = append(bp.offsets, off)
		bp.staticEnd = off + uint64(b.Shared[i].Size)
	}
	for i, r := range b.Shared {
		if r.Contains(p, size) {
			return bp.offsets[i] + uint64(p-r.Base), true, false
		}
	}
	if b.Dynamic.Size > 0 && b.Dynamic.Contains(p, size) {
		return uint64(p - b.Dynamic.Base), true, true
	}
	return bp.prof.allocs.model(p, slice), false, false
}

// end counts the groups left when the block ends, and the loops'
// iterations, and returns the counts of the block's sites.
func (bp *blockProfile) end() []*siteProfile {
	dynBase := profAlignUp(bp.staticEnd, profSharedAlign)
	for key, g := range bp.groups {
		bp.count(g, dynBase)
		delete(bp.groups, key)
		bp.free = append(bp.free, g)
	}
	for _, s := range bp.touched {
		if s.site.Kind == BackEdge {
			bp.loops(s)
		}
	}
	return bp.touched
}

// loops counts the warp-level iterations of s, a loop's back edge: a warp
// goes on while any of its lanes does, so it runs as many as its lane
// that ran the most (the k-th iterations of its lanes are one warp-level
// execution, as other sites' are). Each carries the site's arithmetic;
// none is an instruction of its own (the loop's branch is its condition's
// site, or arithmetic of a range loop).
func (bp *blockProfile) loops(s *siteProfile) {
	n := 0
	for w := 0; w < len(s.exec); w += 32 {
		most := uint32(0)
		for _, k := range s.exec[w:min(w+32, len(s.exec))] {
			most = max(most, k)
		}
		n += int(most)
	}
	c := &s.counts
	c.LoopIterations += n
	c.ALUOps += n * s.site.ALU
	c.IntMulOps += n * s.site.Muls
	c.IntDivOps += n * s.site.Divs
}
