package intrinsic

import (
	"math"
	"strconv"
)

// A Half is an IEEE 754 binary16 number, CUDA's __half, held as its bits:
// a sign, 5 exponent bits (bias 15) and 10 significand bits. Its finite
// values run from ±2^-24 (the smallest subnormal) to ±65504. The zero value
// is +0.
type Half uint16

// HalfNaN is the NaN the conversions produce: the canonical binary16 NaN,
// 0x7fff, which is what CUDA's conversions return for any NaN input.
const HalfNaN Half = 0x7fff

// Float2Half is __float2half_[rn|rz|ru|rd]: f rounded to binary16 in mode.
// Finite values too large for a Half become ±Inf or ±65504 as the mode
// says: in RN everything from 65520 up (the halfway point to the next,
// unrepresentable, value 65536) becomes Inf; RZ never overflows to Inf; RU
// gives +Inf for anything above 65504 but -65504 for anything below
// -65504; RD the mirror of that. Values below the smallest normal, 2^-14,
// round to subnormal Halves, and values too small even for those round to
// ±0 or to the smallest subnormal as the mode says. ±0 and ±Inf keep their
// sign. Every NaN becomes HalfNaN, as in CUDA (which drops the payload and
// the sign); the result is never a signaling NaN.
func Float2Half(f float32, mode RoundingMode) Half {
	mode.check()
	b := math.Float32bits(f)
	switch {
	case b&0x7fffffff > 0x7f800000:
		return HalfNaN
	case b&0x7fffffff == 0x7f800000:
		return Half(b>>16&0x8000 | 0x7c00)
	}
	neg, m, e := unpack32(b)
	return Half(binary16.round(neg, m, e, false, mode))
}

// Float2HalfRN is __float2half_rn (and __float2half): f rounded to the
// nearest Half, ties to even.
func Float2HalfRN(f float32) Half { return Float2Half(f, RN) }

// Float2HalfRZ is __float2half_rz: f rounded toward zero.
func Float2HalfRZ(f float32) Half { return Float2Half(f, RZ) }

// Float2HalfRU is __float2half_ru: f rounded toward +Inf.
func Float2HalfRU(f float32) Half { return Float2Half(f, RU) }

// Float2HalfRD is __float2half_rd: f rounded toward -Inf.
func Float2HalfRD(f float32) Half { return Float2Half(f, RD) }

// Half2Float is __half2float: h as a float32, exactly. A NaN becomes the
// canonical float32 NaN, 0x7fffffff, as in CUDA.
func Half2Float(h Half) float32 { return h.Float32() }

// Float32 returns h as a float32. Every Half is exactly representable, so
// the conversion is exact; a NaN becomes the canonical float32 NaN,
// 0x7fffffff, as CUDA's __half2float gives.
func (h Half) Float32() float32 {
	sign := uint32(h&0x8000) << 16
	exp := uint32(h >> 10 & 0x1f)
	frac := uint32(h & 0x3ff)
	switch {
	case exp == 0x1f && frac != 0:
		return nan32()
	case exp == 0x1f:
		return math.Float32frombits(sign | 0x7f800000)
	case exp == 0 && frac == 0:
		return math.Float32frombits(sign)
	case exp == 0:
		// Subnormal: frac × 2^-24, a normal float32. Shift the leading one
		// into the implicit position.
		e := uint32(-14 + 127)
		for frac&0x400 == 0 {
			frac <<= 1
			e--
		}
		return math.Float32frombits(sign | e<<23 | (frac&0x3ff)<<13)
	}
	return math.Float32frombits(sign | (exp-15+127)<<23 | frac<<13)
}

// IsNaN reports whether h is a NaN.
func (h Half) IsNaN() bool { return h&0x7c00 == 0x7c00 && h&0x3ff != 0 }

// IsInf reports whether h is an infinity, according to sign: +Inf for
// sign > 0, -Inf for sign < 0, either for sign == 0, as math.IsInf.
func (h Half) IsInf(sign int) bool {
	return h == 0x7c00 && sign >= 0 || h == 0xfc00 && sign <= 0
}

// String formats h as the shortest decimal that reads back, as a float32,
// to h's value: "65504", "-0", "5.9604645e-08", "+Inf", "NaN".
func (h Half) String() string {
	return strconv.FormatFloat(float64(h.Float32()), 'g', -1, 32)
}
