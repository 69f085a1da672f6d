package intrinsic_test

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"sort"
	"testing"

	"github.com/gocuda/gocuda/intrinsic"
)

// The references for Half arithmetic. Rounding is by definition: the
// positive finite Halves, decoded by halfValue, sorted by value (their bits
// are their indices), are searched for the two neighbours of the exact
// result, and the nearer one is taken, the one with even bits on a tie.
// The exact result of a sum, difference or product of two Halves is a
// float64 (at most 41 significant bits, see the package's comment; checked
// against math/big on random operands below); that of a fused
// multiply-add is a big.Rat.

// halfTable is the value of every positive finite Half, indexed by its
// bits: 0, 2^-24, ..., 65504.
var halfTable = func() []float64 {
	t := make([]float64, 0x7c00)
	for i := range t {
		t[i] = halfValue(uint16(i))
	}
	return t
}()

const (
	qnan16   = 0x7fff // the canonical NaN the package must return
	posInf16 = 0x7c00
)

// refRound16 rounds an exact float64 to the nearest Half, ties to even.
func refRound16(x float64) uint16 {
	if x != x {
		return qnan16
	}
	sign := uint16(0)
	if math.Signbit(x) {
		sign = 0x8000
	}
	a := math.Abs(x)
	i := sort.SearchFloat64s(halfTable, a) // first value >= a
	switch {
	case i < len(halfTable) && halfTable[i] == a:
		return sign | uint16(i)
	case i == len(halfTable): // beyond 65504: the next value, 65536, has even bits 0x7c00 and is Inf
		if a-halfTable[i-1] < 65536-a {
			return sign | uint16(i-1)
		}
		return sign | posInf16
	}
	lo, hi := halfTable[i-1], halfTable[i]
	switch dlo, dhi := a-lo, hi-a; {
	case dlo < dhi, dlo == dhi && (i-1)%2 == 0:
		return sign | uint16(i-1)
	}
	return sign | uint16(i)
}

// halfOfResult encodes a big.Rat reference result as a Half's bits.
func halfOfResult(r refResult) uint16 {
	sign := uint16(0)
	if r.neg {
		sign = 0x8000
	}
	if r.v == nil {
		return sign | posInf16
	}
	if r.v.Sign() == 0 { // underflow to a zero of the exact result's sign
		return sign
	}
	f, exact := r.v.Float64()
	if !exact {
		panic("reference result not a float64")
	}
	return refRound16(f) // exact: a Half's own value
}

// value returns a Half's value as a float64, NaN for every NaN.
func value(h uint16) float64 {
	if h&0x7c00 == 0x7c00 && h&0x3ff != 0 {
		return math.NaN()
	}
	return halfValue(h)
}

// refHfma rounds a×b+c with math/big, by IEEE 754's rules for the specials.
func refHfma(a, b, c uint16) uint16 {
	x, y, z := value(a), value(b), value(c)
	switch p := x * y; {
	case x != x || y != y || z != z || p != p: // a NaN, or 0 × Inf
		return qnan16
	case math.IsInf(p, 0) && math.IsInf(z, 0) && math.Signbit(p) != math.Signbit(z):
		return qnan16
	case math.IsInf(p, 0):
		return refRound16(p)
	case math.IsInf(z, 0):
		return refRound16(z)
	}
	s := new(big.Rat).Mul(new(big.Rat).SetFloat64(x), new(big.Rat).SetFloat64(y))
	s.Add(s, new(big.Rat).SetFloat64(z))
	if s.Sign() == 0 { // exact zero: -0 only for -0 + -0
		neg := math.Signbit(x) != math.Signbit(y) && math.Signbit(z) && (x == 0 || y == 0) && z == 0
		if neg {
			return 0x8000
		}
		return 0
	}
	return halfOfResult(ref16.roundRat(s, intrinsic.RN))
}

// edgeHalves are tried against every Half and in all triples: zeros,
// subnormals, the normal range's ends, values near 1 and 2048, ties,
// infinities and NaNs (quiet, signaling, negative).
var edgeHalves = func() []uint16 {
	pos := []uint16{0, 1, 2, 0x3ff, 0x400, 0x401, 0x7ff, 0x1000, 0x2e66, 0x3555, 0x3bff, 0x3c00, 0x3c01,
		0x3e00, 0x4000, 0x4200, 0x5bff, 0x6800, 0x6801, 0x7800, 0x7bfe, 0x7bff, 0x7c00}
	var all []uint16
	for _, h := range pos {
		all = append(all, h, h|0x8000)
	}
	return append(all, 0x7e00, 0x7c01, 0xfe00, 0x7fff)
}()

// sweepHalves is the part of edgeHalves every Half meets in the
// exhaustive sweeps.
var sweepHalves = []uint16{0, 0x8000, 1, 0x83ff, 0x400, 0x3c00, 0xbc01, 0x3555, 0x6801, 0x7bff, 0xfbff, 0x7c00, 0xfc00, 0x7e00, 0xfc01}

// randHalf draws a Half: any bits, or one near the edges of the range.
func randHalf(r *rand.Rand) uint16 {
	switch r.IntN(4) {
	case 0:
		return uint16(r.IntN(0x400)) | uint16(r.IntN(2))<<15 // subnormal
	case 1:
		return uint16(0x7800+r.IntN(0x400)) | uint16(r.IntN(2))<<15 // near overflow
	}
	return uint16(r.Uint32())
}

func checkHalf(t *testing.T, name string, got intrinsic.Half, want uint16, args ...uint16) {
	t.Helper()
	if uint16(got) != want {
		t.Fatalf("%s(%#04x) = %#04x (%v), want %#04x (%v)", name, args, uint16(got), got, want, intrinsic.Half(want))
	}
}

type halfBinary struct {
	name string
	got  func(a, b intrinsic.Half) intrinsic.Half
	ref  func(x, y float64) float64 // exact in float64
	rat  func(x, y *big.Rat) *big.Rat
}

var halfBinaries = []halfBinary{
	{"Hadd", intrinsic.Hadd, func(x, y float64) float64 { return x + y }, func(x, y *big.Rat) *big.Rat { return new(big.Rat).Add(x, y) }},
	{"Hsub", intrinsic.Hsub, func(x, y float64) float64 { return x - y }, func(x, y *big.Rat) *big.Rat { return new(big.Rat).Sub(x, y) }},
	{"Hmul", intrinsic.Hmul, func(x, y float64) float64 { return x * y }, func(x, y *big.Rat) *big.Rat { return new(big.Rat).Mul(x, y) }},
}

// TestHalfBinaryExhaustive: every Half against every sweep Half, both
// ways round, for Hadd, Hsub and Hmul: subnormals, overflow to Inf,
// Inf - Inf and 0 × Inf, signed zeros, NaN operands.
func TestHalfBinaryExhaustive(t *testing.T) {
	for _, op := range halfBinaries {
		t.Run(op.name, func(t *testing.T) {
			for i := range 1 << 16 {
				if raceEnabled && i%8 != 0 {
					continue
				}
				for _, e := range sweepHalves {
					for _, ab := range [2][2]uint16{{uint16(i), e}, {e, uint16(i)}} {
						want := refRound16(op.ref(value(ab[0]), value(ab[1])))
						checkHalf(t, op.name, op.got(intrinsic.Half(ab[0]), intrinsic.Half(ab[1])), want, ab[0], ab[1])
					}
				}
			}
		})
	}
}

// TestHalfBinaryRandom: random pairs against the float64 reference, and a
// share of them against exact rationals, which also checks that the
// float64 result is exact.
func TestHalfBinaryRandom(t *testing.T) {
	r := newRand(300)
	for _, op := range halfBinaries {
		t.Run(op.name, func(t *testing.T) {
			for i := range samples(1 << 18) {
				a, b := randHalf(r), randHalf(r)
				x, y := value(a), value(b)
				want := refRound16(op.ref(x, y))
				checkHalf(t, op.name, op.got(intrinsic.Half(a), intrinsic.Half(b)), want, a, b)
				if i%64 != 0 || x != x || y != y || math.IsInf(x, 0) || math.IsInf(y, 0) {
					continue
				}
				exact := op.rat(new(big.Rat).SetFloat64(x), new(big.Rat).SetFloat64(y))
				if f, ok := exact.Float64(); !ok || f != op.ref(x, y) && f != 0 {
					t.Fatalf("%s(%#04x, %#04x): float64 result %g is not exact", op.name, a, b, op.ref(x, y))
				}
				if exact.Sign() != 0 {
					if w := halfOfResult(ref16.roundRat(exact, intrinsic.RN)); w != want {
						t.Fatalf("%s(%#04x, %#04x): float64 reference %#04x, math/big %#04x", op.name, a, b, want, w)
					}
				}
			}
		})
	}
}

// TestHfma: all triples of edge Halves, random triples, and triples built
// to make single rounding matter (c cancelling a×b, c a tie away from a
// tiny a×b), against math/big.
func TestHfma(t *testing.T) {
	check := func(a, b, c uint16) {
		t.Helper()
		checkHalf(t, "Hfma", intrinsic.Hfma(intrinsic.Half(a), intrinsic.Half(b), intrinsic.Half(c)), refHfma(a, b, c), a, b, c)
	}
	for _, a := range edgeHalves {
		for _, b := range edgeHalves {
			for _, c := range edgeHalves {
				check(a, b, c)
			}
		}
	}
	r := newRand(301)
	for range samples(1 << 15) {
		a, b := randHalf(r), randHalf(r)
		check(a, b, randHalf(r))
		// c near -(a×b): cancellation, the result far below the operands.
		p := intrinsic.Hmul(intrinsic.Half(a), intrinsic.Half(b))
		check(a, b, uint16(intrinsic.Hneg(p))+uint16(r.IntN(5))-2)
		// a tiny product next to a c whose last bit makes a tie.
		a2 := uint16(0x3c00 + r.IntN(0x400))     // [1, 2)
		b2 := uint16(0x1000 + r.IntN(0x1400))    // about 2^-11 .. 2^-6
		c2 := uint16(0x6000+r.IntN(0x800)) | 0x1 // an odd last bit
		check(a2, b2|uint16(r.IntN(2))<<15, c2)
	}
	// The documented case: exactly 2051 - 2^-20, which float32 rounds to the
	// tie 2051 and then, to even, 2052.
	check(0x3c01, 0x3bfe, 0x6801)
	checkHalf(t, "Hfma", intrinsic.Hfma(0x3c01, 0x3bfe, 0x6801), 0x6801)
}

// TestHnegHabs: the sign flipped or cleared on every Half; every NaN gives
// the canonical NaN.
func TestHnegHabs(t *testing.T) {
	for i := range 1 << 16 {
		h := uint16(i)
		neg, abs := h^0x8000, h&0x7fff
		if value(h) != value(h) {
			neg, abs = qnan16, qnan16
		}
		checkHalf(t, "Hneg", intrinsic.Hneg(intrinsic.Half(h)), neg, h)
		checkHalf(t, "Habs", intrinsic.Habs(intrinsic.Half(h)), abs, h)
	}
}

// TestHmaxHmin: against the order of values, with CUDA's rules for NaNs
// (the other operand; both NaN: canonical) and zeros (+0 > -0).
func TestHmaxHmin(t *testing.T) {
	order := func(h uint16) float64 { // -0 just below +0
		if h == 0x8000 {
			return -0x1p-30
		}
		return value(h)
	}
	for i := range 1 << 16 {
		for _, e := range sweepHalves {
			a, b := uint16(i), e
			var mx, mn uint16
			switch x, y := order(a), order(b); {
			case x != x && y != y:
				mx, mn = qnan16, qnan16
			case x != x:
				mx, mn = b, b
			case y != y:
				mx, mn = a, a
			default:
				mx, mn = a, a
				if y > x {
					mx = b
				}
				if y < x {
					mn = b
				}
			}
			checkHalf(t, "Hmax", intrinsic.Hmax(intrinsic.Half(a), intrinsic.Half(b)), mx, a, b)
			checkHalf(t, "Hmin", intrinsic.Hmin(intrinsic.Half(a), intrinsic.Half(b)), mn, a, b)
		}
	}
}

// TestHalfComparisons: all twelve comparisons of every Half with every
// sweep Half, against float64 comparisons of their values: the ordered ones
// false on NaN, the unordered ones true.
func TestHalfComparisons(t *testing.T) {
	type cmp struct {
		name string
		got  func(a, b intrinsic.Half) bool
		want func(x, y float64) bool
		nan  bool
	}
	cmps := []cmp{
		{"Heq", intrinsic.Heq, func(x, y float64) bool { return x == y }, false},
		{"Hne", intrinsic.Hne, func(x, y float64) bool { return x != y }, false},
		{"Hlt", intrinsic.Hlt, func(x, y float64) bool { return x < y }, false},
		{"Hle", intrinsic.Hle, func(x, y float64) bool { return x <= y }, false},
		{"Hgt", intrinsic.Hgt, func(x, y float64) bool { return x > y }, false},
		{"Hge", intrinsic.Hge, func(x, y float64) bool { return x >= y }, false},
		{"Hequ", intrinsic.Hequ, func(x, y float64) bool { return x == y }, true},
		{"Hneu", intrinsic.Hneu, func(x, y float64) bool { return x != y }, true},
		{"Hltu", intrinsic.Hltu, func(x, y float64) bool { return x < y }, true},
		{"Hleu", intrinsic.Hleu, func(x, y float64) bool { return x <= y }, true},
		{"Hgtu", intrinsic.Hgtu, func(x, y float64) bool { return x > y }, true},
		{"Hgeu", intrinsic.Hgeu, func(x, y float64) bool { return x >= y }, true},
	}
	for i := range 1 << 16 {
		for _, e := range sweepHalves {
			a, b := uint16(i), e
			x, y := value(a), value(b)
			for _, c := range cmps {
				want := c.nan
				if x == x && y == y {
					want = c.want(x, y)
				}
				if got := c.got(intrinsic.Half(a), intrinsic.Half(b)); got != want {
					t.Fatalf("%s(%#04x, %#04x) = %v, want %v", c.name, a, b, got, want)
				}
			}
		}
		h := intrinsic.Half(i)
		x := value(uint16(i))
		inf := 0
		if math.IsInf(x, 0) {
			inf = int(math.Copysign(1, x))
		}
		if intrinsic.Hisnan(h) != (x != x) || intrinsic.Hisinf(h) != inf {
			t.Fatalf("Hisnan/Hisinf(%#04x) = %v, %d", i, intrinsic.Hisnan(h), intrinsic.Hisinf(h))
		}
	}
}

// TestHalf2: the paired operations are the scalar ones on each half, the
// halves land where CUDA's names say, and the conversions round to
// nearest even.
func TestHalf2(t *testing.T) {
	r := newRand(302)
	h2 := func() intrinsic.Half2 {
		return intrinsic.Halves2Half2(intrinsic.Half(randHalf(r)), intrinsic.Half(randHalf(r)))
	}
	for range samples(1 << 16) {
		a, b, c := h2(), h2(), h2()
		tests := []struct {
			name      string
			got, want intrinsic.Half2
		}{
			{"Hadd2", intrinsic.Hadd2(a, b), intrinsic.Half2{X: intrinsic.Hadd(a.X, b.X), Y: intrinsic.Hadd(a.Y, b.Y)}},
			{"Hsub2", intrinsic.Hsub2(a, b), intrinsic.Half2{X: intrinsic.Hsub(a.X, b.X), Y: intrinsic.Hsub(a.Y, b.Y)}},
			{"Hmul2", intrinsic.Hmul2(a, b), intrinsic.Half2{X: intrinsic.Hmul(a.X, b.X), Y: intrinsic.Hmul(a.Y, b.Y)}},
			{"Hfma2", intrinsic.Hfma2(a, b, c), intrinsic.Half2{X: intrinsic.Hfma(a.X, b.X, c.X), Y: intrinsic.Hfma(a.Y, b.Y, c.Y)}},
			{"Hneg2", intrinsic.Hneg2(a), intrinsic.Half2{X: intrinsic.Hneg(a.X), Y: intrinsic.Hneg(a.Y)}},
			{"Habs2", intrinsic.Habs2(a), intrinsic.Half2{X: intrinsic.Habs(a.X), Y: intrinsic.Habs(a.Y)}},
		}
		for _, tt := range tests {
			if tt.got != tt.want {
				t.Fatalf("%s(%v, %v, %v) = %v, want %v", tt.name, a, b, c, tt.got, tt.want)
			}
		}
	}
	p := intrinsic.Halves2Half2(0x3c00, 0xc000) // (1, -2)
	if intrinsic.Low2Half(p) != 0x3c00 || intrinsic.High2Half(p) != 0xc000 || p.X != 0x3c00 || p.Y != 0xc000 {
		t.Fatalf("Halves2Half2(1, -2) = %v: low %v, high %v", p, intrinsic.Low2Half(p), intrinsic.High2Half(p))
	}
	if intrinsic.Low2Float(p) != 1 || intrinsic.High2Float(p) != -2 || intrinsic.Half2Half2(0x3c00) != intrinsic.Halves2Half2(0x3c00, 0x3c00) {
		t.Fatalf("Low2Float, High2Float or Half2Half2 wrong on %v", p)
	}
	if f := intrinsic.Floats2Half2RN(0.1, 65520); f != intrinsic.Halves2Half2(0x2e66, posInf16) {
		t.Fatalf("Floats2Half2RN(0.1, 65520) = %#04x, %#04x", uint16(f.X), uint16(f.Y))
	}
	if s := fmt.Sprint(p); s != "(1, -2)" {
		t.Fatalf("String = %q", s)
	}
}
