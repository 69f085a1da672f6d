package cg

// The operators of cooperative_groups/functional.h, for Reduce and the
// scans: cg::plus, cg::less, cg::greater, cg::bit_and, cg::bit_or and
// cg::bit_xor. Each is a generic function, so a call names it without a type
// argument and Go infers one from the value:
//
//	sum := cg.Reduce(tile, v, cg.Plus) // cg::reduce(tile, v, cg::plus<int>())
//	lo := cg.Reduce(tile, v, cg.Less)  // the minimum
//
// Any func(T, T) T works as an operator too, as any function object does
// in CUDA.

// Integer is the set of Go's integer types: the types BitAnd, BitOr and
// BitXor combine.
type Integer interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr
}

// Real is Integer and the floating-point types: the types Less and
// Greater order.
type Real interface {
	Integer | ~float32 | ~float64
}

// Number is Real and the complex types: the types Plus adds.
type Number interface {
	Real | ~complex64 | ~complex128
}

// Plus is cg::plus: a + b.
func Plus[T Number](a, b T) T { return a + b }

// Less is cg::less, the minimum: b if b < a, else a, exactly as CUDA's
// (arg2 < arg1) ? arg2 : arg1, so a NaN compares false and the first
// operand is kept.
func Less[T Real](a, b T) T {
	if b < a {
		return b
	}
	return a
}

// Greater is cg::greater, the maximum: b if a < b, else a, as CUDA's
// (arg1 < arg2) ? arg2 : arg1.
func Greater[T Real](a, b T) T {
	if a < b {
		return b
	}
	return a
}

// BitAnd is cg::bit_and: a & b.
func BitAnd[T Integer](a, b T) T { return a & b }

// BitOr is cg::bit_or: a | b.
func BitOr[T Integer](a, b T) T { return a | b }

// BitXor is cg::bit_xor: a ^ b.
func BitXor[T Integer](a, b T) T { return a ^ b }
