package atomic_test

import (
	"math"
	"testing"

	"github.com/gocuda/gocuda/atomic"
)

var (
	inf32   = float32(math.Inf(1))
	nan32   = math.Float32frombits(0x7fc00000)
	nanPay  = math.Float32frombits(0x7fc00001) // a quiet NaN with a payload
	sub32   = float32(math.SmallestNonzeroFloat32)
	inf64   = math.Inf(1)
	nan64   = math.Float64frombits(0x7ff8000000000000)
	nanPay6 = math.Float64frombits(0x7ff8000000000001)
)

// floatRow is one case of a float atomic: the value in memory, the operand
// and the value the atomic must leave.
type floatRow struct {
	name           string
	old, val, want float32
}

// TestFloatMinMaxEdges spells out the NaN and signed-zero rules of Min and
// Max (IEEE 754-2019 minimumNumber and maximumNumber, as PTX min.f32 and
// max.f32 and fminf and fmaxf compute them).
func TestFloatMinMaxEdges(t *testing.T) {
	minRows := []floatRow{
		{"smaller stored", 2, 1, 1},
		{"larger ignored", 1, 2, 1},
		{"-Inf stored", -1e30, -inf32, -inf32},
		{"+Inf ignored", 1, inf32, 1},
		{"NaN operand ignored", 1, nan32, 1},
		{"NaN operand ignored on -Inf", -inf32, nan32, -inf32},
		{"NaN in memory replaced", nan32, 5, 5},
		{"NaN payload in memory replaced", nanPay, -inf32, -inf32},
		{"NaN on NaN keeps memory's NaN", nanPay, nan32, nanPay},
		{"-0 below +0", 0, negZero32, negZero32},
		{"+0 not below -0", negZero32, 0, negZero32},
		{"subnormal below +0", 0, sub32, 0},
		{"-subnormal below -0", negZero32, -sub32, -sub32},
		{"subnormal below smallest normal", 0x1p-126, sub32, sub32},
	}
	maxRows := []floatRow{
		{"larger stored", 1, 2, 2},
		{"smaller ignored", 2, 1, 2},
		{"+Inf stored", 1e30, inf32, inf32},
		{"-Inf ignored", 1, -inf32, 1},
		{"NaN operand ignored", 1, nan32, 1},
		{"NaN operand ignored on +Inf", inf32, nan32, inf32},
		{"NaN in memory replaced", nan32, -5, -5},
		{"NaN payload in memory replaced", nanPay, -inf32, -inf32},
		{"NaN on NaN keeps memory's NaN", nanPay, nan32, nanPay},
		{"+0 above -0", negZero32, 0, 0},
		{"-0 not above +0", 0, negZero32, 0},
		{"subnormal above +0", 0, sub32, sub32},
		{"-subnormal below -0", negZero32, -sub32, negZero32},
	}
	run := func(name string, op binaryOp[float32], rows []floatRow) {
		for _, r := range rows {
			t.Run(name+"/"+r.name, func(t *testing.T) {
				checkFloatRow(t, name, op, r, false)
				// The same row in float64 must behave the same.
				x := float64(r.old)
				if r.old != r.old {
					x = widenNaN(r.old)
				}
				want := float64(r.want)
				if r.want != r.want {
					want = widenNaN(r.want)
				}
				val := float64(r.val)
				if r.val != r.val {
					val = widenNaN(r.val)
				}
				old := x
				var got float64
				if name == "Min" {
					got = atomic.Min(&x, val)
				} else {
					got = atomic.Max(&x, val)
				}
				if math.Float64bits(got) != math.Float64bits(old) || math.Float64bits(x) != math.Float64bits(want) {
					t.Errorf("float64 %s(&%s, %s): returned %s, left %s; want %s, %s",
						name, show(old), show(val), show(got), show(x), show(old), show(want))
				}
			})
		}
	}
	run("Min", atomic.Min[float32], minRows)
	run("Max", atomic.Max[float32], maxRows)
}

// widenNaN returns the float64 NaN with f's sign and payload.
func widenNaN(f float32) float64 {
	b := math.Float32bits(f)
	return math.Float64frombits(uint64(b>>31)<<63 | 0x7ff<<52 | uint64(b&(1<<23-1))<<29)
}

// TestFloatAddEdges checks Add's IEEE arithmetic at the edges: signed
// zeros, subnormals (kept, not flushed to zero), infinities, overflow and
// NaN.
func TestFloatAddEdges(t *testing.T) {
	rows := []floatRow{
		{"+0 + -0", 0, negZero32, 0},
		{"-0 + -0", negZero32, negZero32, negZero32},
		{"-0 + +0", negZero32, 0, 0},
		{"1 + -1", 1, -1, 0},
		{"subnormal + subnormal", sub32, sub32, 2 * sub32},
		{"subnormal + -subnormal", sub32, -sub32, 0},
		{"largest subnormal + smallest", 0x1p-126 - sub32, sub32, 0x1p-126},
		{"half of smallest normal", 0x1p-126, -0x1p-127, 0x1p-127},
		{"rounds to nearest even", 1, 0x1p-24, 1},
		{"rounds up to even", 1 + 0x1p-23, 0x1p-24, 1 + 0x1p-22},
		{"overflow", math.MaxFloat32, math.MaxFloat32, inf32},
		{"Inf + 1", inf32, 1, inf32},
		{"-Inf + Inf", -inf32, inf32, nan32},
		{"NaN in memory", nan32, 1, nan32},
		{"NaN operand", 1, nanPay, nan32},
	}
	for _, r := range rows {
		t.Run(r.name, func(t *testing.T) { checkFloatRow(t, "Add", atomic.Add[float32], r, true) })
	}
	// float64: the same rules at double precision.
	for _, c := range []struct{ old, val, want float64 }{
		{math.SmallestNonzeroFloat64, math.SmallestNonzeroFloat64, 2 * math.SmallestNonzeroFloat64},
		{negZero64, negZero64, negZero64},
		{1, 0x1p-53, 1},
		{math.MaxFloat64, math.MaxFloat64, inf64},
		{-inf64, inf64, nan64},
		{1, nanPay6, nan64},
	} {
		x := c.old
		if got := atomic.Add(&x, c.val); math.Float64bits(got) != math.Float64bits(c.old) || !same(x, c.want) {
			t.Errorf("Add(&%s, %s): returned %s, left %s; want %s, %s", show(c.old), show(c.val), show(got), show(x), show(c.old), show(c.want))
		}
	}
}

func checkFloatRow(t *testing.T, name string, op binaryOp[float32], r floatRow, arith bool) {
	t.Helper()
	x := r.old
	got := op(&x, r.val)
	if math.Float32bits(got) != math.Float32bits(r.old) {
		t.Errorf("%s(&%s, %s) returned %s, want the old value", name, show(r.old), show(r.val), show(got))
	}
	if math.Float32bits(x) != math.Float32bits(r.want) && !(arith && same(x, r.want)) {
		t.Errorf("%s(&%s, %s) left %s, want %s", name, show(r.old), show(r.val), show(x), show(r.want))
	}
}

// TestFloatCASBits checks that CAS on floats compares bit patterns, as
// atomicCAS does on the reinterpreted integer: a NaN matches only a NaN
// with the same bits, and -0 and +0 do not match.
func TestFloatCASBits(t *testing.T) {
	rows := []struct {
		name              string
		old, compare, val float32
		swapped           bool
	}{
		{"equal values", 1.5, 1.5, 2, true},
		{"unequal values", 1.5, 2.5, 2, false},
		{"same NaN", nanPay, nanPay, 7, true},
		{"NaN of another payload", nanPay, nan32, 7, false},
		{"NaN of the other sign", nan32, math.Float32frombits(0xffc00000), 7, false},
		{"-0 against +0", negZero32, 0, 7, false},
		{"+0 against -0", 0, negZero32, 7, false},
		{"-0 against -0", negZero32, negZero32, 7, true},
		{"swap in a NaN payload", 1, 1, nanPay, true},
		{"swap in -0", 1, 1, negZero32, true},
	}
	for _, r := range rows {
		x := r.old
		got := atomic.CAS(&x, r.compare, r.val)
		want := r.old
		if r.swapped {
			want = r.val
		}
		if math.Float32bits(got) != math.Float32bits(r.old) || math.Float32bits(x) != math.Float32bits(want) {
			t.Errorf("%s: CAS(&%s, %s, %s) returned %s, left %s; want %s, %s",
				r.name, show(r.old), show(r.compare), show(r.val), show(got), show(x), show(r.old), show(want))
		}
		// The same in float64, through the widened bit patterns.
		x64, cmp64, val64 := widen(r.old), widen(r.compare), widen(r.val)
		got64 := atomic.CAS(&x64, cmp64, val64)
		want64 := widen(want)
		if math.Float64bits(got64) != math.Float64bits(widen(r.old)) || math.Float64bits(x64) != math.Float64bits(want64) {
			t.Errorf("float64 %s: CAS returned %s, left %s; want %s", r.name, show(got64), show(x64), show(want64))
		}
	}
	// CAS(p, 0, 0) reads without changing anything, -0 included.
	for _, v := range float32s {
		x := v
		if got := atomic.CAS(&x, 0, 0); math.Float32bits(got) != math.Float32bits(v) || math.Float32bits(x) != math.Float32bits(v) {
			t.Errorf("CAS(&%s, 0, 0) returned %s, left %s", show(v), show(got), show(x))
		}
	}
}

// widen converts f to float64, keeping a NaN's sign and payload.
func widen(f float32) float64 {
	if f != f {
		return widenNaN(f)
	}
	return float64(f)
}

// TestExchBits checks that Exch moves bits unchanged.
func TestExchBits(t *testing.T) {
	for _, v := range []float32{nanPay, -nanPay, negZero32, sub32} {
		x := float32(1)
		if got := atomic.Exch(&x, v); got != 1 || math.Float32bits(x) != math.Float32bits(v) {
			t.Errorf("Exch(&1, %s) returned %v, left %s", show(v), got, show(x))
		}
	}
	y := 1.0
	if got := atomic.Exch(&y, nanPay6); got != 1 || math.Float64bits(y) != math.Float64bits(nanPay6) {
		t.Errorf("Exch(&1, %s) returned %v, left %s", show(nanPay6), got, show(y))
	}
}
