package probe

import (
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"unsafe"
)

// The checker follows package mem's allocations (Alloc, Free and
// HostWrite events) for memcheck (use after free, leaks) and initcheck
// (reads of bytes neither the host nor a kernel wrote).
//
// The checker holds a pointer to each allocation it knows, live or freed,
// so that the Go runtime cannot reuse its addresses for other memory while
// accesses there are judged by it: leaked buffers stay allocated, as on a
// GPU, and freed ones stay in a quarantine of bounded size (as
// AddressSanitizer's), the oldest leaving it first.

// Quarantine bounds: bytes and allocations.
const (
	quarantineBytes = 256 << 20
	quarantineCount = 4096
)

// An allocation is one mem allocation.
type allocation struct {
	id   uint64
	base uintptr
	size int
	what string // the allocating call, such as "mem.Malloc"
	at   caller // where it was allocated

	keep unsafe.Pointer // holds the memory: see above

	freedAt caller      // set before freed
	freed   atomic.Bool // freed by the program
	init    []atomic.Uint64
}

// A caller is a source position outside package mem.
type caller struct {
	Func, File string
	Line       int
}

// allocs is the checker's table of allocations, sorted by base. Lookups,
// on every global access, read an immutable snapshot; changes copy it.
type allocs struct {
	mu         sync.Mutex
	table      atomic.Pointer[[]*allocation]
	nextID     uint64
	quarantine []*allocation
	held       int // bytes in quarantine
}

// lookup returns the allocation holding address p, or nil.
func lookup(tab []*allocation, p uintptr) *allocation {
	a, _, _ := lookupGap(tab, p)
	return a
}

// lookupGap returns the allocation holding address p; if none, nil and
// the gap [lo, hi) between allocations that holds p.
func lookupGap(tab []*allocation, p uintptr) (a *allocation, lo, hi uintptr) {
	i, _ := slices.BinarySearchFunc(tab, p, func(a *allocation, p uintptr) int {
		switch {
		case a.base+uintptr(a.size) <= p:
			return -1
		case a.base > p:
			return 1
		}
		return 0
	})
	if i < len(tab) && tab[i].base <= p && p < tab[i].base+uintptr(tab[i].size) {
		return tab[i], 0, 0
	}
	// tab[i] is the first allocation ending after p, and starts after it.
	hi = ^uintptr(0)
	if i < len(tab) {
		hi = tab[i].base
	}
	if i > 0 {
		lo = tab[i-1].base + uintptr(tab[i-1].size)
	}
	return nil, lo, hi
}

// add records a new allocation of size bytes at base, dropping any older
// one it overlaps (whose Free the checker missed).
func (as *allocs) add(base unsafe.Pointer, size int, what string) *allocation {
	as.mu.Lock()
	defer as.mu.Unlock()
	as.nextID++
	a := &allocation{id: as.nextID, base: uintptr(base), size: size, what: what, at: callerOutsideMem(), keep: base,
		init: make([]atomic.Uint64, (size+63)/64)}
	var tab []*allocation
	if old := as.table.Load(); old != nil {
		tab = slices.DeleteFunc(slices.Clone(*old), func(o *allocation) bool {
			return o.base < a.base+uintptr(size) && a.base < o.base+uintptr(o.size)
		})
	}
	i, _ := slices.BinarySearchFunc(tab, a.base, func(o *allocation, p uintptr) int {
		if o.base < p {
			return -1
		}
		return 1
	})
	tab = slices.Insert(tab, i, a)
	as.table.Store(&tab)
	return a
}

// free marks the live allocation at base freed and quarantines it. It
// returns nil if the checker does not know it.
func (as *allocs) free(base unsafe.Pointer) *allocation {
	as.mu.Lock()
	defer as.mu.Unlock()
	tab := as.table.Load()
	if tab == nil {
		return nil
	}
	a := lookup(*tab, uintptr(base))
	if a == nil || a.base != uintptr(base) || a.freed.Load() {
		return nil
	}
	a.freedAt = callerOutsideMem()
	a.freed.Store(true)
	as.quarantine = append(as.quarantine, a)
	as.held += a.size
	var evict []*allocation
	for len(as.quarantine) > quarantineCount || (as.held > quarantineBytes && len(as.quarantine) > 1) {
		evict = append(evict, as.quarantine[0])
		as.held -= as.quarantine[0].size
		as.quarantine = as.quarantine[1:]
	}
	if len(evict) > 0 {
		next := slices.DeleteFunc(slices.Clone(*tab), func(o *allocation) bool { return slices.Contains(evict, o) })
		as.table.Store(&next)
	}
	return a
}

// hostWrite marks size bytes at p written by the host.
func (as *allocs) hostWrite(p unsafe.Pointer, size int) {
	tab := as.table.Load()
	if tab == nil {
		return
	}
	if a := lookup(*tab, uintptr(p)); a != nil && !a.freed.Load() {
		off := int(uintptr(p) - a.base)
		a.setInit(off, min(size, a.size-off))
	}
}

// bits calls f for each word of the init bitmap holding bytes [off,
// off+n), with the mask of those bytes in it; it stops when f returns
// false.
func (a *allocation) bits(off, n int, f func(w *atomic.Uint64, mask uint64) bool) {
	for end := off + n; off < end; {
		w, lo := off/64, off%64
		hi := min(64, lo+end-off)
		mask := ^uint64(0) >> (64 - (hi - lo)) << lo
		if !f(&a.init[w], mask) {
			return
		}
		off += hi - lo
	}
}

// setInit marks bytes [off, off+n) written.
func (a *allocation) setInit(off, n int) {
	if lo := off % 64; lo+n <= 64 {
		// One word of the bitmap, as a rule: without bits' closure.
		w, mask := &a.init[off/64], (uint64(1)<<n-1)<<lo
		if w.Load()&mask != mask {
			w.Or(mask)
		}
		return
	}
	a.bits(off, n, func(w *atomic.Uint64, mask uint64) bool {
		if w.Load()&mask != mask {
			w.Or(mask)
		}
		return true
	})
}

// isInit reports whether every byte of [off, off+n) has been written.
func (a *allocation) isInit(off, n int) bool {
	if lo := off % 64; lo+n <= 64 {
		mask := (uint64(1)<<n - 1) << lo
		return a.init[off/64].Load()&mask == mask
	}
	ok := true
	a.bits(off, n, func(w *atomic.Uint64, mask uint64) bool {
		ok = w.Load()&mask == mask
		return ok
	})
	return ok
}

// callerOutsideMem returns the first caller outside package mem, probelink
// and the checker's methods: the program's call that allocated or freed.
func callerOutsideMem() caller {
	var pcs [32]uintptr
	frames := runtime.CallersFrames(pcs[:runtime.Callers(2, pcs[:])])
	for {
		f, more := frames.Next()
		if !internalFunc(f.Function) {
			return caller{Func: shortFunc(f.Function), File: f.File, Line: f.Line}
		}
		if !more {
			return caller{}
		}
	}
}

func internalFunc(fn string) bool {
	for _, pkg := range [...]string{"mem.", "internal/probelink.", "probe.(*"} {
		if strings.HasPrefix(fn, "github.com/gocuda/gocuda/"+pkg) {
			return true
		}
	}
	return false
}

// shortFunc returns a function's name as a Site names it: "pkg.Func",
// without the package's directory.
func shortFunc(fn string) string {
	return fn[strings.LastIndexByte(fn, '/')+1:]
}
