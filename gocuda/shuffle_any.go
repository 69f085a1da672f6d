package gocuda

import (
	"reflect"
	"sync"
	"unsafe"

	"github.com/gocuda/gocuda/internal/grid"
	"github.com/gocuda/gocuda/internal/plain"
)

// A warp collective carries one 64-bit value per lane. CUDA's templated
// __shfl_sync moves a larger value as a sequence of 32-bit shuffles from
// the same source; gocuda does the same in 8-byte pieces.

// pieceSize is the most a single collective moves.
const pieceSize = 8

// shuffleValue runs a shuffle of kind over v: one collective for a value
// of at most 8 bytes, else one per 8-byte piece. Every piece names the same
// source (the same kind, mask, arg and width), so the pieces of the result
// come from one lane.
func shuffleValue[T any](t *Thread, kind grid.Kind, mask uint32, v T, arg, width int) T {
	if !pointerFree[T]() {
		panic(misuse(ErrInvalidValue, "thread %v: %v of %v, which holds pointers: only values without pointers move between threads",
			t.ThreadIdx, kind, reflect.TypeFor[T]()))
	}
	if unsafe.Sizeof(v) <= pieceSize {
		return grid.FromBits[T](t.shuffle(kind, mask, grid.ToBits(v), arg, width))
	}
	src := unsafe.Slice((*byte)(unsafe.Pointer(&v)), unsafe.Sizeof(v))
	var out T
	dst := unsafe.Slice((*byte)(unsafe.Pointer(&out)), unsafe.Sizeof(out))
	for off := 0; off < len(src); off += pieceSize {
		var piece uint64
		copy(bytesOf(&piece), src[off:])
		piece = t.shuffle(kind, mask, piece, arg, width)
		copy(dst[off:], bytesOf(&piece))
	}
	return out
}

// bytesOf returns the 8 bytes of *b.
func bytesOf(b *uint64) []byte { return unsafe.Slice((*byte)(unsafe.Pointer(b)), pieceSize) }

// plainTypes caches plain.PointerFree for the composite types shuffled so far
// (reflect.Type → bool).
var plainTypes sync.Map

// pointerFree reports whether T holds no pointers, so that its bits may be copied
// from one thread's value into another's.
func pointerFree[T any]() bool {
	typ := reflect.TypeFor[T]()
	if k := typ.Kind(); k >= reflect.Bool && k <= reflect.Complex128 {
		return true // the numeric kinds, the common case, without the cache
	}
	if ok, found := plainTypes.Load(typ); found {
		return ok.(bool)
	}
	ok := plain.PointerFree(typ)
	plainTypes.Store(typ, ok)
	return ok
}
