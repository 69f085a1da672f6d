package intrinsic

import (
	"math"
	"math/bits"
	"strconv"
)

// A RoundingMode says how a result that is not representable is rounded,
// as the suffixes _rn, _rz, _ru and _rd of CUDA's intrinsics do. The zero
// value is RN.
type RoundingMode uint8

// The four IEEE 754 rounding directions CUDA's intrinsics name.
const (
	RN RoundingMode = iota // _rn: to the nearest value, ties to the one with an even last bit
	RZ                     // _rz: toward zero (truncation)
	RU                     // _ru: toward +Inf
	RD                     // _rd: toward -Inf
)

// String returns the mode's CUDA suffix without the underscore: "rn", "rz",
// "ru" or "rd".
func (m RoundingMode) String() string {
	switch m {
	case RN:
		return "rn"
	case RZ:
		return "rz"
	case RU:
		return "ru"
	case RD:
		return "rd"
	}
	return "RoundingMode(" + strconv.Itoa(int(m)) + ")"
}

// check panics if m is not one of the four modes.
func (m RoundingMode) check() {
	if m > RD {
		panic("intrinsic: invalid rounding mode " + m.String())
	}
}

// A binaryFormat describes an IEEE 754 binary interchange format by its
// precision and exponent range.
type binaryFormat struct {
	prec int    // significand bits, the implicit leading one included
	emin int    // exponent of the smallest normal number
	emax int    // exponent of the largest finite number
	sign uint64 // the sign bit
	inf  uint64 // bits of +Inf
}

var (
	binary32 = binaryFormat{prec: 24, emin: -126, emax: 127, sign: 1 << 31, inf: 0x7f800000}
	binary16 = binaryFormat{prec: 11, emin: -14, emax: 15, sign: 1 << 15, inf: 0x7c00}
)

// round returns the bits of the format's value nearest, in mode, to
// (-1)^neg × (m + δ) × 2^e, where δ is 0 when sticky is false and lies
// strictly between 0 and 1 when it is true (m holds the value truncated).
// When sticky is true, m must have at least prec+2 significant bits, so that
// δ lies wholly below the rounding position. Subnormal results, overflow
// (to Inf or to the largest finite value, as the mode says) and underflow
// to a zero of the value's sign are handled.
func (f binaryFormat) round(neg bool, m uint64, e int, sticky bool, mode RoundingMode) uint64 {
	var sign uint64
	if neg {
		sign = f.sign
	}
	if m == 0 {
		return sign
	}
	top := e + bits.Len64(m) - 1 // exponent of the leading bit
	lsb := max(top, f.emin) - f.prec + 1
	shift := lsb - e // bits of m below the rounding position
	var q uint64
	if shift <= 0 {
		q = m << uint(-shift) // exact, and below 2^prec
	} else {
		// Compare the dropped bits, rem, with half a unit of the result.
		var rem, half uint64
		switch {
		case shift < 64:
			q, rem, half = m>>uint(shift), m&(1<<uint(shift)-1), 1<<uint(shift-1)
		case shift == 64:
			q, rem, half = 0, m, 1<<63
		default: // m, nonzero, lies wholly below half a unit
			q, rem, half = 0, 1, 2
		}
		inexact := rem != 0 || sticky
		var up bool
		switch mode {
		case RN:
			up = rem > half || rem == half && (sticky || q&1 == 1)
		case RU:
			up = inexact && !neg
		case RD:
			up = inexact && neg
		}
		if up {
			q++
			if q == 1<<uint(f.prec) {
				q >>= 1
				lsb++
			}
		}
	}
	if q == 0 {
		return sign
	}
	if lsb+f.prec-1 > f.emax {
		return sign | f.overflow(neg, mode)
	}
	if q < 1<<uint(f.prec-1) { // subnormal; lsb is the subnormal quantum
		return sign | q
	}
	biased := uint64(lsb + f.prec - 1 - f.emin + 1)
	return sign | biased<<uint(f.prec-1) | q&(1<<uint(f.prec-1)-1)
}

// overflow returns the magnitude bits of a result too large for the format:
// Inf when the mode rounds away from zero for this sign, else the largest
// finite value.
func (f binaryFormat) overflow(neg bool, mode RoundingMode) uint64 {
	if mode == RN || mode == RU && !neg || mode == RD && neg {
		return f.inf
	}
	return f.inf - 1
}

// unpack32 splits a finite float32's bits into its sign and |x| = m × 2^e.
func unpack32(b uint32) (neg bool, m uint64, e int) {
	neg = b>>31 != 0
	exp := int(b >> 23 & 0xff)
	m = uint64(b & 0x7fffff)
	if exp == 0 {
		return neg, m, -149
	}
	return neg, m | 1<<23, exp - 150
}

// unpack64 splits a finite float64 into its sign and |x| = m × 2^e.
func unpack64(x float64) (neg bool, m uint64, e int) {
	b := math.Float64bits(x)
	neg = b>>63 != 0
	exp := int(b >> 52 & 0x7ff)
	m = b & (1<<52 - 1)
	if exp == 0 {
		return neg, m, -1074
	}
	return neg, m | 1<<52, exp - 1075
}

// round32 returns the float32 nearest, in mode, to the exact value s + ε,
// where s is a nonzero normal float64 and ε is a real number with
// |ε| < ulp(s)/2 whose sign is dir (-1, 0 or +1). It is how this package's
// arithmetic rounds: an operation computes a float64 s and the sign of its
// exact error, and round32 turns them into one correctly rounded float32.
func round32(s float64, dir int, mode RoundingMode) float32 {
	neg, m, e := unpack64(s)
	sticky := dir != 0
	if sticky && (dir < 0) != neg {
		// The exact magnitude lies just below |s|: (m-1) units and a part.
		m--
	}
	return math.Float32frombits(uint32(binary32.round(neg, m, e, sticky, mode)))
}
