package grid

import "unsafe"

// ToBits returns the bits of v, a value of at most 8 bytes, zero-extended
// to 64: a lane's Collective.Value.
func ToBits[T any](v T) uint64 {
	p := unsafe.Pointer(&v)
	switch size, align := unsafe.Sizeof(v), unsafe.Alignof(v); {
	case size == 4 && align >= 4:
		return uint64(*(*uint32)(p))
	case size == 8 && align >= 8:
		return *(*uint64)(p)
	}
	var b uint64
	copy(unsafe.Slice((*byte)(unsafe.Pointer(&b)), 8), unsafe.Slice((*byte)(p), unsafe.Sizeof(v)))
	return b
}

// FromBits is the inverse of ToBits.
func FromBits[T any](b uint64) T {
	var v T
	p := unsafe.Pointer(&v)
	switch size, align := unsafe.Sizeof(v), unsafe.Alignof(v); {
	case size == 4 && align >= 4:
		*(*uint32)(p) = uint32(b)
	case size == 8 && align >= 8:
		*(*uint64)(p) = b
	default:
		copy(unsafe.Slice((*byte)(p), unsafe.Sizeof(v)), unsafe.Slice((*byte)(unsafe.Pointer(&b)), 8))
	}
	return v
}
