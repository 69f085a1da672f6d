package probe

import (
	"slices"
	"sync"
)

// The global address model. Coalescing depends on an address's alignment,
// and cudaMalloc aligns every allocation to 256 bytes where Go's allocator
// promises only the element's alignment. So the profiler moves each
// allocation down to the 256-byte boundary at or below its start and
// keeps the offsets within it: an access at offset o of an allocation that
// starts at s is modelled at s&^255 + o. The allocation is the mem buffer
// holding the address, known from the engine's Alloc and Free events;
// failing that, for an indexed access (probe.Index), the slice indexed,
// taken to start an allocation; failing that (probe.Addr outside mem
// buffers), the Go address itself.

// profGlobalAlign is the alignment of a modelled allocation: cudaMalloc's.
const profGlobalAlign = 256

// profModelBase returns the modelled address of an allocation starting at s.
func profModelBase(s uintptr) uint64 { return uint64(s) &^ (profGlobalAlign - 1) }

// profAllocs are the live global profAllocs (package mem's buffers),
// sorted by base. Buffers are allocated and freed on host goroutines while
// kernels of other launches read the list.
type profAllocs struct {
	mu    sync.RWMutex
	spans []profSpan
}

// A profSpan is a live allocation.
type profSpan struct {
	base uintptr
	size int
}

// add records an allocation of size bytes at base.
func (a *profAllocs) add(base uintptr, size int) {
	a.mu.Lock()
	defer a.mu.Unlock()
	i, found := slices.BinarySearchFunc(a.spans, base, profCmpBase)
	if found {
		a.spans[i].size = size
		return
	}
	a.spans = slices.Insert(a.spans, i, profSpan{base, size})
}

// remove forgets the allocation at base.
func (a *profAllocs) remove(base uintptr) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if i, found := slices.BinarySearchFunc(a.spans, base, profCmpBase); found {
		a.spans = slices.Delete(a.spans, i, i+1)
	}
}

// find returns the start of the allocation holding p.
func (a *profAllocs) find(p uintptr) (uintptr, bool) {
	a.mu.RLock()
	defer a.mu.RUnlock()
	// The last span starting at or before p is the only one that can hold it.
	i, found := slices.BinarySearchFunc(a.spans, p, profCmpBase)
	if !found {
		i--
	}
	if i >= 0 && p-a.spans[i].base < uintptr(a.spans[i].size) {
		return a.spans[i].base, true
	}
	return 0, false
}

func profCmpBase(s profSpan, p uintptr) int {
	switch {
	case s.base < p:
		return -1
	case s.base > p:
		return 1
	}
	return 0
}

// model returns the modelled address of p, accessed through a slice
// starting at slice (0 if unknown).
func (a *profAllocs) model(p, slice uintptr) uint64 {
	if s, ok := a.find(p); ok {
		return profModelBase(s) + uint64(p-s)
	}
	if slice != 0 {
		return profModelBase(slice) + uint64(p-slice)
	}
	return uint64(p)
}
