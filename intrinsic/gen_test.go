package intrinsic_test

import (
	"math"
	"math/rand/v2"
)

// Seeded generators of float32 test operands, weighted toward the places
// where rounding goes wrong: subnormals, the overflow threshold, close
// exponents and cancellation.

// newRand returns the tests' seeded source; seed distinguishes tests.
func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15)) }

// samples returns n, cut down under the race detector.
func samples(n int) int {
	if raceEnabled {
		return n / 8
	}
	return n
}

// f32 builds a float32 from its bits.
func f32(b uint32) float32 { return math.Float32frombits(b) }

// bits32 returns the bits of a float32.
func bits32(x float32) uint32 { return math.Float32bits(x) }

// withExp returns a float32 with the given sign, unbiased exponent e and a
// random significand; e below -126 gives a subnormal with a random
// significand of the matching size, e above 127 gives ±MaxFloat32.
func withExp(r *rand.Rand, neg bool, e int) float32 {
	var b uint32
	switch {
	case e > 127:
		b = 0x7f7fffff
	case e >= -126:
		b = uint32(e+127)<<23 | r.Uint32()&0x7fffff
	case e >= -149:
		lead := uint32(1) << uint(e+149)
		b = lead | r.Uint32()&(lead-1)
	default:
		b = 0
	}
	if neg {
		b |= 1 << 31
	}
	return f32(b)
}

// anyFinite returns a finite float32 with uniformly random bits.
func anyFinite(r *rand.Rand) float32 {
	for {
		x := f32(r.Uint32())
		if !math.IsNaN(float64(x)) && !math.IsInf(float64(x), 0) {
			return x
		}
	}
}

// expOf returns the unbiased exponent of a nonzero finite float32, as if
// subnormals were normalized.
func expOf(x float32) int {
	_, e := math.Frexp(float64(x))
	return e - 1
}

// nudge moves x by k ulps (k may be negative) in its bit pattern, staying
// within the finite values of x's sign.
func nudge(x float32, k int) float32 {
	b := int64(bits32(x) & 0x7fffffff)
	b = max(0, min(b+int64(k), 0x7f7fffff))
	return f32(uint32(b) | bits32(x)&0x80000000)
}

// operands returns n random operand lists of the given arity for op, each
// drawn from a mixture of strategies.
func operands(r *rand.Rand, op string, arity, n int) [][]float32 {
	out := make([][]float32, 0, n)
	for range n {
		sgn := func() bool { return r.IntN(2) == 0 }
		var x, y, z float32
		switch r.IntN(7) {
		case 0: // anything
			x, y, z = anyFinite(r), anyFinite(r), anyFinite(r)
		case 1: // close exponents
			e := r.IntN(280) - 150
			x, y, z = withExp(r, sgn(), e), withExp(r, sgn(), e+r.IntN(61)-30), withExp(r, sgn(), e+r.IntN(61)-30)
		case 2: // results near the underflow threshold
			e := r.IntN(50) - 175
			switch op {
			case "mul", "fma":
				ex := r.IntN(200) - 100
				x, y = withExp(r, sgn(), ex), withExp(r, sgn(), e-ex)
				z = withExp(r, sgn(), e+r.IntN(10)-5)
			case "div":
				ey := r.IntN(200) - 100
				x, y = withExp(r, sgn(), e+ey), withExp(r, sgn(), ey)
			default:
				x, y = withExp(r, sgn(), e+20), withExp(r, sgn(), e+20)
				z = y
			}
		case 3: // results near the overflow threshold
			e := r.IntN(8) + 124
			switch op {
			case "mul", "fma":
				ex := r.IntN(120)
				x, y = withExp(r, sgn(), ex), withExp(r, sgn(), e-ex)
				z = withExp(r, sgn(), e+r.IntN(5)-3)
			case "div":
				ey := r.IntN(240) - 120
				x, y = withExp(r, sgn(), e+ey), withExp(r, sgn(), ey)
			default:
				x, y, z = withExp(r, false, 127), withExp(r, false, 127-r.IntN(26)), 0
			}
		case 4: // cancellation and near-ties
			x = withExp(r, sgn(), r.IntN(250)-125)
			switch op {
			case "add":
				y = -nudge(x, r.IntN(9)-4)
			case "fma":
				y = withExp(r, sgn(), r.IntN(100)-50)
				z = -nudge(x*y, r.IntN(5)-2)
			case "div":
				y = nudge(x, r.IntN(9)-4)
			default:
				y = nudge(x, r.IntN(9)-4)
			}
		case 6: // products that are float32 ties, plus something tiny
			x = f32(bits32(withExp(r, sgn(), r.IntN(100)-50)) &^ 0x3ff)
			y = f32(bits32(withExp(r, sgn(), r.IntN(100)-50)) &^ 0x3ff)
			z = withExp(r, sgn(), expOf(x)+expOf(y)-30-r.IntN(60))
			if op == "add" {
				x, y = f32(bits32(x)|1<<10), withExp(r, sgn(), expOf(x)-24)
			}
		case 5: // subnormal operands
			x, y, z = withExp(r, sgn(), -130-r.IntN(20)), withExp(r, sgn(), r.IntN(60)-30), withExp(r, sgn(), -140+r.IntN(20))
			if r.IntN(2) == 0 {
				x, y = y, x
			}
		}
		if op == "sqrt" {
			x = float32(math.Abs(float64(x)))
			if r.IntN(4) == 0 { // squares and their neighbours
				q := f32(bits32(withExp(r, false, r.IntN(120)-60)) &^ 0xfff)
				x = nudge(q*q, r.IntN(3)-1)
			}
		}
		out = append(out, []float32{x, y, z}[:arity])
	}
	return out
}
