package probe

import (
	"github.com/gocuda/gocuda/gpu"
	"github.com/gocuda/gocuda/probe/record"
)

// count adds warp-level execution g to its site's counts in this block:
// every execution is an instruction with g's active lanes (the profiler
// approximates a kernel's instructions by its instrumented sites, for
// warp_execution_efficiency); a branch is divergent if its active lanes
// disagree; a memory access is costed by the architecture's rules, its
// global lanes as one warp request and its shared lanes as another.
// dynBase is where dynamic shared memory starts in the block's shared
// address space.
func (bp *blockProfile) count(g *warpExec, dynBase uint64) {
	st := bp.state(g.site)
	c := &st.counts
	c.ALUOps += g.site.ALU
	c.IntMulOps += g.site.Muls
	c.IntDivOps += g.site.Divs
	if g.site.Kind == Barrier {
		c.Barriers++
	}
	d := gpu.Divergence{Branches: c.Branches, Divergent: c.DivergentBranches,
		WarpInst: c.InstExecuted, ThreadInst: c.ThreadInstExecuted}
	d.Executed(g.lanes)
	switch g.site.Kind {
	case Branch:
		d.Branch(g.lanes, g.taken)
	case Read, Write, ReadWrite:
		if g.local != 0 {
			bp.countLocal(c, g)
		} else {
			bp.countMemory(st, g, dynBase)
		}
	case AtomicOp:
		bp.countAtomic(c, g, dynBase)
	}
	c.Branches, c.DivergentBranches = d.Branches, d.Divergent
	c.InstExecuted, c.ThreadInstExecuted = d.WarpInst, d.ThreadInst
}

// localAddr returns the modelled address of byte off of a lane's own
// variable: local memory interleaves the threads' variables word by word,
// so that a warp reading one word of its lanes' copies reads 128
// consecutive bytes (CUDA C++ Programming Guide, "Local Memory").
func localAddr(off uintptr, lane int) uint64 {
	return uint64(off/4)*4*32 + uint64(lane)*4 + uint64(off%4)
}

// countLocal adds the cost of g, an access to the lanes' own variables, to
// c: local memory goes through the caches as global memory does.
func (bp *blockProfile) countLocal(c *record.Counts, g *warpExec) {
	var w gpu.Warp
	for lane := range 32 {
		if g.lanes&(1<<lane) != 0 {
			w[lane] = gpu.Lane{Active: true, Addr: g.addr[lane], Size: int(g.size[lane])}
		}
	}
	gc := bp.prof.arch.Global(w)
	if g.site.Kind != Write {
		c.LocalLdRequests += gc.Requests
		c.LocalLdTransactions += gc.Transactions
	}
	if g.site.Kind != Read {
		c.LocalStRequests += gc.Requests
		c.LocalStTransactions += gc.Transactions
	}
}

// split returns g's lanes as the two warp requests of its global and
// shared memory accesses.
func (g *warpExec) split(dynBase uint64) (global, shared gpu.Warp) {
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
	return global, shared
}

// countAtomic adds the cost of atomic g to c: its global lanes as one
// warp request to L2, its shared lanes as one to the banks.
func (bp *blockProfile) countAtomic(c *record.Counts, g *warpExec, dynBase uint64) {
	global, shared := g.split(dynBase)
	arch := bp.prof.arch
	if g.lanes&^g.shared != 0 {
		ac := arch.GlobalAtomic(global)
		c.GlobalAtomRequests += ac.Requests
		c.GlobalAtomTransactions += ac.Transactions
		c.GlobalAtomOperations += ac.Operations
	}
	if g.shared != 0 {
		ac := arch.SharedAtomic(shared)
		c.SharedAtomRequests += ac.Requests
		c.SharedAtomOperations += ac.Operations
	}
}

// countMemory adds the cost of memory access g to its site's counts st,
// and keeps it where it is the site's costliest. A ReadWrite is a load and
// a store of the same addresses.
func (bp *blockProfile) countMemory(st *siteProfile, g *warpExec, dynBase uint64) {
	global, shared := g.split(dynBase)
	c, worst := &st.counts, &st.worst
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
		if worst.global == nil || gc.Transactions*worst.global.Requests > worst.global.Transactions*gc.Requests {
			worst.global = sample(global, "global", g.site.Kind, gc.Requests, gc.Transactions, 0)
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
		if worst.shared == nil || sc.Transactions > worst.shared.Transactions {
			worst.shared = sample(shared, "shared", g.site.Kind, 1, sc.Transactions, sc.Ideal)
		}
	}
}

// sample returns w, a warp-level access to space of a site of kind,
// costing requests and transactions (ideal, for shared memory), as a
// record.WarpAccess: the costliest of a site's is kept for its diagram.
func sample(w gpu.Warp, space string, kind Kind, requests, transactions, ideal int) *record.WarpAccess {
	a := &record.WarpAccess{Space: space, Kind: warpAccessKind(kind), Requests: requests,
		Transactions: transactions, Ideal: ideal, Addrs: make([]int64, 32)}
	base := ^uint64(0)
	for _, l := range w {
		if l.Active {
			base, a.Size = min(base, l.Addr), l.Size
		}
	}
	if space == "shared" {
		base = 0
	}
	base &^= record.GlobalBase - 1
	for i, l := range w {
		a.Addrs[i] = -1
		if l.Active {
			a.Addrs[i] = int64(l.Addr - base)
		}
	}
	return a
}

// warpAccessKind names what an access of kind does, as record.WarpAccess.Kind.
func warpAccessKind(k Kind) string {
	switch k {
	case Read:
		return "load"
	case Write:
		return "store"
	}
	return "load+store"
}
