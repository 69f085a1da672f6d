package gpu

import "fmt"

// Predict returns the model's time for one launch of workload w on g, and
// its bottleneck. A launch that cannot run (no resident block) is an
// error; an empty one takes no time.
//
// Per SM, with N warps resident (the occupancy calculator's blocks, or
// fewer when the grid does not fill the SMs), a warp's memory cycles are
// its global memory instructions times their latency (Hong and Kim's
// Mem_L: the DRAM latency, plus a departure delay per extra transaction of
// an uncoalesced access), plus the operations its global atomics wait for
// at L2 on an address other lanes also name (GPU.AtomicCycles each), and
// its computation cycles are its instructions times the issue cycles plus
// its bank-conflict replays (a shared atomic's serialized steps among them). MWP, the warps
// whose memory requests overlap, is bounded by the latency over the
// departure delay, by the DRAM bandwidth shared by the active SMs, and by
// N; CWP is (memory + computation) over computation, bounded by N. Hong
// and Kim's three cases give the cycles of one round of resident blocks,
// never less than issuing all N warps' instructions; every barrier adds
// departure delay × (MWP − 1) per resident block (Hong and Kim's
// synchronization cost, as published: the last warp's memory requests
// leave MWP − 1 departures after the first's); the rounds repeat
// Rep = blocks / (resident blocks × active SMs) times. The result is
// never below the roofline bounds: the launch's bytes over the DRAM
// bandwidth, its instructions over the SMs' issue rate.
func (g GPU) Predict(w Workload) (Prediction, error) {
	p := Prediction{GPU: g.Name, Bottleneck: BoundNothingToDo}
	switch {
	case w.Blocks < 0 || w.ThreadsPerBlock < 0:
		return p, fmt.Errorf("gpu: %s: a launch of %d blocks of %d threads", g.Name, w.Blocks, w.ThreadsPerBlock)
	case w.Blocks == 0 || w.ThreadsPerBlock == 0 || w.Sites == 0 && w.GlobalRequests == 0:
		return p, nil
	case w.BlocksPerSM < 1:
		return p, fmt.Errorf("gpu: %s: no block of %d threads is resident on an SM", g.Name, w.ThreadsPerBlock)
	}
	a := g.averages(w)
	activeSMs := min(g.SMs, w.Blocks)
	activeBlocks := min(w.BlocksPerSM, ceilDiv(w.Blocks, activeSMs))
	p.N = float64(activeBlocks) * a.warpsPerBlock
	p.Rep = float64(w.Blocks) / float64(activeBlocks*activeSMs)
	p.CompCycles = g.IssueCycles()*a.insts + a.conflictCycles
	memL, dep := g.memLatency(a)
	p.MemCycles = memL*a.memInsts + a.atomicCycles
	mwpBW := p.N
	if a.memInsts > 0 {
		perWarp := g.MHz * 1e6 * a.bytes / memL // bytes per second one warp's requests draw
		mwpBW = g.BandwidthGBs * 1e9 / (perWarp * float64(activeSMs))
		p.MWP = max(1, min(memL/dep, mwpBW, p.N))
	}
	p.CWP = p.N
	if p.CompCycles > 0 {
		p.CWP = min((p.MemCycles+p.CompCycles)/p.CompCycles, p.N)
	}
	round, memoryBound := g.round(p, a, memL)
	round += dep * max(p.MWP-1, 0) * a.barriers * float64(activeBlocks)
	p.Nanos = round * p.Rep / g.MHz * 1e3
	p.DRAMNanos = float64(w.GlobalBytes) / g.BandwidthGBs
	p.IssueNanos = g.IssueCycles() * a.insts * a.warps / float64(g.SMs) / g.MHz * 1e3
	p.Nanos = max(p.Nanos, p.DRAMNanos, p.IssueNanos)
	if p.CompCycles > 0 {
		issue := g.IssueCycles()
		p.ConflictShare = a.conflictCycles / p.CompCycles
		p.LoopShare = issue * a.loopInsts / p.CompCycles
		p.IdleShare = (1 - a.activeLanes/32) * issue * a.insts / p.CompCycles
	}
	p.Bottleneck = p.bottleneck(memoryBound, p.MWP == mwpBW, activeBlocks == w.BlocksPerSM)
	return p, nil
}

// memLatency returns Hong and Kim's Mem_L and departure delay for the
// average global memory instruction of a: coalesced if it needs no more
// transactions than a coalesced access of 4-byte words.
func (g GPU) memLatency(a perWarp) (memL, dep float64) {
	if a.txPerInst <= idealTransactions(g.Arch) {
		return g.MemLatency, g.DepartureCoalesced
	}
	return g.MemLatency + (a.txPerInst-1)*g.DepartureUncoalesced, g.DepartureUncoalesced * a.txPerInst
}

// round returns the cycles of one round of resident blocks on an SM by
// Hong and Kim's cases, and whether memory bounds it.
func (g GPU) round(p Prediction, a perWarp, memL float64) (cycles float64, memoryBound bool) {
	issueAll := p.CompCycles * p.N
	// Hong and Kim's Comp_p, the computation between two memory
	// instructions of a warp, is Comp_cycles / #Mem_insts for a warp
	// that has any, so never more than Comp_cycles; the average over
	// warps may have fewer than one when most warps have none.
	between := p.CompCycles / max(a.memInsts, 1)
	switch {
	case a.memInsts == 0:
		return issueAll, false
	case p.MWP == p.N && p.CWP == p.N: // too few warps to hide either
		cycles = p.MemCycles + p.CompCycles + between*(p.MWP-1)
	case p.CWP >= p.MWP || p.CompCycles > p.MemCycles:
		cycles = p.MemCycles*p.N/p.MWP + between*(p.MWP-1)
	default: // computation hides memory but for one latency
		return memL + issueAll, false
	}
	return max(cycles, issueAll), cycles > issueAll
}

// bottleneck names what bounds p: the DRAM (its bandwidth roofline, or
// MWP held by it), memory latency the resident warps do not hide (named
// occupancy when the resources, not the grid, hold the warps back), or
// the issue of instructions, named after bank-conflict replays, idle
// lanes or loop overhead when one of them is a third of it or more.
func (p Prediction) bottleneck(memoryBound, bandwidthMWP, resourceBound bool) Bottleneck {
	switch {
	case p.DRAMNanos >= 0.9*p.Nanos, memoryBound && bandwidthMWP:
		return BoundBandwidth
	case memoryBound && p.MWP == p.N && resourceBound:
		return BoundOccupancy
	case memoryBound:
		return BoundLatency
	}
	best, share := BoundIssue, 1.0/3
	for _, c := range []struct {
		b     Bottleneck
		share float64
	}{{BoundConflicts, p.ConflictShare}, {BoundDivergence, p.IdleShare}, {BoundLoops, p.LoopShare}} {
		if c.share >= share {
			best, share = c.b, c.share
		}
	}
	return best
}
