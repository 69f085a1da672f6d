package intrinsic

import "math"

// canonicalNaN is the NaN an NVIDIA GPU returns from float32 arithmetic
// whatever NaN went in: positive, quiet, every significand bit set.
const canonicalNaN = 0x7fffffff

// nan32 returns the canonical NaN.
func nan32() float32 { return math.Float32frombits(canonicalNaN) }

// isNaN32 and isInf32 test a float32 without converting it.
func isNaN32(x float32) bool { return x != x }
func isInf32(x float32) bool { return x > math.MaxFloat32 || x < -math.MaxFloat32 }

// signbit32 reports whether x's sign bit is set.
func signbit32(x float32) bool { return math.Float32bits(x)>>31 != 0 }

// zero32 returns a zero with the given sign.
func zero32(neg bool) float32 {
	if neg {
		return float32(math.Copysign(0, -1))
	}
	return 0
}

// canon returns x with any NaN replaced by the canonical NaN.
func canon(x float32) float32 {
	if x != x {
		return nan32()
	}
	return x
}

// exactZeroSum returns the sign of an exact zero sum of two operands of
// opposite signs: +0, or -0 when rounding toward -Inf (IEEE 754 6.3).
func exactZeroSum(mode RoundingMode) float32 { return zero32(mode == RD) }

// sign returns -1, 0 or +1 as x is negative, zero or positive.
func sign(x float64) int {
	switch {
	case x < 0:
		return -1
	case x > 0:
		return 1
	}
	return 0
}

// FaddR is __fadd_[rn|rz|ru|rd]: x + y rounded once, in mode. It is never
// contracted into a fused multiply-add. NaN results are the canonical NaN
// 0x7fffffff, as a GPU gives; subnormal operands and results are kept
// (CUDA's -ftz=false, the default).
//
// The sum of two float32s is computed exactly as a float64 and its
// rounding error (Knuth's TwoSum, exact in float64), and the pair is
// rounded once to float32 in mode.
func FaddR(x, y float32, mode RoundingMode) float32 {
	mode.check()
	switch {
	case isNaN32(x) || isNaN32(y):
		return nan32()
	case isInf32(x):
		if isInf32(y) && signbit32(x) != signbit32(y) {
			return nan32() // Inf - Inf
		}
		return x
	case isInf32(y):
		return y
	case x == 0 && y == 0:
		if signbit32(x) == signbit32(y) {
			return x
		}
		return exactZeroSum(mode)
	case x == 0:
		return y
	case y == 0:
		return x
	}
	if mode == RN {
		return x + y // Go rounds float32 addition to nearest even
	}
	return sum32(float64(x), float64(y), mode)
}

// sum32 rounds the exact sum of two float64s, neither zero nor special,
// that are products or values of float32s, so that the sum is exact in
// binary and far from float64's overflow and underflow.
func sum32(a, b float64, mode RoundingMode) float32 {
	s := a + b
	if s == 0 {
		return exactZeroSum(mode)
	}
	bb := s - a
	err := (a - (s - bb)) + (b - bb) // a + b = s + err exactly
	return round32(s, sign(err), mode)
}

// FsubR is __fsub_[rn|rz|ru|rd]: x - y rounded once, in mode, as FaddR.
func FsubR(x, y float32, mode RoundingMode) float32 {
	return FaddR(x, -y, mode)
}

// FmulR is __fmul_[rn|rz|ru|rd]: x × y rounded once, in mode. It is never
// contracted into a fused multiply-add. NaN results are the canonical NaN.
//
// The product of two float32s is exact in float64 (48 significant bits, and
// exponents far inside float64's range), so it is rounded once to float32.
func FmulR(x, y float32, mode RoundingMode) float32 {
	mode.check()
	neg := signbit32(x) != signbit32(y)
	switch {
	case isNaN32(x) || isNaN32(y):
		return nan32()
	case isInf32(x) || isInf32(y):
		if x == 0 || y == 0 {
			return nan32() // Inf × 0
		}
		return float32(math.Inf(1 - 2*b2i(neg)))
	case x == 0 || y == 0:
		return zero32(neg)
	}
	if mode == RN {
		return x * y
	}
	return round32(float64(x)*float64(y), 0, mode)
}

// b2i returns 1 for true and 0 for false.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// FmaR is __fmaf_[rn|rz|ru|rd]: x × y + z computed exactly and rounded
// once, in mode. NaN results are the canonical NaN; subnormals are kept, as
// in __fmaf_ieee_*.
//
// The product is exact in float64; the sum of the product and z is then
// made exact as a float64 and its error (TwoSum), and rounded once.
func FmaR(x, y, z float32, mode RoundingMode) float32 {
	mode.check()
	pneg := signbit32(x) != signbit32(y)
	switch {
	case isNaN32(x) || isNaN32(y) || isNaN32(z):
		return nan32()
	case isInf32(x) || isInf32(y):
		if x == 0 || y == 0 {
			return nan32() // Inf × 0
		}
		if isInf32(z) && signbit32(z) != pneg {
			return nan32() // Inf - Inf
		}
		return float32(math.Inf(1 - 2*b2i(pneg)))
	case isInf32(z):
		return z
	}
	// The explicit conversion keeps the compiler from fusing this product
	// into the sum below: it must be rounded (exactly) on its own.
	p := float64(float64(x) * float64(y))
	c := float64(z)
	switch {
	case p == 0 && c == 0:
		if pneg == signbit32(z) {
			return z
		}
		return exactZeroSum(mode)
	case p == 0:
		return z
	case c == 0:
		return round32(p, 0, mode)
	}
	return sum32(p, c, mode)
}

// FdivR is __fdiv_[rn|rz|ru|rd]: x / y rounded once, in mode. NaN results
// are the canonical NaN; x/±0 is ±Inf for nonzero x.
//
// The quotient is computed in float64, correctly rounded, and its exact
// remainder x - q×y with one fused multiply-add (exact for a correctly
// rounded quotient); the remainder's sign says on which side of q the
// exact quotient lies, and q is rounded once to float32 with that.
func FdivR(x, y float32, mode RoundingMode) float32 {
	mode.check()
	neg := signbit32(x) != signbit32(y)
	switch {
	case isNaN32(x) || isNaN32(y):
		return nan32()
	case isInf32(x):
		if isInf32(y) {
			return nan32() // Inf / Inf
		}
		return float32(math.Inf(1 - 2*b2i(neg)))
	case isInf32(y):
		return zero32(neg)
	case y == 0:
		if x == 0 {
			return nan32() // 0 / 0
		}
		return float32(math.Inf(1 - 2*b2i(neg)))
	case x == 0:
		return zero32(neg)
	}
	if mode == RN {
		return x / y
	}
	a, b := float64(x), float64(y)
	q := a / b
	r := math.FMA(-q, b, a) // exact: a = q×b + r
	return round32(q, sign(r)*sign(b), mode)
}

// FrcpR is __frcp_[rn|rz|ru|rd]: 1/x rounded once, in mode, as FdivR.
func FrcpR(x float32, mode RoundingMode) float32 { return FdivR(1, x, mode) }

// FsqrtR is __fsqrt_[rn|rz|ru|rd]: √x rounded once, in mode. √-0 is -0;
// the root of any other negative number, and of NaN, is the canonical NaN.
//
// The root is computed in float64, correctly rounded, and its exact
// remainder x - q² with one fused multiply-add; the remainder's sign says on
// which side of q the exact root lies, and q is rounded once to float32.
func FsqrtR(x float32, mode RoundingMode) float32 {
	mode.check()
	switch {
	case isNaN32(x) || x < 0:
		return nan32()
	case x == 0 || isInf32(x):
		return x
	}
	a := float64(x)
	q := math.Sqrt(a)
	if mode == RN {
		return float32(q) // double rounding is innocuous for √ (53 ≥ 2×24+2)
	}
	r := math.FMA(-q, q, a) // exact: a = q² + r
	return round32(q, sign(r), mode)
}
