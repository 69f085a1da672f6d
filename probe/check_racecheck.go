package probe

import "github.com/gocuda/gocuda/probe/record"

// racecheck's reports: a hazard found by the shadow (see check_shadow.go)
// becomes compute-sanitizer's "Potential RAW hazard" with both accesses in
// the order they happened, an atomic named "Atomic" (see check_atomic.go).

var hazardNames = [...]struct{ what, first, second string }{
	raw:     {"Potential RAW hazard", "Write", "Read"},
	war:     {"Potential WAR hazard", "Read", "Write"},
	waw:     {"Potential WAW hazard", "Write", "Write"},
	wawSame: {"Potential WAW hazard", "Write", "Write"},
}

// Hints for fixing a hazard, by what would have ordered the accesses.
const (
	hintWarp   = "add t.SyncWarp(mask) between these accesses: the lanes of a warp are not lockstep"
	hintBlock  = "add t.SyncThreads() between these accesses"
	hintBlocks = "the blocks of a launch are not ordered: use atomic.Add for a global counter, " +
		"or split the kernel (or SyncGrid in a cooperative launch) between these accesses"
	hintFence = "the blocks of a launch are not ordered: a block sees another's writes after that block's " +
		"atomic.ThreadFence() and an atomic it then makes, which this block observes with an atomic"
)

// hazard counts a hazard of kind k between the earlier access e and the
// current access of x.
func (bs *blockState) hazard(k hazardKind, e *entry, x *accessCtx) {
	sameBlock := e.block == x.cur.block
	sameWarp := sameBlock && e.rank/32 == x.cur.rank/32
	// The current access is of another block than the executor's where a
	// block expands another's run (see check_run.go).
	ls, index, idx := bs.launch, bs.b.Index, bs.idx
	if x.cur.block != uint32(index) {
		index = int64(x.cur.block)
		idx = ls.blockIdx(index)
	}
	key := findingKey{kind: findRAW + findingKind(k), space: x.space, s1: e.site - 1, s2: x.cur.site - 1}
	f, isNew := bs.found.get(key, index)
	addr := uint64(x.off)
	if x.space == spaceGlobal {
		addr = uint64(x.addr)
	}
	f.note(index, int(x.cur.rank), addr)
	if !f.example(isNew, sameWarp) {
		return
	}
	first := idx
	if !sameBlock {
		first = ls.blockIdx(int64(e.block))
	}
	names := hazardNames[k]
	r := &record.Report{
		Tool: "racecheck", Severity: record.Error, What: names.what,
		Block: first, Space: x.space.String(), Offset: x.off, Size: x.size,
		Accesses: []record.Access{
			siteAccess(accessKind(names.first, e), siteByID(e.site-1), ls.thread(int(e.rank)), first),
			siteAccess(accessKind(names.second, &x.cur), siteByID(x.cur.site-1), ls.thread(int(x.cur.rank)), idx),
		},
		Detail:    hintBlock,
		SameValue: k == wawSame,
	}
	if x.space == spaceGlobal {
		r.Addr = uint64(x.addr)
	}
	if x.alloc != nil {
		r.Alloc = x.alloc.describe()
	}
	switch {
	case k == wawSame:
		r.Severity, r.Detail = record.Warning, "" // harmless: the report says why
	case sameWarp:
		r.Severity, r.Detail = record.Warning, hintWarp
	case !sameBlock && ls.order.atomics.Load():
		r.Detail = hintFence
	case !sameBlock:
		r.Detail = hintBlocks
	}
	f.report = r
}
