package probe

import (
	"github.com/gocuda/gocuda/probe/record"

	"fmt"
	"slices"
	"strings"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/probelink"
)

// synccheck: barriers some threads of a block skip, barrier rounds met at
// different barriers, warp masks that leave out their caller, deadlocks
// and shuffles of inactive lanes.

const (
	whatDivergent = "Barrier error detected. Divergent thread(s) in block"
	whatInvalid   = "Barrier error detected. Invalid arguments"
	whatDeadlock  = "Barrier error detected. Deadlock in block"
	whatGrid      = "Barrier error detected. Deadlock at a grid barrier"
	whatShuffle   = "Undefined shuffle result: source lane inactive"
)

// barrier records t's arrival at the block barrier of site. Barrier round
// k is every thread's (k+1)-th barrier; its first arrival's site is the
// round's, and a thread arriving at another site is reported.
func (c *checker) barrier(t *gocuda.Thread, site *Site) {
	b, bs, rank, ok := enter(t, site)
	if !ok {
		return
	}
	if b.Launch.Cooperative {
		bs.flushRuns() // a grid barrier orders the accesses before it with other blocks'
	}
	bs.lastSite[rank] = site.id
	bs.marked = true
	bs.worked[rank]++
	k := int(b.Syncs[rank])
	for len(bs.rounds) <= k {
		bs.rounds = append(bs.rounds, round{site: -1, rank: -1}) // rounds at uninstrumented barriers
	}
	first := &bs.rounds[k]
	if first.site < 0 {
		*first = round{site: site.id, rank: int32(rank)}
		return
	}
	if first.site == site.id {
		return
	}
	f, isNew := bs.found.get(findingKey{kind: findMixedBarriers, s1: first.site, s2: site.id}, b.Index)
	f.noteThread(b.Index, rank)
	if !isNew {
		return
	}
	ls := bs.launch
	f.report = &record.Report{
		Tool: "synccheck", Severity: record.Error, What: whatDivergent, Block: bs.idx,
		Accesses: []record.Access{
			siteAccess("Barrier", siteByID(first.site), ls.thread(int(first.rank)), bs.idx),
			siteAccess("Barrier", site, ls.thread(rank), bs.idx),
		},
		Detail: "threads of the block meet at different barriers: every thread must reach the same __syncthreads()",
	}
}

// mask checks the mask of t's warp collective at site: it must name t's
// lane.
func (c *checker) mask(t *gocuda.Thread, site *Site, mask uint32) {
	b, bs, rank, ok := enter(t, site)
	if !ok {
		return
	}
	if b.Launch.Cooperative {
		bs.flushRuns() // a grid barrier orders the accesses before it with other blocks'
	}
	bs.lastSite[rank] = site.id
	bs.marked = true
	lane := rank % gocuda.WarpSize
	if mask&(1<<lane) != 0 {
		return
	}
	f, isNew := bs.found.get(findingKey{kind: findInvalidMask, s1: site.id, s2: -1}, b.Index)
	f.noteThread(b.Index, rank)
	if !isNew {
		return
	}
	ls := bs.launch
	f.report = &record.Report{
		Tool: "synccheck", Severity: record.Error, What: whatInvalid, Block: bs.idx,
		Accesses: []record.Access{siteAccess("Collective", site, ls.thread(rank), bs.idx)},
		Detail:   fmt.Sprintf("mask %#08x leaves out the calling lane %d", mask, lane),
	}
}

// divergence reports, at the end of a block, threads that exited having
// passed fewer barriers than others reached and having done work after
// their last branch: the first barrier some threads skipped, and how many
// reached it. Threads that returned at once after a branch are exited
// threads, which a barrier does not wait for.
func (bs *blockState) divergence() {
	if !bs.b.Synced {
		return // no barrier: none skipped
	}
	syncs := bs.b.Syncs
	hi := slices.Max(syncs)
	lo, skipped := hi, false
	for r, n := range syncs {
		if n < hi && bs.worked[r] > 0 {
			lo, skipped = min(lo, n), true
		}
	}
	if !skipped {
		return
	}
	reached := 0
	for _, n := range syncs {
		if n > lo {
			reached++
		}
	}
	at := round{site: -1}
	if int(lo) < len(bs.rounds) {
		at = bs.rounds[lo]
	}
	f, isNew := bs.found.get(findingKey{kind: findDivergent, s1: at.site, s2: -1}, bs.b.Index)
	if !isNew {
		return
	}
	ls := bs.launch
	f.report = &record.Report{
		Tool: "synccheck", Severity: record.Error, What: whatDivergent, Block: bs.idx,
		Accesses: []record.Access{siteAccess("Barrier", siteByID(at.site), ls.thread(max(int(at.rank), 0)), bs.idx)},
		Detail:   fmt.Sprintf("Only %d out of %d threads reached the barrier", reached, len(syncs)),
	}
}

// deadlock reports a block whose threads wait for each other forever: one
// access per place they wait at (the first thread there), with the number
// of threads at each in Detail.
func (ls *launchState) deadlock(e *gocuda.DeadlockError) {
	block := [3]int{e.Block.X, e.Block.Y, e.Block.Z}
	bs := ls.stateOf(block)
	type group struct {
		barrier string
		site    int32
	}
	var order []group
	count := map[group]int{}
	first := map[group][3]int{}
	for _, w := range e.Waiting {
		thread := [3]int{w.Thread.X, w.Thread.Y, w.Thread.Z}
		g := group{w.Barrier, -1}
		if bs != nil {
			g.site = bs.lastSite[flatten(thread, ls.l.Block)]
		}
		if count[g] == 0 {
			order = append(order, g)
			first[g] = thread
		}
		count[g]++
	}
	r := &record.Report{Tool: "synccheck", Severity: record.Error, What: whatDeadlock, Block: block}
	var parts []string
	for _, g := range order {
		r.Accesses = append(r.Accesses, siteAccess(g.barrier, siteByID(g.site), first[g], block))
		parts = append(parts, fmt.Sprintf("%d at %s", count[g], g.barrier))
	}
	r.Detail = "threads wait for each other forever: " + strings.Join(parts, ", ")
	f, _ := ls.found.get(findingKey{kind: findDeadlock, s1: -1, s2: -1}, flatten(block, ls.l.Grid))
	f.report = r
}

// gridDeadlock reports blocks of a cooperative launch that wait at a grid
// barrier others returned without reaching: the first block that
// returned, and the first thread of the first waiting block at its grid
// barrier.
func (ls *launchState) gridDeadlock(e *gocuda.GridDeadlockError) {
	r := &record.Report{
		Tool: "synccheck", Severity: record.Error, What: whatGrid,
		Detail: fmt.Sprintf("%d blocks wait at SyncGrid for %d blocks that returned without reaching it",
			len(e.Waiting), len(e.Exited)),
	}
	if len(e.Exited) > 0 {
		r.Block = [3]int{e.Exited[0].X, e.Exited[0].Y, e.Exited[0].Z}
	}
	if len(e.Waiting) > 0 {
		w := [3]int{e.Waiting[0].X, e.Waiting[0].Y, e.Waiting[0].Z}
		if bs := ls.stateOf(w); bs != nil {
			r.Accesses = []record.Access{siteAccess("SyncGrid", siteByID(bs.lastSite[0]), [3]int{}, w)}
		}
	}
	f, _ := ls.found.get(findingKey{kind: findGridDeadlock, s1: -1, s2: -1}, 0)
	f.report = r
}

// UndefinedShuffle reports a shuffle that read an exited, absent or
// unmasked lane: CUDA leaves its result undefined.
func (c *checker) UndefinedShuffle(b *probelink.Block, thread, src int, what string) {
	bs, ok := b.State.(*blockState)
	if !ok {
		return
	}
	site := bs.lastSite[thread]
	f, isNew := bs.found.get(findingKey{kind: findShuffle, s1: site, s2: -1}, b.Index)
	f.noteThread(b.Index, thread)
	if !isNew {
		return
	}
	ls := bs.launch
	f.report = &record.Report{
		Tool: "synccheck", Severity: record.Warning, What: whatShuffle, Block: bs.idx,
		Accesses: []record.Access{siteAccess(what, siteByID(site), ls.thread(thread), bs.idx)},
		Detail: fmt.Sprintf("%s of lane %d reads lane %d, which has exited, does not exist or is not in the mask",
			what, thread%gocuda.WarpSize, src),
	}
}
