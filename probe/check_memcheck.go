package probe

import (
	"github.com/gocuda/gocuda/probe/record"

	"errors"
	"fmt"

	"github.com/gocuda/gocuda/gocuda"
)

// memcheck's reports: an index out of range (found before the kernel's
// own access panics), a launch that failed with an illegal address the
// probes did not see (Go's bounds check fired on an address the kernel
// computed before handing it to Addr), and accesses to freed memory. Its
// leak check is Finish's.

// rw names an access of kind k as compute-sanitizer does.
func rw(k Kind) string {
	if k == Write {
		return "write"
	}
	return "read"
}

// outOfRange reports s[i] of an n-element array of size-byte elements at
// base, for an i out of range.
func (c *checker) outOfRange(t *gocuda.Thread, site *Site, base uintptr, n, size int, i int64) {
	b, bs, rank, ok := enter(t, site)
	if !ok {
		return
	}
	sp := spaceGlobal
	if _, _, shared := sharedRange(b, base, 1); shared {
		sp = spaceShared
	}
	ls := bs.launch
	ls.mu.Lock()
	ls.failed[[2]int64{b.Index, int64(rank)}] = true
	ls.mu.Unlock()
	f, isNew := bs.found.get(findingKey{kind: findOutOfRange, space: sp, s1: site.id, s2: -1}, b.Index)
	f.noteThread(b.Index, rank)
	if !isNew {
		return
	}
	f.report = &record.Report{
		Tool: "memcheck", Severity: record.Error, Block: bs.idx, Space: sp.String(), Size: size,
		What:     fmt.Sprintf("Invalid %s %s of size %d bytes", sp, rw(site.Kind), size),
		Accesses: []record.Access{siteAccess(rw(site.Kind), site, ls.thread(rank), bs.idx)},
		Detail:   fmt.Sprintf("index %d out of range [0:%d]", i, n),
	}
}

// useAfterFree reports the access of x, inside its freed allocation.
func (bs *blockState) useAfterFree(site *Site, x *accessCtx) {
	a, size := x.alloc, x.size
	f, isNew := bs.found.get(findingKey{kind: findFreed, space: spaceGlobal, s1: site.id, s2: -1}, bs.b.Index)
	f.note(bs.b.Index, int(x.cur.rank), uint64(x.addr))
	if !isNew {
		return
	}
	ls := bs.launch
	f.report = &record.Report{
		Tool: "memcheck", Severity: record.Error, Block: bs.idx, Space: spaceGlobal.String(),
		Offset: x.off, Addr: uint64(x.addr), Size: size, Alloc: a.describe(),
		What:     fmt.Sprintf("Invalid %s %s of size %d bytes", spaceGlobal, rw(site.Kind), size),
		Accesses: []record.Access{siteAccess(rw(site.Kind), site, ls.thread(int(x.cur.rank)), bs.idx)},
		Detail: fmt.Sprintf("Address is %d bytes inside a %d-byte block freed at %s:%d",
			x.off, a.size, a.freedAt.File, a.freedAt.Line),
	}
}

// describe returns the allocation as reports give it.
func (a *allocation) describe() *record.Allocation {
	return &record.Allocation{What: a.what, Size: a.size, Func: a.at.Func, File: a.at.File, Line: a.at.Line}
}

// launchError reports what the launch's failure err says: an illegal
// address the probes did not report, or a deadlock.
func (ls *launchState) launchError(err error) {
	var (
		ke   *gocuda.KernelError
		dead *gocuda.DeadlockError
		grid *gocuda.GridDeadlockError
	)
	switch {
	case errors.As(err, &dead):
		ls.deadlock(dead)
	case errors.As(err, &grid):
		ls.gridDeadlock(grid)
	case errors.As(err, &ke) && errors.Is(ke.Err, gocuda.ErrIllegalAddress):
		ls.illegalAddress(ke)
	}
}

// illegalAddress reports a thread that failed with ErrIllegalAddress,
// unless an out-of-range Index already did.
func (ls *launchState) illegalAddress(ke *gocuda.KernelError) {
	block := [3]int{ke.Block.X, ke.Block.Y, ke.Block.Z}
	thread := [3]int{ke.Thread.X, ke.Thread.Y, ke.Thread.Z}
	linear := flatten(block, ls.l.Grid)
	if ls.failed[[2]int64{linear, flatten(thread, ls.l.Block)}] {
		return
	}
	a := record.Access{Kind: "access", Thread: thread, Block: block, Func: shortFunc(ke.Site.Function), File: ke.Site.File, Line: ke.Site.Line}
	if c := ls.l.Compiled; c != nil && c.Unprobed {
		compiledAccess(c, &a)
	}
	if s := accessSiteAt(ke.Site.File, ke.Site.Line); s != nil {
		a.Expr = s.Expr
	}
	f, _ := ls.found.get(findingKey{kind: findIllegal, s1: -1, s2: -1}, linear)
	f.noteThread(linear, int(flatten(thread, ls.l.Block)))
	f.report = &record.Report{
		Tool: "memcheck", Severity: record.Error, What: "Invalid memory access", Block: block,
		Accesses: []record.Access{a},
		Detail:   fmt.Sprint(ke.Value),
	}
}

// accessSiteAt returns the one memory-access site at file:line, or nil if
// there is none or more than one.
func accessSiteAt(file string, line int) *Site {
	sites.Lock()
	defer sites.Unlock()
	var found *Site
	for _, s := range sites.all {
		if s.Line == line && s.File == file && s.Kind <= ReadWrite {
			if found != nil {
				return nil
			}
			found = s
		}
	}
	return found
}

// flatten returns the linear index of idx in dims dim, x fastest.
func flatten(idx, dim [3]int) int64 {
	return int64(idx[0]) + int64(dim[0])*(int64(idx[1])+int64(dim[1])*int64(idx[2]))
}
