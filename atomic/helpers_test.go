package atomic_test

import (
	"fmt"
	"math"
	"testing"
	"unsafe"

	"github.com/gocuda/gocuda/atomic"
)

// Values every integer test runs over, per type: zero, one, the extremes
// and their neighbours, and a few ordinary values.
var (
	int32s  = []int32{0, 1, -1, 2, 7, -8, 12345, -98765, math.MaxInt32, math.MaxInt32 - 1, math.MinInt32, math.MinInt32 + 1}
	uint32s = []uint32{0, 1, 2, 7, 12345, 1 << 31, 1<<31 - 1, math.MaxUint32, math.MaxUint32 - 1}
	int64s  = []int64{0, 1, -1, 2, 7, -8, 1 << 40, -(1 << 40), math.MaxInt64, math.MaxInt64 - 1, math.MinInt64, math.MinInt64 + 1, math.MaxInt32 + 1}
	uint64s = []uint64{0, 1, 2, 7, 1 << 40, 1 << 63, 1<<63 - 1, math.MaxUint64, math.MaxUint64 - 1, math.MaxUint32 + 1}
)

// Values every floating-point test runs over: zeros of both signs, the
// infinities, NaNs (with a payload too), subnormals, the extremes and a few
// ordinary values.
var (
	float32s = []float32{
		0, negZero32, 1, -1, 0.5, -2.25, 1e30, -1e-30,
		math.MaxFloat32, -math.MaxFloat32,
		math.SmallestNonzeroFloat32, -math.SmallestNonzeroFloat32, 0x1p-127, // subnormals
		0x1p-126, // smallest normal
		float32(math.Inf(1)), float32(math.Inf(-1)),
		float32(math.NaN()), math.Float32frombits(0x7fc00001), math.Float32frombits(0xffc00000),
	}
	float64s = []float64{
		0, negZero64, 1, -1, 0.5, -2.25, 1e300, -1e-300,
		math.MaxFloat64, -math.MaxFloat64,
		math.SmallestNonzeroFloat64, -math.SmallestNonzeroFloat64, 0x1p-1023,
		0x1p-1022,
		math.Inf(1), math.Inf(-1),
		math.NaN(), math.Float64frombits(0x7ff8000000000001), math.Float64frombits(0xfff8000000000000),
	}
	negZero32 = math.Float32frombits(1 << 31)
	negZero64 = math.Float64frombits(1 << 63)
)

// bitsOf returns the bits of v, zero-extended to 64.
func bitsOf[T atomic.Number](v T) uint64 {
	if unsafe.Sizeof(v) == 8 {
		return *(*uint64)(unsafe.Pointer(&v))
	}
	return uint64(*(*uint32)(unsafe.Pointer(&v)))
}

// same reports whether a and b are the same value: equal bits, or, for
// floats, both NaN (the payload of a NaN an arithmetic operation produces
// is up to the hardware).
func same[T atomic.Number](a, b T) bool {
	return bitsOf(a) == bitsOf(b) || (a != a && b != b)
}

// show formats v with its bits, so that -0 and NaN payloads are visible.
func show[T atomic.Number](v T) string {
	return fmt.Sprintf("%v (%#x)", v, bitsOf(v))
}

// binaryOp is an atomic taking a pointer and one operand.
type binaryOp[T atomic.Number] func(p *T, val T) T

// checkBinary runs op on every pair (old, val) of vals and checks that it
// returns old and leaves want(old, val) in memory, both compared bit for
// bit, except that where arith is set any NaN matches a NaN want (the
// payload of a NaN that arithmetic produces is up to the hardware).
func checkBinary[T atomic.Number](t *testing.T, name string, op binaryOp[T], want func(old, val T) T, arith bool, vals []T) {
	t.Helper()
	for _, old := range vals {
		for _, val := range vals {
			x := old
			got := op(&x, val)
			if bitsOf(got) != bitsOf(old) {
				t.Errorf("%s(&%s, %s) returned %s, want the old value", name, show(old), show(val), show(got))
			}
			if w := want(old, val); bitsOf(x) != bitsOf(w) && !(arith && same(x, w)) {
				t.Errorf("%s(&%s, %s) left %s, want %s", name, show(old), show(val), show(x), show(w))
			}
		}
	}
}
