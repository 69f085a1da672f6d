package gocuda

import (
	"fmt"
	"reflect"
	"unsafe"

	"github.com/gocuda/gocuda/internal/plain"
)

// Shared returns the block's k-th static shared allocation, where this is
// the k-th call of Shared made by the calling thread: the same n-element
// slice for every thread of the block, like a __shared__ array. A 16×16 tile
// is
//
//	tile := gocuda.Shared[[16]float32](t, 16) // tile[ty][tx]
//
// Shared memory reads as zero at the start of every block. The calling
// thread panics (failing the launch with a *KernelError wrapping
// ErrInvalidValue) if its k-th call disagrees in element type or length with
// the block's k-th allocation, if the block's static allocations would exceed
// SharedMemPerBlock (48 KiB, as for __shared__ arrays), or if static plus
// dynamic shared memory would exceed the launch's limit (see
// Config.MaxSharedMem).
func Shared[T any](t *Thread, n int) []T {
	a := &t.x.shared
	k := t.nshared
	t.nshared++
	if k < len(a.static) && a.static[k].block == a.block {
		if s, ok := a.static[k].slice.([]T); ok && len(s) == n {
			return s
		}
		var zero T
		panic(misuse(ErrInvalidValue, "thread %v: Shared call %d asks for %d × %T, but the block's allocation %d is %s",
			t.ThreadIdx, k, n, zero, k, a.static[k].describe()))
	}
	return establish[T](a, k, n)
}

// establish makes the block's k-th allocation: the first call in this block
// that reached index k. The previous block's slice is reused if it fits.
func establish[T any](a *arena, k, n int) []T {
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
	for len(a.static) <= k {
		a.static = append(a.static, staticAlloc{})
	}
	s := &a.static[k]
	v, ok := s.slice.([]T)
	if ok && len(v) == n {
		clear(v)
	} else {
		v = make([]T, n)
		s.slice, s.size = v, size
	}
	s.block = a.block
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

// An arena is a worker's shared memory. Allocations are tagged with the
// block they belong to, so starting a block is a counter increment; memory
// is zeroed lazily, when the block first asks for it.
type arena struct {
	block     uint64 // the current block's tag
	static    []staticAlloc
	bytes     int // static bytes of the current block
	limit     int
	dynBytes  int
	dyn       []uint64 // 8-byte aligned backing of the dynamic bytes
	dynBlock  uint64   // block the dynamic bytes were last zeroed for
	plainType reflect.Type
}

// A staticAlloc is one Shared allocation, kept for reuse by later blocks.
type staticAlloc struct {
	slice any // []T
	size  int
	block uint64 // block it belongs to; a stale tag means free
}

func (s *staticAlloc) describe() string {
	return fmt.Sprintf("%d × %v", reflect.ValueOf(s.slice).Len(), reflect.TypeOf(s.slice).Elem())
}

// bind sizes the arena for l.
func (a *arena) bind(l *launch) {
	a.limit, a.dynBytes = l.sharedLimit, l.dynShared
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
	a.bytes = 0
}
