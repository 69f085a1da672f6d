package probe

import (
	"path/filepath"
	"reflect"
	"strings"
	"sync"

	"github.com/gocuda/gocuda/internal/probelink"
	"github.com/gocuda/gocuda/probe/record"
)

// Proved kernels. The rewriting proves some kernels race-free as written
// (see Proof): no shared memory, barrier, collective, atomic or fence,
// slices they only read, and slices they write only at an index that no
// two threads share. Such a kernel, where gocuda compile compiled it,
// runs its compiled form under check when its launch meets the proof's
// conditions, which only the launch can tell: the written slices overlap
// no other argument, the grid has the shape on which the written index is
// the thread's own, and the memory package mem tracks is live and
// initialized throughout (so that memcheck's use after free and
// initcheck have nothing to say of it). What remains of the probes'
// findings, an index out of range, fails the compiled form with
// gocuda.ErrIllegalAddress, which memcheck reports (see illegalAddress).

// A Proof, on a Kernel entry, is the rewriting's proof that the kernel
// races with nothing and reaches no memory but its slice parameters'.
type Proof struct {
	// Name and Source name the compiled form the proof is of: its
	// compiled.Source's name and hash, which the rewriting found the
	// kernel's source files, as analysed, to have.
	Name, Source string
	// Params has a byte per parameter after the thread: 'r' a slice
	// the kernel only reads, 'w' a slice it writes (and may read) only
	// at the thread's own index, '-' a parameter that is no slice.
	Params string
	// Dims is the launch shape on which the written index is the
	// thread's own: 1, one-dimensional grid and block; 2, no z
	// dimension; 0, any (no slice is written).
	Dims int
}

// proofs are the Kernel entries with a Proof, by compiled form.
var proofs struct {
	sync.Mutex
	n  int // the registered sites indexed
	by map[[2]string]*Site
}

// provedEntry returns the Kernel entry whose Proof is of the compiled form
// c names, or nil.
func provedEntry(c *probelink.Compiled) *Site {
	proofs.Lock()
	defer proofs.Unlock()
	sites.Lock()
	all := sites.all
	sites.Unlock()
	for ; proofs.n < len(all); proofs.n++ {
		if s := all[proofs.n]; s.Kind == Kernel && s.Proof != nil {
			if proofs.by == nil {
				proofs.by = map[[2]string]*Site{}
			}
			proofs.by[[2]string{s.Proof.Name, s.Proof.Source}] = s
		}
	}
	return proofs.by[[2]string{c.Name, c.Hash}]
}

// unprobed decides whether l may run its compiled form (see Proved
// kernels above), and if so records that it did.
func (c *checker) unprobed(l *probelink.Launch) {
	if l.Compiled == nil {
		return
	}
	k := provedEntry(l.Compiled)
	if k == nil || !c.meets(k.Proof, l) {
		return
	}
	l.Compiled.Unprobed = true
	out.write(record.Record{Unprobed: &record.Unprobed{Kernel: k.Func}})
}

// A span is a slice argument's memory.
type span struct {
	lo, hi  uintptr
	written bool
}

// meets reports whether launch l meets p's conditions.
func (c *checker) meets(p *Proof, l *probelink.Launch) bool {
	args := l.Compiled.Args
	if len(args) != len(p.Params) || !shapeFits(p.Dims, l.Grid, l.Block) {
		return false
	}
	var spans []span
	for i, a := range args {
		v := reflect.ValueOf(a)
		if p.Params[i] == '-' {
			continue
		}
		if v.Kind() != reflect.Slice {
			return false
		}
		if v.Len() == 0 {
			continue
		}
		lo := v.Pointer()
		spans = append(spans, span{lo, lo + uintptr(v.Len())*v.Type().Elem().Size(), p.Params[i] == 'w'})
	}
	for i, s := range spans {
		for _, o := range spans[i+1:] {
			if (s.written || o.written) && s.lo < o.hi && o.lo < s.hi {
				return false // aliased: another thread's index may reach a written element
			}
		}
		if !c.plainMemory(s) {
			return false
		}
	}
	return true
}

// shapeFits reports whether a launch of grid and block has the shape dims
// (Proof.Dims).
func shapeFits(dims int, grid, block [3]int) bool {
	switch dims {
	case 0:
		return true
	case 1:
		return grid[1] == 1 && grid[2] == 1 && block[1] == 1 && block[2] == 1
	case 2:
		return grid[2] == 1 && block[2] == 1
	}
	return false
}

// plainMemory reports whether s is memory that memcheck and initcheck have
// nothing to say of: outside every allocation package mem made, or inside
// one that is live and initialized throughout.
func (c *checker) plainMemory(s span) bool {
	tab := c.allocs.table.Load()
	if tab == nil {
		return true
	}
	a, _, hi := lookupGap(*tab, s.lo)
	if a == nil {
		return s.hi <= hi // within the gap: no allocation's memory
	}
	end := a.base + uintptr(a.size)
	return s.hi <= end && !a.freed.Load() && a.isInit(int(s.lo-a.base), int(s.hi-s.lo))
}

// compiledAccess names the access a of a compiled form that failed as
// the kernel's source does: its file (the compiled form's //line
// directives name it relative to the package's directory) and its
// function (not the compiled body's).
func compiledAccess(c *probelink.Compiled, a *record.Access) {
	k := provedEntry(c)
	if k == nil || filepath.IsAbs(a.File) {
		return
	}
	a.File = filepath.Join(filepath.Dir(k.File), a.File)
	if pkg, fn, ok := strings.Cut(a.Func, "."); ok && strings.HasPrefix(fn, compiledBody) {
		a.Func = pkg + "." + strings.TrimPrefix(fn, compiledBody)
	}
}

// compiledBody starts the name of a compiled form's body (gocuda
// compile's gc_body_kernel).
const compiledBody = "gc_body_"
