package atomic

import (
	syncatomic "sync/atomic"
	"unsafe"
)

// Every atomic of the package works on the 32- or 64-bit word that holds the
// value: a T is reinterpreted as a uint32 or uint64 with the same bits, as
// CUDA code does with __float_as_uint, and the word is updated with package
// sync/atomic. The predicates below depend only on T's underlying type, so
// the compiler resolves them when it instantiates a function for that type
// and the dispatch costs nothing at run time; types defined on the basic
// types (type Count int64) take the same paths as the basic types.

// wide reports whether T is a 64-bit type.
func wide[T Number]() bool {
	var zero T
	return unsafe.Sizeof(zero) == 8
}

// isFloat reports whether T is a floating-point type: only there does
// one half differ from zero.
func isFloat[T Number]() bool {
	one := T(1)
	return one/2 != 0
}

// bits32 returns the bits of a 32-bit v.
func bits32[T Number](v T) uint32 { return *(*uint32)(unsafe.Pointer(&v)) }

// bits64 returns the bits of a 64-bit v.
func bits64[T Number](v T) uint64 { return *(*uint64)(unsafe.Pointer(&v)) }

// from32 returns the 32-bit T whose bits are b.
func from32[T Number](b uint32) T { return *(*T)(unsafe.Pointer(&b)) }

// from64 returns the 64-bit T whose bits are b.
func from64[T Number](b uint64) T { return *(*T)(unsafe.Pointer(&b)) }

// word32 returns p as a pointer to the 32-bit word that holds *p.
func word32[T Number](p *T) *uint32 { return (*uint32)(unsafe.Pointer(p)) }

// word64 returns p as a pointer to the 64-bit word that holds *p.
func word64[T Number](p *T) *uint64 { return (*uint64)(unsafe.Pointer(p)) }

// load atomically reads *p.
func load[T Number](p *T) T {
	if wide[T]() {
		return from64[T](syncatomic.LoadUint64(word64(p)))
	}
	return from32[T](syncatomic.LoadUint32(word32(p)))
}

// cas stores val in *p if *p holds the same bits as old, and reports whether
// it did. Comparing bits, not values, makes a NaN equal to itself and -0
// differ from +0, so the CAS loops below terminate on any contents.
func cas[T Number](p *T, old, val T) bool {
	if wide[T]() {
		return syncatomic.CompareAndSwapUint64(word64(p), bits64(old), bits64(val))
	}
	return syncatomic.CompareAndSwapUint32(word32(p), bits32(old), bits32(val))
}
