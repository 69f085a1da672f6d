package intrinsic

import "math"

// Half arithmetic, as cuda_fp16.h's __hadd, __hsub, __hmul, __hfma, __hneg,
// __habs, __hmax and __hmin: IEEE 754 binary16 operations rounded to
// nearest even, with subnormals kept, overflow to ±Inf, and the canonical
// NaN, HalfNaN, for every NaN result (NaN operands, Inf - Inf, 0 × Inf).
// An NVIDIA H200 gives the same bits on every case of the golden test,
// __hneg and __habs of a NaN and __hmax of -0 and +0 included.
//
// Every Half is exact as a float64. A sum or difference of two Halves is
// exact in float64 too: both are multiples of 2^-24 below 2^16 in
// magnitude, so the result is a multiple of 2^-24 below 2^17, at most 41
// significant bits. So is a product: 22 significant bits, its exponent
// between -48 and 32. Each is therefore computed in float64 and rounded
// once. A fused multiply-add's sum may need more bits than a float64 holds;
// it is made exact as a float64 and the sign of its rounding error
// (TwoSum), and rounded once from those.

// Hadd is __hadd: a + b, rounded to nearest even.
func Hadd(a, b Half) Half { return round16(a.float64()+b.float64(), 0) }

// Hsub is __hsub: a - b, rounded to nearest even.
func Hsub(a, b Half) Half { return round16(a.float64()-b.float64(), 0) }

// Hmul is __hmul: a × b, rounded to nearest even.
func Hmul(a, b Half) Half { return round16(a.float64()*b.float64(), 0) }

// Hfma is __hfma: a × b + c computed exactly and rounded once, to nearest
// even. Rounding the product first, or going through float32, can differ:
// Hfma(1+2^-10, 1-2^-10, 2050) is 2050, where the exact result
// 2051 - 2^-20 rounded to float32 becomes the tie 2051 and then 2052.
func Hfma(a, b, c Half) Half {
	// The conversion keeps the compiler from fusing the product into the
	// sum: it must be rounded (exactly) on its own.
	p := float64(a.float64() * b.float64())
	z := c.float64()
	s := p + z
	if s == 0 || s != s || math.IsInf(s, 0) {
		return round16(s, 0) // exact: zeros with IEEE 754's signs, NaN, Inf
	}
	bb := s - p
	err := (p - (s - bb)) + (z - bb) // p + z = s + err exactly
	return round16(s, sign(err))
}

// Hneg is __hneg: -a. A NaN gives HalfNaN.
func Hneg(a Half) Half {
	if a.IsNaN() {
		return HalfNaN
	}
	return a ^ 0x8000
}

// Habs is __habs: |a|, with the sign cleared (|-0| is +0). A NaN gives
// HalfNaN.
func Habs(a Half) Half {
	if a.IsNaN() {
		return HalfNaN
	}
	return a &^ 0x8000
}

// Hmax is __hmax: the greater of a and b. If one is a NaN the other is
// returned; if both are, HalfNaN. +0 counts as greater than -0.
func Hmax(a, b Half) Half {
	if x, ok := nanPick(a, b); ok {
		return x
	}
	if a.order() < b.order() {
		return b
	}
	return a
}

// Hmin is __hmin: the lesser of a and b, with NaNs as in Hmax. -0 counts
// as less than +0.
func Hmin(a, b Half) Half {
	if x, ok := nanPick(a, b); ok {
		return x
	}
	if b.order() < a.order() {
		return b
	}
	return a
}

// nanPick returns what Hmax and Hmin give when a NaN is involved.
func nanPick(a, b Half) (Half, bool) {
	switch {
	case a.IsNaN() && b.IsNaN():
		return HalfNaN, true
	case a.IsNaN():
		return b, true
	case b.IsNaN():
		return a, true
	}
	return 0, false
}

// order maps a non-NaN Half to an integer in the order of its value, -0
// just below +0.
func (h Half) order() int {
	if h&0x8000 != 0 {
		return -int(h&0x7fff) - 1
	}
	return int(h)
}

// float64 returns h as a float64, exactly; a NaN stays a NaN.
func (h Half) float64() float64 { return float64(h.Float32()) }

// round16 returns the Half nearest (ties to even) to the exact value
// s + ε, where s is a float64 and ε a real number with |ε| < ulp(s)/2 whose
// sign is dir (-1, 0 or +1), as round32 does for float32. A NaN gives
// HalfNaN; ±Inf and ±0 keep their sign.
func round16(s float64, dir int) Half {
	switch {
	case s != s:
		return HalfNaN
	case math.IsInf(s, 0):
		return Half(binary16.inf | binary16.sign*uint64(b2i(s < 0)))
	}
	neg, m, e := unpack64(s)
	sticky := dir != 0
	if sticky && (dir < 0) != neg {
		m-- // the exact magnitude lies just below |s|
	}
	return Half(binary16.round(neg, m, e, sticky, RN))
}
