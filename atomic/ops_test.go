package atomic_test

import (
	"testing"

	"github.com/gocuda/gocuda/atomic"
)

// TestIntegerOps checks every integer atomic on every integer type against
// CUDA's formula for it, on every pair of interesting values: the value left
// in memory, and the old value returned.
func TestIntegerOps(t *testing.T) {
	t.Run("int32", func(t *testing.T) { testIntegerOps(t, int32s) })
	t.Run("uint32", func(t *testing.T) { testIntegerOps(t, uint32s) })
	t.Run("int64", func(t *testing.T) { testIntegerOps(t, int64s) })
	t.Run("uint64", func(t *testing.T) { testIntegerOps(t, uint64s) })
}

func testIntegerOps[T atomic.Integer](t *testing.T, vals []T) {
	ops := []struct {
		name string
		op   binaryOp[T]
		want func(old, val T) T
	}{
		{"Add", atomic.Add[T], func(old, val T) T { return old + val }},
		{"Sub", atomic.Sub[T], func(old, val T) T { return old - val }},
		{"Exch", atomic.Exch[T], func(old, val T) T { return val }},
		{"Min", atomic.Min[T], func(old, val T) T { return min(old, val) }},
		{"Max", atomic.Max[T], func(old, val T) T { return max(old, val) }},
		{"And", atomic.And[T], func(old, val T) T { return old & val }},
		{"Or", atomic.Or[T], func(old, val T) T { return old | val }},
		{"Xor", atomic.Xor[T], func(old, val T) T { return old ^ val }},
	}
	for _, o := range ops {
		t.Run(o.name, func(t *testing.T) { checkBinary(t, o.name, o.op, o.want, false, vals) })
	}
	t.Run("CAS", func(t *testing.T) { checkCAS(t, vals) })
}

// TestFloatOps checks every floating-point atomic on float32 and float64
// on every pair of interesting values, NaNs, zeros of both signs,
// subnormals and infinities included.
func TestFloatOps(t *testing.T) {
	t.Run("float32", func(t *testing.T) { testFloatOps(t, float32s) })
	t.Run("float64", func(t *testing.T) { testFloatOps(t, float64s) })
}

func testFloatOps[T atomic.Float](t *testing.T, vals []T) {
	ops := []struct {
		name  string
		op    binaryOp[T]
		want  func(old, val T) T
		arith bool
	}{
		{"Add", atomic.Add[T], func(old, val T) T { return old + val }, true},
		{"Exch", atomic.Exch[T], func(old, val T) T { return val }, false},
		{"Min", atomic.Min[T], minNumber[T], false},
		{"Max", atomic.Max[T], maxNumber[T], false},
	}
	for _, o := range ops {
		t.Run(o.name, func(t *testing.T) { checkBinary(t, o.name, o.op, o.want, o.arith, vals) })
	}
	t.Run("CAS", func(t *testing.T) { checkCAS(t, vals) })
}

// minNumber is the float Min's formula, IEEE 754-2019 minimumNumber as the
// GPU's fminf computes it, with the NaN already in memory kept when val is
// NaN too. Go's min supplies the order of two numbers, -0 < +0 included.
func minNumber[T atomic.Float](old, val T) T {
	switch {
	case val != val:
		return old
	case old != old:
		return val
	}
	return min(old, val)
}

// maxNumber is the float Max's formula, the mirror image of minNumber.
func maxNumber[T atomic.Float](old, val T) T {
	switch {
	case val != val:
		return old
	case old != old:
		return val
	}
	return max(old, val)
}

// checkCAS runs CAS on every pair (old, compare) of vals, swapping in a
// value unlike either, and checks CUDA's formula old == compare ? val : old,
// with == comparing bits, and that CAS returns old.
func checkCAS[T atomic.Number](t *testing.T, vals []T) {
	t.Helper()
	for _, old := range vals {
		for _, compare := range vals {
			val := T(3)
			for bitsOf(old) == bitsOf(val) || bitsOf(compare) == bitsOf(val) {
				val++
			}
			x := old
			got := atomic.CAS(&x, compare, val)
			if bitsOf(got) != bitsOf(old) {
				t.Errorf("CAS(&%s, %s, %s) returned %s, want the old value", show(old), show(compare), show(val), show(got))
			}
			want := old
			if bitsOf(old) == bitsOf(compare) {
				want = val
			}
			if bitsOf(x) != bitsOf(want) {
				t.Errorf("CAS(&%s, %s, %s) left %s, want %s", show(old), show(compare), show(val), show(x), show(want))
			}
		}
	}
}

// Types defined on the basic types take the same paths as the basic types.
type (
	count   int64
	mask    uint32
	celsius float32
	joules  float64
)

func TestDefinedTypes(t *testing.T) {
	c := count(40)
	if old := atomic.Add(&c, 2); old != 40 || c != 42 {
		t.Errorf("Add on count: returned %d, left %d; want 40, 42", old, c)
	}
	m := mask(0b1100)
	if old := atomic.Xor(&m, 0b1010); old != 0b1100 || m != 0b0110 {
		t.Errorf("Xor on mask: returned %b, left %b; want 1100, 110", old, m)
	}
	if old := atomic.Sub(&m, 7); old != 0b0110 || m != mask(1<<32-1) {
		t.Errorf("Sub on mask: returned %d, left %d; want 6, 2^32-1", old, m)
	}
	temp := celsius(21.5)
	if old := atomic.Min(&temp, -3); old != 21.5 || temp != -3 {
		t.Errorf("Min on celsius: returned %v, left %v; want 21.5, -3", old, temp)
	}
	if old := atomic.Add(&temp, 0.25); old != -3 || temp != -2.75 {
		t.Errorf("Add on celsius: returned %v, left %v; want -3, -2.75", old, temp)
	}
	e := joules(1)
	if old := atomic.CAS(&e, 1, 2.5); old != 1 || e != 2.5 {
		t.Errorf("CAS on joules: returned %v, left %v; want 1, 2.5", old, e)
	}
	if old := atomic.Max(&e, 4); old != 2.5 || e != 4 {
		t.Errorf("Max on joules: returned %v, left %v; want 2.5, 4", old, e)
	}
}
