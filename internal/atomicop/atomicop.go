package atomicop

import (
	"math"
	"unsafe"
)

// Number is the set of types CUDA's atomics work on, as package atomic's
// Number.
type Number interface {
	~int32 | ~uint32 | ~int64 | ~uint64 | ~float32 | ~float64
}

// isFloat reports whether T is a floating-point type: only there does
// one half differ from zero.
func isFloat[T Number]() bool {
	one := T(1)
	return one/2 != 0
}

// ReplacesMin reports whether atomicMin stores val over old: for
// integers, val < old; for floats, PTX min.f32's minimumNumber, a NaN val
// ignored, a NaN old replaced, -0 below +0.
func ReplacesMin[T Number](val, old T) bool {
	if !isFloat[T]() {
		return val < old
	}
	switch {
	case val != val: // a NaN operand is ignored
		return false
	case old != old: // a NaN in memory gives way to a number
		return true
	case val == 0 && old == 0: // -0 < +0
		return math.Signbit(float64(val)) && !math.Signbit(float64(old))
	}
	return val < old
}

// ReplacesMax reports whether atomicMax stores val over old, the mirror
// image of ReplacesMin: +0 above -0.
func ReplacesMax[T Number](val, old T) bool {
	if !isFloat[T]() {
		return val > old
	}
	switch {
	case val != val:
		return false
	case old != old:
		return true
	case val == 0 && old == 0: // +0 > -0
		return !math.Signbit(float64(val)) && math.Signbit(float64(old))
	}
	return val > old
}

// SameBits reports whether a and b have the same bits, as atomicCAS
// compares them: a NaN matches only a NaN of the same payload, and -0
// does not match +0.
func SameBits[T Number](a, b T) bool {
	if unsafe.Sizeof(a) == 8 {
		return *(*uint64)(unsafe.Pointer(&a)) == *(*uint64)(unsafe.Pointer(&b))
	}
	return *(*uint32)(unsafe.Pointer(&a)) == *(*uint32)(unsafe.Pointer(&b))
}

// IncNext is what atomicInc stores over old: old >= limit ? 0 : old+1.
func IncNext(old, limit uint32) uint32 {
	if old >= limit {
		return 0
	}
	return old + 1
}

// DecNext is what atomicDec stores over old: (old == 0 || old > limit) ?
// limit : old-1.
func DecNext(old, limit uint32) uint32 {
	if old == 0 || old > limit {
		return limit
	}
	return old - 1
}
