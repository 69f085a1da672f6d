package intrinsic_test

import (
	"math"
	"math/big"

	"github.com/gocuda/gocuda/intrinsic"
)

// This file is the tests' independent reference for rounding: exact
// rational arithmetic with math/big, rounded to a binary format by
// definition (pick the neighbouring representable values and choose by the
// mode), with none of the package's bit manipulation.

// A refFormat is a binary floating-point format: precision (with the
// implicit bit) and the exponents of the smallest normal and the largest
// finite numbers.
type refFormat struct{ p, emin, emax int }

var (
	ref32 = refFormat{24, -126, 127}
	ref16 = refFormat{11, -14, 15}
)

// pow2 returns 2^e as a rational.
func pow2(e int) *big.Rat {
	if e >= 0 {
		return new(big.Rat).SetInt(new(big.Int).Lsh(big.NewInt(1), uint(e)))
	}
	return new(big.Rat).SetFrac(big.NewInt(1), new(big.Int).Lsh(big.NewInt(1), uint(-e)))
}

// ilog2 returns floor(log2(a)) for a rational a > 0.
func ilog2(a *big.Rat) int {
	e := a.Num().BitLen() - a.Denom().BitLen()
	if a.Cmp(pow2(e)) < 0 {
		e--
	}
	return e
}

// maxFinite returns the format's largest finite value.
func (f refFormat) maxFinite() *big.Rat {
	m := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(f.p)), big.NewInt(1))
	return new(big.Rat).Mul(new(big.Rat).SetInt(m), pow2(f.emax-f.p+1))
}

// A refResult is a rounded value: a finite rational with a sign for zero,
// or an infinity.
type refResult struct {
	v   *big.Rat // finite value; nil for an infinity
	neg bool     // sign (of zero and infinity too)
}

// roundRat rounds the exact, nonzero rational q to the format in mode.
func (f refFormat) roundRat(q *big.Rat, mode intrinsic.RoundingMode) refResult {
	neg := q.Sign() < 0
	a := new(big.Rat).Abs(q)
	qe := max(ilog2(a), f.emin) - (f.p - 1) // exponent of the quantum
	n := new(big.Rat).Quo(a, pow2(qe))
	fl := new(big.Int).Quo(n.Num(), n.Denom())
	frac := new(big.Rat).Sub(n, new(big.Rat).SetInt(fl))
	half := frac.Cmp(big.NewRat(1, 2))
	return f.pick(fl, frac.Sign() != 0, half, qe, neg, mode)
}

// pick finishes a rounding: fl is the magnitude truncated to the quantum
// 2^qe, inexact tells whether anything was dropped and half how the
// dropped part compares with half a quantum.
func (f refFormat) pick(fl *big.Int, inexact bool, half, qe int, neg bool, mode intrinsic.RoundingMode) refResult {
	up := false
	switch mode {
	case intrinsic.RN:
		up = half > 0 || half == 0 && fl.Bit(0) == 1
	case intrinsic.RU:
		up = inexact && !neg
	case intrinsic.RD:
		up = inexact && neg
	}
	if up {
		fl.Add(fl, big.NewInt(1))
	}
	v := new(big.Rat).Mul(new(big.Rat).SetInt(fl), pow2(qe))
	if v.Cmp(f.maxFinite()) > 0 {
		awayFromZero := mode == intrinsic.RN || mode == intrinsic.RU && !neg || mode == intrinsic.RD && neg
		if awayFromZero {
			return refResult{nil, neg}
		}
		v = f.maxFinite()
	}
	if neg {
		v.Neg(v)
	}
	return refResult{v, neg}
}

// float32 returns the result as a float32; it is exactly representable.
func (r refResult) float32() float32 {
	if r.v == nil {
		return float32(math.Inf(1 - 2*b2i(r.neg)))
	}
	if r.v.Sign() == 0 {
		return float32(math.Copysign(0, float64(1-2*b2i(r.neg))))
	}
	f, exact := r.v.Float32()
	if !exact {
		panic("reference result not representable")
	}
	return f
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// ratOf returns a finite float32 as an exact rational.
func ratOf(x float32) *big.Rat { return new(big.Rat).SetFloat64(float64(x)) }

// refSqrt rounds √a for a rational a > 0: the exact root is irrational in
// general, so the quantum-scaled root is bracketed with integer square
// roots instead.
func (f refFormat) refSqrt(a *big.Rat, mode intrinsic.RoundingMode) refResult {
	// floor(log2 √a) = floor(floor(log2 a) / 2).
	l := ilog2(a)
	e := l >> 1 // floor division
	qe := max(e, f.emin) - (f.p - 1)
	n := new(big.Rat).Quo(a, pow2(2*qe)) // √a / 2^qe = √n
	nfl := new(big.Int).Quo(n.Num(), n.Denom())
	fl := new(big.Int).Sqrt(nfl) // floor(√n) = floor(√floor(n))
	fl2 := new(big.Rat).SetInt(new(big.Int).Mul(fl, fl))
	inexact := n.Cmp(fl2) != 0
	// Compare √n with fl + 1/2, that is n with fl² + fl + 1/4.
	mid := new(big.Rat).Add(fl2, new(big.Rat).SetInt(fl))
	mid.Add(mid, big.NewRat(1, 4))
	return f.pick(fl, inexact, n.Cmp(mid), qe, false, mode)
}
