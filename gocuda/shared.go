package gocuda

import (
	"fmt"
	"reflect"
	"unsafe"

	"github.com/gocuda/gocuda/internal/callsite"
	"github.com/gocuda/gocuda/internal/plain"
	"github.com/gocuda/gocuda/internal/probelink"
)

// Shared is a __shared__ array declaration: it returns the block's n-element
// allocation of T for the place in the kernel it is called from, the same
// slice for every thread of the block and for every call from that place. A
// 16×16 tile is
//
//	tile := gocuda.Shared[[16]float32](t, 16) // tile[ty][tx]
//
// As in CUDA, a declaration inside a loop is one allocation, not one per
// iteration, and calls from different places, or from one place with
// different element types (a generic function's instantiations, as a CUDA
// template's), are different allocations, made in the order the block
// first reaches them. A place is a call in the
// compiled code: a helper function that calls Shared and is inlined at two
// places in a kernel gets an allocation at each, where CUDA would give a
// __shared__ variable of a __device__ function one (mark such a helper
// //go:noinline to share it).
//
// Shared memory reads as zero at the start of every block. The calling
// thread panics (failing the launch with a *KernelError wrapping
// ErrInvalidValue) if a call disagrees in length with its place's
// allocation in the block, if the block's static allocations would
// exceed SharedMemPerBlock (48 KiB, as for __shared__ arrays), or if static
// plus dynamic shared memory would exceed the launch's limit (see
// Config.MaxSharedMem).
//
//go:noinline
func Shared[T any](t *Thread, n int) []T {
	var anchor callsite.Anchor
	site := callsite.Return(&anchor) // the place in the kernel: see package callsite
	a := &t.x.shared
	written := a.written // for this call only
	a.written = false
	k := t.nshared // the allocation after the thread's last: a hint
	if k >= a.used || a.static[k].site != site {
		k = a.find(site, 0)
	}
	for ; k >= 0; k = a.find(site, k+1) {
		if s, ok := a.static[k].slice.([]T); ok {
			t.nshared = k + 1
			if len(s) != n {
				panic(misuse(ErrInvalidValue, "thread %v: Shared asks for %d × %T, but this place's allocation in the block is %s",
					t.ThreadIdx, n, *new(T), a.static[k].describe()))
			}
			return s
		}
	}
	// The place's first call in this block, or its first with this T: a
	// generic function instantiated with two types of one shape (float32
	// and a named float32) runs one code, so one place, for two declarations.
	k = a.used
	t.nshared = k + 1
	return establish[T](a, k, n, site, written)
}

// establish makes the block's k-th allocation, for the place site: the
// first call in this block from there. The previous block's slice is reused
// if it fits, zeroed unless written is set: a compiled body's promise
// (compiled.Block.SharedWritten) to write every element before reading
// any, which an instrumented build does not take.
func establish[T any](a *arena, k, n int, site uintptr, written bool) []T {
	if n < 0 {
		panic(misuse(ErrInvalidValue, "Shared length %d is negative", n))
	}
	var zero T
	elem := int(unsafe.Sizeof(zero))
	if room := a.limit - a.bytes - a.dynBytes; elem > 0 && n > room/elem { // divide: n*elem may overflow
		panic(misuse(ErrInvalidValue, "Shared(%d × %T) needs more than the %d bytes left of the block's %d-byte shared memory limit (static %d + dynamic %d in use)",
			n, zero, room, a.limit, a.bytes, a.dynBytes))
	}
	size := n * elem
	if a.bytes+size > SharedMemPerBlock { // as for __shared__ arrays, opting in raises only the dynamic limit
		panic(misuse(ErrInvalidValue, "static shared memory would be %d bytes, more than the %d a block may declare (opt in with Config.MaxSharedMem applies to DynamicShared)",
			a.bytes+size, SharedMemPerBlock))
	}
	if k == len(a.static) {
		a.static = append(a.static, staticAlloc{})
	}
	s := &a.static[k]
	v, ok := s.slice.([]T)
	if ok && len(v) == n {
		if !written || a.probe != nil {
			clear(v)
		}
	} else {
		v = make([]T, n)
		s.slice, s.size = v, size
	}
	s.site = site
	if a.probe != nil {
		a.probe.Shared = append(a.probe.Shared, probelink.Range{Base: uintptr(unsafe.Pointer(unsafe.SliceData(v))), Size: size})
	}
	a.used++
	a.bytes += size
	return v
}

// DynamicShared returns the launch's dynamic shared memory (Config.SharedMem
// bytes, an extern __shared__ array) as a slice of T, the same for every
// thread of the block. Views of different element types alias the same
// bytes, as casts of one extern array do in CUDA, so T must be plain data,
// a type of which every byte pattern is a valid value: numbers, and arrays
// and structs of them. Any other T (a bool, whose only valid bytes are 0
// and 1, a pointer, string, slice, map, chan, func or interface, or a type
// holding one) makes the calling thread panic, failing the launch with a
// *KernelError wrapping ErrInvalidValue. SharedMem=1024 gives 256 float32s.
// The bytes read as zero at the start of every block.
func DynamicShared[T any](t *Thread) []T {
	a := &t.x.shared
	if a.dynBlock != a.block {
		clear(a.dyn)
		a.dynBlock = a.block
	}
	if typ := reflect.TypeFor[T](); typ != a.plainType {
		if !plain.Type(typ) {
			panic(misuse(ErrInvalidValue, "DynamicShared element type %v is not plain data (numbers, and arrays and structs of them): views alias the same bytes, so it could read invalid values", typ))
		}
		a.plainType = typ
	}
	var zero T
	size := int(unsafe.Sizeof(zero))
	if size == 0 || a.dynBytes < size {
		return nil
	}
	return unsafe.Slice((*T)(unsafe.Pointer(unsafe.SliceData(a.dyn))), a.dynBytes/size)
}

// An arena is a worker's shared memory. The first used static allocations
// are the current block's, so starting a block resets a counter; memory is
// zeroed lazily, when the block first asks for it.
type arena struct {
	probe     *probelink.Block // an instrumented build's view of the block, told of each allocation; else nil
	block     uint64           // the current block's tag
	static    []staticAlloc
	used      int // allocations the current block has made
	bytes     int // static bytes of the current block
	limit     int
	dynBytes  int
	dyn       []uint64 // 8-byte aligned backing of the dynamic bytes
	dynBlock  uint64   // block the dynamic bytes were last zeroed for
	plainType reflect.Type
	// written is set between a compiled body's SharedWritten and the
	// block's next Shared call, which it spares zeroing the allocation.
	written bool
}

// A staticAlloc is one Shared allocation, kept for reuse by later blocks.
type staticAlloc struct {
	site  uintptr // the place it was declared: Shared's return address
	slice any     // []T
	size  int
}

// find returns the index of the current block's first allocation for site
// at or after from, or -1. A site may have several, one per type.
func (a *arena) find(site uintptr, from int) int {
	for k := max(from, 0); k < a.used; k++ {
		if a.static[k].site == site {
			return k
		}
	}
	return -1
}

func (s *staticAlloc) describe() string {
	return fmt.Sprintf("%d × %v", reflect.ValueOf(s.slice).Len(), reflect.TypeOf(s.slice).Elem())
}

// bind sizes the arena for l.
func (a *arena) bind(l *launch) {
	a.limit, a.dynBytes = l.sharedLimit, l.dynShared
	a.probe = nil // set per block by probeBlockStart
	if words := (l.dynShared + 7) / 8; cap(a.dyn) < words {
		a.dyn = make([]uint64, words)
	} else {
		a.dyn = a.dyn[:words]
	}
	a.dynBlock = 0 // block tags start at 1: the bytes are zeroed on first use
}

// begin starts a new block.
func (a *arena) begin() {
	a.block++
	a.used, a.bytes = 0, 0
	a.written = false
}
