package probe

import "github.com/gocuda/gocuda/gpu"

// count adds warp-level execution g to its site's counts in this block:
// every execution is an instruction with g's active lanes (the profiler
// approximates a kernel's instructions by its instrumented sites, for
// warp_execution_efficiency); a branch is divergent if its active lanes
// disagree; a memory access is costed by the architecture's rules, its
// global lanes as one warp request and its shared lanes as another.
// dynBase is where dynamic shared memory starts in the block's shared
// address space.
func (bp *blockProfile) count(g *warpExec, dynBase uint64) {
	c := &bp.state(g.site).counts
	d := c.divergence()
	d.Executed(g.lanes)
	switch g.site.Kind {
	case Branch:
		d.Branch(g.lanes, g.taken)
	case Read, Write, ReadWrite:
		bp.countMemory(c, g, dynBase)
	}
	c.setDivergence(d)
}

// countMemory adds the cost of memory access g to c. A ReadWrite is a
// load and a store of the same addresses.
func (bp *blockProfile) countMemory(c *Counts, g *warpExec, dynBase uint64) {
	var global, shared gpu.Warp
	for lane := range 32 {
		bit := uint32(1) << lane
		if g.lanes&bit == 0 {
			continue
		}
		l := gpu.Lane{Active: true, Addr: g.addr[lane], Size: int(g.size[lane])}
		switch {
		case g.dynamic&bit != 0:
			l.Addr += dynBase
			shared[lane] = l
		case g.shared&bit != 0:
			shared[lane] = l
		default:
			global[lane] = l
		}
	}
	arch := bp.prof.arch
	load, store := g.site.Kind != Write, g.site.Kind != Read
	if g.lanes&^g.shared != 0 {
		gc := arch.Global(global)
		if load {
			c.GldRequests += gc.Requests
			c.GldTransactions += gc.Transactions
			c.GldBytes += gc.Bytes
			c.GldRequested += gc.UsefulBytes
		}
		if store {
			c.GstRequests += gc.Requests
			c.GstTransactions += gc.Transactions
			c.GstBytes += gc.Bytes
			c.GstRequested += gc.UsefulBytes
		}
	}
	if g.shared != 0 {
		// One request per warp instruction, as nvprof's shared_load
		// counts them; on 1.x its two half-warps are two transactions
		// at best.
		sc := arch.Shared(shared)
		if load {
			c.SharedLdRequests++
			c.SharedLdTransactions += sc.Transactions
			c.SharedLdConflicts += sc.Conflicts()
		}
		if store {
			c.SharedStRequests++
			c.SharedStTransactions += sc.Transactions
			c.SharedStConflicts += sc.Conflicts()
		}
	}
}
