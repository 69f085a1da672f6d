package intrinsic

import "math"

// The fast approximate functions follow CUDA's in what they return for
// special inputs; Sinf, Cosf, Expf and Logf also flush subnormal inputs
// and results to zeros of the same sign ("most input and output values
// around denormal range are flushed to sign preserving 0.0", says CUDA's
// documentation of them). Their values are computed in float64 and are at
// least as accurate as the GPU's, but not bit-identical to them: no CPU
// implementation of the GPU's hardware approximations is.

const (
	minNormal32 = 0x1p-126
	twoOverPi   = 2 / math.Pi
	// π/2 = pio2Hi + pio2Lo to well beyond float64 precision.
	pio2Hi = 1.5707963267948966
	pio2Lo = 6.123233995736766e-17
	log2e  = math.Log2E
	// ln 2 = ln2Hi + ln2Lo.
	ln2Hi = 0.6931471805599453
	ln2Lo = 2.3190468138462996e-17
)

// flush returns x, or a zero of x's sign when x is subnormal.
func flush(x float32) float32 {
	if x != 0 && x < minNormal32 && x > -minNormal32 {
		return zero32(signbit32(x))
	}
	return x
}

// reducePio2 returns r and n with x = r + n×π/2 and |r| ≤ π/4 (nearly).
// The two-part π/2 keeps r's absolute error near 2^-60 for |x| ≤ 2^20.
func reducePio2(x float64) (r float64, n int) {
	k := math.Round(x * twoOverPi)
	r = x - k*pio2Hi
	r -= k * pio2Lo
	return r, int(int64(k) & 3)
}

// sinPoly and cosPoly are the Taylor polynomials of sin and cos about 0,
// through r^11 and r^12; on |r| ≤ π/4 their truncation errors are below
// 7e-12 and 1.2e-10.
func sinPoly(r float64) float64 {
	z := r * r
	return r + r*z*(-1.0/6+z*(1.0/120+z*(-1.0/5040+z*(1.0/362880+z*(-1.0/39916800)))))
}

func cosPoly(r float64) float64 {
	z := r * r
	return 1 + z*(-0.5+z*(1.0/24+z*(-1.0/720+z*(1.0/40320+z*(-1.0/3628800+z*(1.0/479001600))))))
}

// Sinf is __sinf: a fast approximation of sin(x). CUDA documents a maximum
// absolute error of 2^-21.41 for x in [-π, π], and larger outside. This
// implementation's maximum absolute error, measured against math.Sin over
// 2^22 points of [-π, π], is 2^-25.0 (the float32 rounding of results near
// 1), and it stays so outside [-π, π]: it reduces |x| ≤ 2^20 by π/2 in
// float64 and hands larger x to math.Sin. It
// returns NaN for ±Inf and NaN, and ±0 for ±0 and for subnormal x.
func Sinf(x float32) float32 {
	switch {
	case x != x || isInf32(x):
		return nan32()
	case x < minNormal32 && x > -minNormal32:
		return zero32(signbit32(x))
	}
	v := float64(x)
	if math.Abs(v) > 1<<20 {
		return flush(float32(math.Sin(v)))
	}
	r, n := reducePio2(v)
	return flush(float32(sinQuadrant(r, n)))
}

// Cosf is __cosf: a fast approximation of cos(x). CUDA documents a maximum
// absolute error of 2^-21.19 for x in [-π, π], and larger outside. This
// implementation's maximum absolute error, measured against math.Cos over
// 2^22 points of [-π, π], is 2^-25.0, and it stays so outside [-π, π]
// (as Sinf's, with math.Cos beyond 2^20). It returns NaN for ±Inf and NaN,
// and 1 for ±0 and subnormal x.
func Cosf(x float32) float32 {
	switch {
	case x != x || isInf32(x):
		return nan32()
	case x < minNormal32 && x > -minNormal32:
		return 1
	}
	v := float64(x)
	if math.Abs(v) > 1<<20 {
		return flush(float32(math.Cos(v)))
	}
	r, n := reducePio2(v)
	return flush(float32(sinQuadrant(r, n+1))) // cos x = sin(x + π/2)
}

// Expf is __expf: a fast approximation of e^x. CUDA documents a maximum
// error of 2 + floor(|1.173 x|) ulps. This implementation's maximum error,
// measured against math.Exp over 2^22 points of [-87.33, 88.72], is 0.503
// ulps (it is nearly correctly rounded). Results below the smallest normal
// float32 (x < -87.34) flush to +0; results above the largest float32 are
// +Inf. Expf(±0) and Expf of subnormals is 1, Expf(-Inf) is +0 and
// Expf(NaN) is NaN.
func Expf(x float32) float32 {
	switch {
	case x != x:
		return nan32()
	case x > 89:
		return float32(math.Inf(1))
	case x < -88:
		return 0
	case x < minNormal32 && x > -minNormal32:
		return 1
	}
	v := float64(x)
	k := math.Round(v * log2e)
	r := v - k*ln2Hi
	r -= k * ln2Lo // |r| ≤ ln2/2
	// e^r by its Taylor polynomial through r^8: truncation error below
	// 2.2e-10 relative on |r| ≤ 0.347.
	p := 1 + r*(1+r*(1.0/2+r*(1.0/6+r*(1.0/24+r*(1.0/120+r*(1.0/720+r*(1.0/5040+r*(1.0/40320))))))))
	y := math.Ldexp(p, int(k))
	if y >= math.MaxFloat32+0x1p103 { // rounds to Inf; Go leaves converting it to the implementation
		return float32(math.Inf(1))
	}
	return flush(float32(y))
}

// Logf is __logf: a fast approximation of the natural logarithm. CUDA
// documents a maximum absolute error of 2^-21.41 for x in [0.5, 2] and a
// maximum error of 3 ulps elsewhere. This implementation's maximum errors,
// measured against math.Log, are 2^-25.0 absolute over 2^22 points of
// [0.5, 2] and 0.50 ulps over 2^22 points spread over all positive normal
// float32s. Logf of ±0 and of subnormals (flushed to zero) is -Inf, of
// negative numbers and NaN is NaN, of +Inf is +Inf.
func Logf(x float32) float32 {
	switch {
	case x != x || x < -minNormal32:
		return nan32()
	case x < minNormal32:
		return float32(math.Inf(-1))
	case isInf32(x):
		return x
	}
	b := math.Float32bits(x)
	e := int(b>>23) - 127
	f := float64(math.Float32frombits(b&0x7fffff | 0x3f800000)) // x = f × 2^e, f in [1, 2)
	if f > math.Sqrt2 {
		f /= 2
		e++
	}
	// ln f = 2 atanh(s) with s = (f-1)/(f+1), |s| ≤ 0.1716: the series
	// through s^11 has a truncation error below 2e-11.
	s := (f - 1) / (f + 1)
	z := s * s
	lnf := 2 * s * (1 + z*(1.0/3+z*(1.0/5+z*(1.0/7+z*(1.0/9+z*(1.0/11))))))
	return float32(float64(e)*ln2Hi + (float64(e)*ln2Lo + lnf))
}

// Fdividef is __fdividef: a fast approximate x / y, computed as CUDA does,
// as x times the reciprocal of y. CUDA documents a maximum error of 2 ulps
// for |y| in [2^-126, 2^126]; this implementation's maximum error there,
// measured against exact division over 2^18 random pairs with quotients in
// the normal range, is 1.47 ulps. For 2^126 < |y| < 2^128 the reciprocal
// is flushed to zero, so, as CUDA documents, the result is 0, or NaN if x
// is infinite (where x / y would give a finite number or Inf). NaN results
// are the canonical NaN.
func Fdividef(x, y float32) float32 {
	var r float32
	if ay := math.Abs(float64(y)); ay > 0x1p126 {
		r = zero32(signbit32(y))
	} else {
		r = 1 / y
	}
	return canon(x * r)
}

// Rsqrtf is rsqrtf: 1/√x. CUDA documents a maximum error of 2 ulps over the
// whole range. This implementation computes it in float64 and rounds once;
// its maximum error, measured over 2^22 points spread over all positive
// float32s, subnormals included, is 0.50 ulps. Rsqrtf(±0) is ±Inf,
// Rsqrtf(+Inf) is +0, and negative numbers and NaN give NaN.
func Rsqrtf(x float32) float32 {
	switch {
	case x != x || x < 0:
		return nan32()
	case x == 0:
		return float32(math.Copysign(math.Inf(1), float64(x)))
	}
	return float32(1 / math.Sqrt(float64(x)))
}

// sinQuadrant returns sin(r + n·π/2) for r reduced to [-π/4, π/4].
func sinQuadrant(r float64, n int) float64 {
	switch n & 3 {
	case 0:
		return sinPoly(r)
	case 1:
		return cosPoly(r)
	case 2:
		return -sinPoly(r)
	default:
		return -cosPoly(r)
	}
}
