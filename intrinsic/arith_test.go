package intrinsic_test

import (
	"fmt"
	"math"
	"math/big"
	"testing"

	"github.com/gocuda/gocuda/intrinsic"
)

var modes = []intrinsic.RoundingMode{intrinsic.RN, intrinsic.RZ, intrinsic.RU, intrinsic.RD}

// nan32 is a quiet NaN for the references to return; the package must
// return the canonical one, 0x7fffffff.
var nan32 = float32(math.NaN())

func isNaN(x float32) bool   { return x != x }
func isInf(x float32) bool   { return math.IsInf(float64(x), 0) }
func signbit(x float32) bool { return math.Signbit(float64(x)) }
func inf(neg bool) float32   { return float32(math.Inf(1 - 2*b2i(neg))) }
func zero(neg bool) float32  { return float32(math.Copysign(0, float64(1-2*b2i(neg)))) }

// exactZero is IEEE 754's sign for an exact zero sum of operands of
// opposite signs: -0 when rounding down, else +0.
func exactZero(mode intrinsic.RoundingMode) float32 { return zero(mode == intrinsic.RD) }

// IEEE 754 references: special cases by the standard's rules, everything
// else exact with math/big and rounded by ref32.

func refAdd(x, y float32, mode intrinsic.RoundingMode) float32 {
	switch {
	case isNaN(x) || isNaN(y):
		return nan32
	case isInf(x) && isInf(y) && signbit(x) != signbit(y):
		return nan32
	case isInf(x):
		return x
	case isInf(y):
		return y
	}
	s := new(big.Rat).Add(ratOf(x), ratOf(y))
	if s.Sign() == 0 {
		if x == 0 && y == 0 && signbit(x) == signbit(y) {
			return x
		}
		return exactZero(mode)
	}
	return ref32.roundRat(s, mode).float32()
}

func refMul(x, y float32, mode intrinsic.RoundingMode) float32 {
	neg := signbit(x) != signbit(y)
	switch {
	case isNaN(x) || isNaN(y):
		return nan32
	case (isInf(x) && y == 0) || (isInf(y) && x == 0):
		return nan32
	case isInf(x) || isInf(y):
		return inf(neg)
	case x == 0 || y == 0:
		return zero(neg)
	}
	return ref32.roundRat(new(big.Rat).Mul(ratOf(x), ratOf(y)), mode).float32()
}

func refFma(x, y, z float32, mode intrinsic.RoundingMode) float32 {
	pneg := signbit(x) != signbit(y)
	switch {
	case isNaN(x) || isNaN(y) || isNaN(z):
		return nan32
	case (isInf(x) && y == 0) || (isInf(y) && x == 0):
		return nan32
	case isInf(x) || isInf(y):
		if isInf(z) && signbit(z) != pneg {
			return nan32
		}
		return inf(pneg)
	case isInf(z):
		return z
	}
	p := new(big.Rat).Mul(ratOf(x), ratOf(y))
	s := new(big.Rat).Add(p, ratOf(z))
	if s.Sign() == 0 {
		if p.Sign() == 0 && z == 0 && pneg == signbit(z) {
			return z
		}
		return exactZero(mode)
	}
	return ref32.roundRat(s, mode).float32()
}

func refDiv(x, y float32, mode intrinsic.RoundingMode) float32 {
	neg := signbit(x) != signbit(y)
	switch {
	case isNaN(x) || isNaN(y):
		return nan32
	case isInf(x) && isInf(y), x == 0 && y == 0:
		return nan32
	case isInf(x), y == 0:
		return inf(neg)
	case isInf(y), x == 0:
		return zero(neg)
	}
	return ref32.roundRat(new(big.Rat).Quo(ratOf(x), ratOf(y)), mode).float32()
}

func refSqrt(x float32, mode intrinsic.RoundingMode) float32 {
	switch {
	case isNaN(x), x < 0:
		return nan32
	case x == 0, isInf(x):
		return x
	}
	return ref32.refSqrt(ratOf(x), mode).float32()
}

// sameFloat reports whether got is exactly want: the same bits, or, when
// want is a NaN, the canonical NaN.
func sameFloat(got, want float32) bool {
	if isNaN(want) {
		return bits32(got) == 0x7fffffff
	}
	return bits32(got) == bits32(want)
}

// An arithOp pairs a function of the package with its reference.
type arithOp struct {
	name  string
	arity int
	got   func(a []float32, m intrinsic.RoundingMode) float32
	want  func(a []float32, m intrinsic.RoundingMode) float32
	named [4]func(a []float32) float32 // the RN, RZ, RU, RD variants
}

var arithOps = []arithOp{
	{"add", 2,
		func(a []float32, m intrinsic.RoundingMode) float32 { return intrinsic.FaddR(a[0], a[1], m) },
		func(a []float32, m intrinsic.RoundingMode) float32 { return refAdd(a[0], a[1], m) },
		[4]func([]float32) float32{
			func(a []float32) float32 { return intrinsic.FaddRN(a[0], a[1]) },
			func(a []float32) float32 { return intrinsic.FaddRZ(a[0], a[1]) },
			func(a []float32) float32 { return intrinsic.FaddRU(a[0], a[1]) },
			func(a []float32) float32 { return intrinsic.FaddRD(a[0], a[1]) },
		}},
	{"sub", 2,
		func(a []float32, m intrinsic.RoundingMode) float32 { return intrinsic.FsubR(a[0], a[1], m) },
		func(a []float32, m intrinsic.RoundingMode) float32 { return refAdd(a[0], -a[1], m) },
		[4]func([]float32) float32{
			func(a []float32) float32 { return intrinsic.FsubRN(a[0], a[1]) },
			func(a []float32) float32 { return intrinsic.FsubRZ(a[0], a[1]) },
			func(a []float32) float32 { return intrinsic.FsubRU(a[0], a[1]) },
			func(a []float32) float32 { return intrinsic.FsubRD(a[0], a[1]) },
		}},
	{"mul", 2,
		func(a []float32, m intrinsic.RoundingMode) float32 { return intrinsic.FmulR(a[0], a[1], m) },
		func(a []float32, m intrinsic.RoundingMode) float32 { return refMul(a[0], a[1], m) },
		[4]func([]float32) float32{
			func(a []float32) float32 { return intrinsic.FmulRN(a[0], a[1]) },
			func(a []float32) float32 { return intrinsic.FmulRZ(a[0], a[1]) },
			func(a []float32) float32 { return intrinsic.FmulRU(a[0], a[1]) },
			func(a []float32) float32 { return intrinsic.FmulRD(a[0], a[1]) },
		}},
	{"fma", 3,
		func(a []float32, m intrinsic.RoundingMode) float32 { return intrinsic.FmaR(a[0], a[1], a[2], m) },
		func(a []float32, m intrinsic.RoundingMode) float32 { return refFma(a[0], a[1], a[2], m) },
		[4]func([]float32) float32{
			func(a []float32) float32 { return intrinsic.FmaRN(a[0], a[1], a[2]) },
			func(a []float32) float32 { return intrinsic.FmaRZ(a[0], a[1], a[2]) },
			func(a []float32) float32 { return intrinsic.FmaRU(a[0], a[1], a[2]) },
			func(a []float32) float32 { return intrinsic.FmaRD(a[0], a[1], a[2]) },
		}},
	{"div", 2,
		func(a []float32, m intrinsic.RoundingMode) float32 { return intrinsic.FdivR(a[0], a[1], m) },
		func(a []float32, m intrinsic.RoundingMode) float32 { return refDiv(a[0], a[1], m) },
		[4]func([]float32) float32{
			func(a []float32) float32 { return intrinsic.FdivRN(a[0], a[1]) },
			func(a []float32) float32 { return intrinsic.FdivRZ(a[0], a[1]) },
			func(a []float32) float32 { return intrinsic.FdivRU(a[0], a[1]) },
			func(a []float32) float32 { return intrinsic.FdivRD(a[0], a[1]) },
		}},
	{"rcp", 1,
		func(a []float32, m intrinsic.RoundingMode) float32 { return intrinsic.FrcpR(a[0], m) },
		func(a []float32, m intrinsic.RoundingMode) float32 { return refDiv(1, a[0], m) },
		[4]func([]float32) float32{
			func(a []float32) float32 { return intrinsic.FrcpRN(a[0]) },
			func(a []float32) float32 { return intrinsic.FrcpRZ(a[0]) },
			func(a []float32) float32 { return intrinsic.FrcpRU(a[0]) },
			func(a []float32) float32 { return intrinsic.FrcpRD(a[0]) },
		}},
	{"sqrt", 1,
		func(a []float32, m intrinsic.RoundingMode) float32 { return intrinsic.FsqrtR(a[0], m) },
		func(a []float32, m intrinsic.RoundingMode) float32 { return refSqrt(a[0], m) },
		[4]func([]float32) float32{
			func(a []float32) float32 { return intrinsic.FsqrtRN(a[0]) },
			func(a []float32) float32 { return intrinsic.FsqrtRZ(a[0]) },
			func(a []float32) float32 { return intrinsic.FsqrtRU(a[0]) },
			func(a []float32) float32 { return intrinsic.FsqrtRD(a[0]) },
		}},
}

// edge32 are the float32 edge cases every operation is tried on, in all
// combinations: zeros, subnormals, the normal range's ends, values around
// 1, powers of two far apart, and the specials.
var edge32 = func() []float32 {
	pos := []float32{
		0, f32(1), f32(2), f32(3), f32(0x400000), f32(0x7fffff), // subnormals
		f32(0x800000), f32(0x800001), 0x1.8p-126,
		1, f32(0x3f800001), f32(0x3f7fffff), 1.5, 2, 3, 0.1, 1.0 / 3, 7,
		0x1p-30, 0x1p-63, 0x1p-100, 0x1p30, 0x1p64, 0x1p100,
		16777215, 16777216, 0x1p127, f32(0x7f7ffffe), math.MaxFloat32,
		float32(math.Inf(1)),
	}
	var all []float32
	for _, x := range pos {
		all = append(all, x, -x)
	}
	return append(all, nan32, f32(0x7f800001), f32(0xffc00123))
}()

// edgeFma is the smaller edge set tried in all triples.
var edgeFma = []float32{
	0, float32(math.Copysign(0, -1)), f32(1), -f32(0x7fffff), f32(0x800000),
	1, -1, f32(0x3f800001), -f32(0x3f7fffff), 3, -0.1,
	0x1p-70, -0x1p-100, 0x1p64, -0x1p100, math.MaxFloat32, -math.MaxFloat32,
	float32(math.Inf(1)), float32(math.Inf(-1)), nan32,
}

// allTuples returns every arity-tuple of vals.
func allTuples(vals []float32, arity int) [][]float32 {
	out := [][]float32{{}}
	for range arity {
		var next [][]float32
		for _, t := range out {
			for _, v := range vals {
				next = append(next, append(append([]float32{}, t...), v))
			}
		}
		out = next
	}
	return out
}

func fmtArgs(a []float32) string {
	s := ""
	for i, x := range a {
		if i > 0 {
			s += ", "
		}
		s += fmt.Sprintf("%g (%#08x)", x, bits32(x))
	}
	return s
}

// checkArith compares an operation in every mode with its reference on
// the given operand lists, and checks the named variants agree.
func checkArith(t *testing.T, op arithOp, cases [][]float32) {
	t.Helper()
	fails := 0
	for _, a := range cases {
		for i, m := range modes {
			got, want := op.got(a, m), op.want(a, m)
			if named := op.named[i](a); bits32(named) != bits32(got) {
				t.Errorf("%s_%v(%s): named variant %g, R function %g", op.name, m, fmtArgs(a), named, got)
			}
			if !sameFloat(got, want) {
				t.Errorf("%s_%v(%s) = %g (%#08x), want %g (%#08x)", op.name, m, fmtArgs(a), got, bits32(got), want, bits32(want))
				if fails++; fails > 20 {
					t.Fatal("too many failures")
				}
			}
		}
	}
}

func TestArithEdges(t *testing.T) {
	for _, op := range arithOps {
		t.Run(op.name, func(t *testing.T) {
			vals := edge32
			if op.arity == 3 {
				vals = edgeFma
			}
			checkArith(t, op, allTuples(vals, op.arity))
		})
	}
}

func TestArithRandom(t *testing.T) {
	for i, op := range arithOps {
		t.Run(op.name, func(t *testing.T) {
			t.Parallel()
			name := op.name
			switch name {
			case "sub":
				name = "add"
			case "rcp":
				name = "div"
			}
			cases := operands(newRand(uint64(100+i)), name, op.arity, samples(20000))
			if op.name == "rcp" {
				r := newRand(200)
				for _, a := range cases {
					a[0] = anyFinite(r)
					if r.IntN(3) == 0 {
						a[0] = withExp(r, r.IntN(2) == 0, 126+r.IntN(3)) // near 1/x underflow
					}
				}
			}
			checkArith(t, op, cases)
		})
	}
}

// Cases from CUDA's documentation and IEEE 754 that are worth naming.
func TestArithNamedCases(t *testing.T) {
	negZero := float32(math.Copysign(0, -1))
	tiny := f32(1)
	tests := []struct {
		name string
		got  float32
		want float32
	}{
		{"1 + 2^-30 rounds up only in ru", intrinsic.FaddRU(1, 0x1p-30), f32(0x3f800001)},
		{"1 + 2^-30 in rd", intrinsic.FaddRD(1, 0x1p-30), 1},
		{"1 + 2^-30 in rn", intrinsic.FaddRN(1, 0x1p-30), 1},
		{"-1 - 2^-30 in rd", intrinsic.FaddRD(-1, -0x1p-30), -f32(0x3f800001)},
		{"-1 - 2^-30 in rz", intrinsic.FaddRZ(-1, -0x1p-30), -1},
		{"x + -x is +0 in rn", intrinsic.FaddRN(3, -3), 0},
		{"x + -x is -0 in rd", intrinsic.FaddRD(3, -3), negZero},
		{"+0 + -0 is +0 in ru", intrinsic.FaddRU(0, negZero), 0},
		{"+0 + -0 is -0 in rd", intrinsic.FaddRD(0, negZero), negZero},
		{"-0 + -0 is -0 in rn", intrinsic.FaddRN(negZero, negZero), negZero},
		{"tie to even (1 + 2^-24)", intrinsic.FaddRN(1, 0x1p-24), 1},
		{"tie to even (1+ulp + 2^-24)", intrinsic.FaddRN(f32(0x3f800001), 0x1p-24), f32(0x3f800002)},
		{"overflow in rn is Inf", intrinsic.FmulRN(0x1p100, 0x1p100), inf(false)},
		{"overflow in rz is MaxFloat32", intrinsic.FmulRZ(0x1p100, 0x1p100), math.MaxFloat32},
		{"overflow in rd is MaxFloat32", intrinsic.FmulRD(0x1p100, 0x1p100), math.MaxFloat32},
		{"negative overflow in ru is -MaxFloat32", intrinsic.FmulRU(-0x1p100, 0x1p100), -math.MaxFloat32},
		{"negative overflow in rd is -Inf", intrinsic.FmulRD(-0x1p100, 0x1p100), inf(true)},
		{"MaxFloat32 + half an ulp in rn is Inf", intrinsic.FaddRN(math.MaxFloat32, 0x1p103), inf(false)},
		{"MaxFloat32 + half an ulp in rz", intrinsic.FaddRZ(math.MaxFloat32, 0x1p103), math.MaxFloat32},
		{"underflow to +0 in rn", intrinsic.FmulRN(tiny, 0.25), 0},
		{"underflow to the smallest subnormal in ru", intrinsic.FmulRU(tiny, 0.25), tiny},
		{"negative underflow to -0 in ru", intrinsic.FmulRU(-tiny, 0.25), negZero},
		{"negative underflow to -tiny in rd", intrinsic.FmulRD(-tiny, 0.25), -tiny},
		{"half the smallest subnormal ties to 0", intrinsic.FmulRN(tiny, 0.5), 0},
		{"1.5 × smallest subnormal ties to 2", intrinsic.FmulRN(f32(3), 0.5), f32(2)},
		{"subnormal sum", intrinsic.FaddRN(f32(0x400000), f32(0x400000)), f32(0x800000)},
		{"1/3 in rz", intrinsic.FdivRZ(1, 3), f32(0x3eaaaaaa)},
		{"1/3 in ru", intrinsic.FdivRU(1, 3), f32(0x3eaaaaab)},
		{"-1/3 in rd", intrinsic.FdivRD(-1, 3), -f32(0x3eaaaaab)},
		{"1/0 is Inf", intrinsic.FdivRN(1, 0), inf(false)},
		{"1/-0 is -Inf", intrinsic.FrcpRZ(negZero), inf(true)},
		{"√2 in rz", intrinsic.FsqrtRZ(2), f32(0x3fb504f3)},
		{"√2 in ru", intrinsic.FsqrtRU(2), f32(0x3fb504f4)},
		{"√-0 is -0", intrinsic.FsqrtRD(negZero), negZero},
		{"√4 is exact in every mode", intrinsic.FsqrtRU(4), 2},
		{"fma keeps the product exact", intrinsic.FmaRN(f32(0x3f800001), f32(0x3f800001), -f32(0x3f800002)), 0x1p-46},
		{"fma tie plus a tiny addend rounds up", intrinsic.FmaRN(1+0x1p-12, 1+0x1p-12, 0x1p-80), 1 + 0x1p-11 + 0x1p-23},
		{"fma tie minus a tiny addend rounds down", intrinsic.FmaRN(1+0x1p-12, 1+0x1p-12, -0x1p-80), 1 + 0x1p-11},
		{"fma tie alone rounds to even", intrinsic.FmaRN(1+0x1p-12, 1+0x1p-12, 0), 1 + 0x1p-11},
		{"fma exact zero in rd", intrinsic.FmaRD(2, 3, -6), negZero},
		{"fma of -0 product and +0", intrinsic.FmaRN(negZero, 1, 0), 0},
		{"fma of -0 product and -0", intrinsic.FmaRU(negZero, 1, negZero), negZero},
	}
	for _, tt := range tests {
		if bits32(tt.got) != bits32(tt.want) {
			t.Errorf("%s: got %g (%#08x), want %g (%#08x)", tt.name, tt.got, bits32(tt.got), tt.want, bits32(tt.want))
		}
	}
	for _, got := range []float32{
		intrinsic.FaddRN(float32(math.Inf(1)), float32(math.Inf(-1))),
		intrinsic.FmulRZ(float32(math.Inf(1)), 0),
		intrinsic.FmaRU(1, 1, f32(0xffc00001)),
		intrinsic.FdivRD(0, 0),
		intrinsic.FsqrtRN(-1),
		intrinsic.FaddRD(f32(0x7f800001), 1), // a signaling NaN in, the canonical NaN out
	} {
		if bits32(got) != 0x7fffffff {
			t.Errorf("NaN result %#08x, want the canonical NaN 0x7fffffff", bits32(got))
		}
	}
}

func TestRoundingModeString(t *testing.T) {
	for m, want := range map[intrinsic.RoundingMode]string{
		intrinsic.RN: "rn", intrinsic.RZ: "rz", intrinsic.RU: "ru", intrinsic.RD: "rd", 9: "RoundingMode(9)",
	} {
		if got := m.String(); got != want {
			t.Errorf("%d.String() = %q, want %q", m, got, want)
		}
	}
}

func TestInvalidRoundingModePanics(t *testing.T) {
	for name, f := range map[string]func(){
		"FaddR":      func() { intrinsic.FaddR(1, 2, 4) },
		"FmaR":       func() { intrinsic.FmaR(1, 2, 3, 4) },
		"FsqrtR":     func() { intrinsic.FsqrtR(2, 7) },
		"Float2Half": func() { intrinsic.Float2Half(2, 5) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s with an invalid mode did not panic", name)
				}
			}()
			f()
		}()
	}
}
