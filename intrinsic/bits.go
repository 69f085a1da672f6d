package intrinsic

import "math/bits"

// Popc is __popc: the number of bits set in x.
func Popc(x uint32) int { return bits.OnesCount32(x) }

// Popcll is __popcll: the number of bits set in x.
func Popcll(x uint64) int { return bits.OnesCount64(x) }

// Clz is __clz: the number of consecutive zero bits at the top of x, 0 to
// 32 (32 for x == 0).
func Clz(x int32) int { return bits.LeadingZeros32(uint32(x)) }

// Clzll is __clzll: the number of consecutive zero bits at the top of x, 0
// to 64.
func Clzll(x int64) int { return bits.LeadingZeros64(uint64(x)) }

// Ffs is __ffs: the position of the least significant bit set in x,
// counting the lowest bit as 1; 0 when x is 0.
func Ffs(x int32) int {
	if x == 0 {
		return 0
	}
	return bits.TrailingZeros32(uint32(x)) + 1
}

// Ffsll is __ffsll: the position of the least significant bit set in x,
// counting the lowest bit as 1; 0 when x is 0.
func Ffsll(x int64) int {
	if x == 0 {
		return 0
	}
	return bits.TrailingZeros64(uint64(x)) + 1
}

// Brev is __brev: x with its bits in reverse order (bit i of the result is
// bit 31-i of x).
func Brev(x uint32) uint32 { return bits.Reverse32(x) }

// Brevll is __brevll: x with its bits in reverse order.
func Brevll(x uint64) uint64 { return bits.Reverse64(x) }

// BytePerm is __byte_perm: four bytes picked from the eight bytes of x and
// y. Bytes 0-3 are x's from least to most significant, bytes 4-7 y's; byte
// i of the result is the byte numbered by bits 4i to 4i+2 of s. Only those
// three bits of each of s's four low nibbles count: the fourth bit of each
// nibble, which selects sign replication in PTX's prmt instruction, and the
// upper 16 bits of s are ignored, as CUDA's __byte_perm masks the selector
// with 0x7777 before it reaches prmt.
func BytePerm(x, y, s uint32) uint32 {
	src := uint64(y)<<32 | uint64(x)
	var r uint32
	for i := range 4 {
		sel := s >> (4 * i) & 7
		r |= uint32(src>>(8*sel)&0xff) << (8 * i)
	}
	return r
}

// FunnelShiftL is __funnelshift_l: the upper 32 bits of the 64-bit value
// hi:lo shifted left by shift & 31 bits.
func FunnelShiftL(lo, hi, shift uint32) uint32 {
	return uint32((uint64(hi)<<32 | uint64(lo)) << (shift & 31) >> 32)
}

// FunnelShiftLC is __funnelshift_lc: the upper 32 bits of the 64-bit value
// hi:lo shifted left by min(shift, 32) bits, so that a shift of 32 or more
// returns lo.
func FunnelShiftLC(lo, hi, shift uint32) uint32 {
	return uint32((uint64(hi)<<32 | uint64(lo)) << min(shift, 32) >> 32)
}

// FunnelShiftR is __funnelshift_r: the lower 32 bits of the 64-bit value
// hi:lo shifted right by shift & 31 bits.
func FunnelShiftR(lo, hi, shift uint32) uint32 {
	return uint32((uint64(hi)<<32 | uint64(lo)) >> (shift & 31))
}

// FunnelShiftRC is __funnelshift_rc: the lower 32 bits of the 64-bit value
// hi:lo shifted right by min(shift, 32) bits, so that a shift of 32 or
// more returns hi.
func FunnelShiftRC(lo, hi, shift uint32) uint32 {
	return uint32((uint64(hi)<<32 | uint64(lo)) >> min(shift, 32))
}
