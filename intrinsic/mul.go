package intrinsic

import "math/bits"

// Mulhi is __mulhi: the upper 32 bits of the 64-bit product x × y.
func Mulhi(x, y int32) int32 { return int32(int64(x) * int64(y) >> 32) }

// Umulhi is __umulhi: the upper 32 bits of the 64-bit product x × y.
func Umulhi(x, y uint32) uint32 { return uint32(uint64(x) * uint64(y) >> 32) }

// Mul64hi is __mul64hi: the upper 64 bits of the 128-bit product x × y.
func Mul64hi(x, y int64) int64 {
	hi, _ := bits.Mul64(uint64(x), uint64(y))
	// The unsigned product of the two's complement patterns exceeds the
	// signed one by 2^64×y for negative x and 2^64×x for negative y.
	if x < 0 {
		hi -= uint64(y)
	}
	if y < 0 {
		hi -= uint64(x)
	}
	return int64(hi)
}

// Umul64hi is __umul64hi: the upper 64 bits of the 128-bit product x × y.
func Umul64hi(x, y uint64) uint64 {
	hi, _ := bits.Mul64(x, y)
	return hi
}

// Mul24 is __mul24: the lower 32 bits of the product of the low 24 bits of
// x and y, each read as a signed 24-bit number (bit 23 is its sign); the
// upper 8 bits of x and y are ignored.
func Mul24(x, y int32) int32 { return (x << 8 >> 8) * (y << 8 >> 8) }

// Umul24 is __umul24: the lower 32 bits of the product of the low 24 bits
// of x and y; the upper 8 bits of each are ignored.
func Umul24(x, y uint32) uint32 { return (x & 0xffffff) * (y & 0xffffff) }

// Sad is __sad: |x - y| + z, the difference taken exactly (it can reach
// 2^32-1) and the sum modulo 2^32.
func Sad(x, y int32, z uint32) uint32 {
	if x < y {
		return uint32(y) - uint32(x) + z
	}
	return uint32(x) - uint32(y) + z
}

// Usad is __usad: |x - y| + z, the sum modulo 2^32.
func Usad(x, y, z uint32) uint32 {
	if x < y {
		return y - x + z
	}
	return x - y + z
}
