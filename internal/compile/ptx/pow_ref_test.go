package ptx

import (
	"math"
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/klauspost/cpuid/v2"
)

// powSteps is math.Pow as mathPow writes it in PTX: the general path
// (its Log and Exp logSteps and expSteps), then the cases past the
// special ones, then the special ones, the first of pow.go's last.
func powSteps(x, y float64) float64 {
	ay := math.Abs(y)
	yi := math.Trunc(ay)
	yf := ay - yi
	yf2, yi2 := yf, yi
	if yf > 0.5 {
		yf2, yi2 = yf-1, yi+1
	}
	a1 := 1.0
	if yf != 0 {
		a1 = expSteps(float64(yf2 * logSteps(x)))
	}
	i := int64(yi2)
	if yi2 >= 0x1p63 || math.IsNaN(yi2) {
		i = math.MaxInt64 // cvt.rzi.s64.f64 saturates; NaN is 0
		if math.IsNaN(yi2) {
			i = 0
		}
	}
	ae := int64(0)
	x1, xe := frexpSteps(x)
	for ; i != 0; i >>= 1 {
		if xe < -4096 || xe > 4096 {
			ae += xe
			break
		}
		if i&1 != 0 {
			a1 *= x1
			ae += xe
		}
		x1 *= x1
		xe <<= 1
		if x1 < 0.5 {
			x1 += x1
			xe--
		}
	}
	if y < 0 {
		a1, ae = 1/a1, -ae
	}
	d := math.Ldexp(a1, int(ae))
	if yf != 0 && x < 0 {
		d = math.NaN()
	}
	if yi >= 0x1p63 {
		d = powBig(x, y)
	}
	return powSpecialSteps(x, y, d)
}

// frexpSteps is frexp's steps: math.Frexp of finite, non-zero x.
func frexpSteps(x float64) (float64, int64) {
	xn, e0 := x, int64(0)
	if math.Abs(x) < 0x1p-1022 {
		xn, e0 = x*0x1p52, -52
	}
	b := math.Float64bits(xn)
	xe := int64(b>>52&2047) - 1022 + e0
	return math.Float64frombits(b&^(2047<<52) | 1022<<52), xe
}

// powBig is pow.go's result where |y|'s integer part is 2^63 or more.
func powBig(x, y float64) float64 {
	switch {
	case x == -1:
		return 1
	case (math.Abs(x) < 1) == (y > 0):
		return 0
	}
	return math.Inf(1)
}

// powSpecialSteps is powSpecial: pow.go's special cases, the first that
// holds deciding.
func powSpecialSteps(x, y, d float64) float64 {
	odd := math.Abs(y) < 0x1p53 && math.Trunc(y) == y && int64(math.Trunc(y))&1 != 0
	signed := func(v float64, neg bool) float64 {
		if neg {
			return -v
		}
		return v
	}
	switch {
	case y == 0 || x == 1:
		return 1
	case y == 1:
		return x
	case math.IsNaN(x) || math.IsNaN(y):
		return math.NaN()
	case x == 0:
		return signed(map[bool]float64{true: math.Inf(1), false: 0}[y < 0], math.Signbit(x) && odd)
	case math.IsInf(y, 0):
		return powBig(x, map[bool]float64{true: 1, false: -1}[math.IsInf(y, 1)])
	case math.IsInf(x, 0):
		return signed(map[bool]float64{true: math.Inf(1), false: 0}[y > 0], math.IsInf(x, -1) && odd)
	case y == 0.5:
		return math.Sqrt(x)
	case y == -0.5:
		return 1 / math.Sqrt(x)
	}
	return d
}

// TestPowSteps checks the steps mathPow writes against math.Pow, whose
// math.Exp takes its FMA path (as mathExp's does) where the CPU has one.
func TestPowSteps(t *testing.T) {
	if runtime.GOARCH != "amd64" || !cpuid.CPU.Supports(cpuid.AVX, cpuid.FMA3) {
		t.Skip("math.Exp takes its FMA path only on amd64 with AVX and FMA")
	}
	powArgs(13, 3_000_000, func(x, y float64) {
		if want, got := math.Pow(x, y), powSteps(x, y); !sameBits(want, got) {
			t.Fatalf("Pow(%v, %v) = %v (%#x), steps give %v (%#x)", x, y, want, math.Float64bits(want), got, math.Float64bits(got))
		}
	})
}

// powArgs calls each with the pairs the tests try: every pair of edge
// values, then powers of all kinds (integers, halves, fractions, huge and
// tiny) of bases of all kinds (negative, near 1, denormal, any float64).
func powArgs(seed uint64, n int, each func(x, y float64)) {
	edge := []float64{0, math.Copysign(0, -1), 1, -1, 2, -2, 0.5, -0.5, 3, -3, 1.5, 0x1p53, 0x1p63, 0x1p64, -0x1p64, 1e308, 1e-310,
		-1e-310, math.MaxFloat64, math.SmallestNonzeroFloat64, math.Inf(1), math.Inf(-1), math.NaN()}
	for _, x := range edge {
		for _, y := range edge {
			each(x, y)
		}
	}
	r := rand.New(rand.NewPCG(seed, seed+1))
	pick := func(k int) float64 {
		switch k {
		case 0:
			return float64(r.IntN(41) - 20)
		case 1:
			return float64(r.IntN(4001)-2000) / 2
		case 2:
			return (r.Float64()*2 - 1) * 10
		case 3:
			return 1 + (r.Float64()*2-1)*1e-6
		case 4:
			return (r.Float64()*2 - 1) * 1e6
		case 5:
			return math.Float64frombits(r.Uint64() >> r.IntN(12))
		}
		return math.Float64frombits(r.Uint64())
	}
	for range n {
		each(pick(r.IntN(7)), pick(r.IntN(7)))
	}
}
