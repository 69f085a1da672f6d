package lanes

// quad is four lanes: Go keeps a struct of at most four fields, and of
// at most 32 bytes, in registers, where it would keep an array of eight
// in memory.
type quad[T any] struct{ a, b, c, d T }

// pick returns x where bit 0 of m is set and y elsewhere, without a
// branch: the lanes of a merge are set and unset at random.
func pick[T ~float32 | ~float64 | ~int32 | ~uint32 | ~int64 | ~uint64](m uint8, x, y T) T {
	if m&1 != 0 {
		return x
	}
	return y
}

// bit returns 1 for true and 0 for false.
func bit(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}

// nonzero returns 1 where x is not zero and 0 where it is.
func nonzero[T ~int32 | ~uint32 | ~int64 | ~uint64](x T) uint8 { return bit(x != 0) }
