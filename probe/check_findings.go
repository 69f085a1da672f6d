package probe

import (
	"cmp"
	"slices"

	"github.com/gocuda/gocuda/probe/record"
)

// Findings are folded as they are found: one Report per kind of finding,
// sites and memory space, counting its occurrences and the distinct
// threads and addresses they involve. Each executor folds the findings of
// its blocks without locking; a launch's end merges them, keeping as the
// example an error's occurrence over a warning's (hazards within a warp
// are warnings) and then that of the lowest block index, so that the
// reports of a launch do not depend on which worker ran which block.

// A findingKind is one of the checks' findings.
type findingKind uint8

const (
	findRAW findingKind = iota // racecheck hazards, in hazardKind order
	findWAR
	findWAW
	findWAWSame
	findOutOfRange    // memcheck: Index out of range
	findIllegal       // memcheck: the launch failed with ErrIllegalAddress
	findFreed         // memcheck: an access to freed memory
	findUninit        // initcheck
	findDivergent     // synccheck: threads exited having passed fewer barriers
	findMixedBarriers // synccheck: one barrier round at different sites
	findInvalidMask   // synccheck: a mask leaving the caller out
	findDeadlock      // synccheck: the launch failed with a deadlock
	findGridDeadlock  // synccheck: the launch failed with a grid deadlock
	findShuffle       // synccheck: a shuffle read an inactive lane
)

// A space is where memory lies.
type space uint8

const (
	spaceNone space = iota
	spaceShared
	spaceGlobal
)

var spaceNames = [...]string{"", "__shared__", "__global__"}

// String returns the space as compute-sanitizer names it: "__shared__".
func (s space) String() string { return spaceNames[s] }

// A findingKey identifies the occurrences folded into one report.
type findingKey struct {
	kind   findingKind
	space  space
	s1, s2 int32 // site ids, -1 for none
}

// A finding is a report and its occurrences so far.
type finding struct {
	report  *record.Report
	warning bool // the example is a warning
	count   int
	threads set   // of the occurrences' (last) threads: block<<16 | rank
	addrs   set   // of their addresses (shared memory: offsets)
	order   int64 // linear index of the block of the example
	seq     int   // creation order among its executor's findings
}

// maxSet bounds the sets of a finding: beyond it, counts are lower bounds.
const maxSet = 1 << 16

// A set is a set of numbers, nil when empty.
type set map[uint64]struct{}

func (s *set) add(v uint64) {
	if *s == nil {
		*s = set{}
	}
	if len(*s) < maxSet {
		(*s)[v] = struct{}{}
	}
}

func (s *set) union(o set) {
	for v := range o {
		s.add(v)
	}
}

// note counts the occurrence's thread (rank of block) and address.
func (f *finding) note(block int64, rank int, addr uint64) {
	f.threads.add(uint64(block)<<16 | uint64(rank))
	f.addrs.add(addr)
}

// example reports whether an occurrence that is a warning (or not) should
// replace f's example: an error's replaces a warning's.
func (f *finding) example(isNew, warning bool) bool {
	if isNew || f.warning && !warning {
		f.warning = warning
		return true
	}
	return false
}

// findings folds findings by key.
type findings struct {
	m   map[findingKey]*finding
	seq int
}

// get counts an occurrence of key in block order. It returns the finding
// and whether it is new, in which case the caller sets its report.
func (fs *findings) get(key findingKey, order int64) (*finding, bool) {
	if f := fs.m[key]; f != nil {
		f.count++
		return f, false
	}
	if fs.m == nil {
		fs.m = make(map[findingKey]*finding)
	}
	fs.seq++
	f := &finding{count: 1, order: order, seq: fs.seq}
	fs.m[key] = f
	return f, true
}

// merge adds the findings of from to fs.
func (fs *findings) merge(from *findings) {
	for key, f := range from.m {
		g, ok := fs.m[key]
		if !ok {
			if fs.m == nil {
				fs.m = make(map[findingKey]*finding)
			}
			fs.m[key] = f
			continue
		}
		g.count += f.count
		g.threads.union(f.threads)
		g.addrs.union(f.addrs)
		if f.report != nil && (g.report == nil || g.warning && !f.warning || g.warning == f.warning && f.order < g.order) {
			g.report, g.warning, g.order, g.seq = f.report, f.warning, f.order, f.seq
		}
	}
}

// reports returns the folded reports, ordered by their example's block
// and, within it, by when they were first found.
func (fs *findings) reports() []*record.Report {
	all := make([]*finding, 0, len(fs.m))
	for _, f := range fs.m {
		if f.report != nil {
			all = append(all, f)
		}
	}
	slices.SortFunc(all, func(a, b *finding) int {
		return cmp.Or(cmp.Compare(a.order, b.order), cmp.Compare(a.seq, b.seq))
	})
	out := make([]*record.Report, len(all))
	for i, f := range all {
		r := f.report
		r.Count, r.Threads, r.Addresses, r.Launches = f.count, len(f.threads), len(f.addrs), 1
		out[i] = r
	}
	return out
}

// siteByID returns the site numbered id, or nil.
func siteByID(id int32) *Site {
	sites.Lock()
	defer sites.Unlock()
	if id < 0 || int(id) >= len(sites.all) {
		return nil
	}
	return sites.all[id]
}

// siteAccess returns the Access of a thread at site (which may be nil).
func siteAccess(kind string, site *Site, thread, block [3]int) record.Access {
	a := record.Access{Kind: kind, Thread: thread, Block: block}
	if site != nil {
		a.Func, a.File, a.Line, a.Expr = site.Func, site.File, site.Line, site.Expr
	}
	return a
}

// unflatten returns the index of linear in a grid or block of dims dim,
// x fastest.
func unflatten(linear int64, dim [3]int) [3]int {
	x, y := int64(dim[0]), int64(dim[1])
	return [3]int{int(linear % x), int(linear / x % y), int(linear / (x * y))}
}

// noteThread counts the occurrence's thread (rank of block).
func (f *finding) noteThread(block int64, rank int) {
	f.threads.add(uint64(block)<<16 | uint64(rank))
}
