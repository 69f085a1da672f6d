package compiled_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/compiled"
)

// bitsOf returns v's bits, so that NaNs and signed zeros compare exactly.
func bitsOf[T atomic.Number](v T) uint64 {
	switch x := any(v).(type) {
	case float32:
		return uint64(math.Float32bits(x))
	case float64:
		return math.Float64bits(x)
	case int32:
		return uint64(uint32(x))
	case uint32:
		return uint64(x)
	case int64:
		return uint64(x)
	default:
		return uint64(any(v).(uint64))
	}
}

// sameOp applies an atomic and its Shared form to copies of old with val,
// and expects the same result and stored value, bit for bit.
func sameOp[T atomic.Number](t *testing.T, name string, real, plain func(*T, T) T, old, val T) {
	t.Helper()
	a, b := old, old
	ra, rb := real(&a, val), plain(&b, val)
	assert.Equal(t, bitsOf(ra), bitsOf(rb), "%s(%v, %v) returns", name, old, val)
	assert.Equal(t, bitsOf(a), bitsOf(b), "%s(%v, %v) stores", name, old, val)
}

// floatCases are edge cases of the float atomics: NaNs, signed zeros,
// infinities.
var floatCases = []float64{0, math.Copysign(0, -1), 1, -1.5, math.Inf(1), math.Inf(-1), math.NaN(), 3e38, 1e-45}

func testFloatOps[T ~float32 | ~float64](t *testing.T) {
	ops := map[string][2]func(*T, T) T{
		"Add":  {atomic.Add[T], compiled.SharedAdd[T]},
		"Exch": {atomic.Exch[T], compiled.SharedExch[T]},
		"Min":  {atomic.Min[T], compiled.SharedMin[T]},
		"Max":  {atomic.Max[T], compiled.SharedMax[T]},
		"CAS0": {func(p *T, v T) T { return atomic.CAS(p, 0, v) }, func(p *T, v T) T { return compiled.SharedCAS(p, 0, v) }},
		"CAS":  {func(p *T, v T) T { return atomic.CAS(p, *p, v) }, func(p *T, v T) T { return compiled.SharedCAS(p, *p, v) }},
	}
	for name, op := range ops {
		for _, old := range floatCases {
			for _, val := range floatCases {
				sameOp(t, name, op[0], op[1], T(old), T(val))
			}
		}
	}
}

func testIntOps[T ~int32 | ~uint32 | ~int64 | ~uint64](t *testing.T, r *rand.Rand) {
	ops := map[string][2]func(*T, T) T{
		"Add": {atomic.Add[T], compiled.SharedAdd[T]}, "Sub": {atomic.Sub[T], compiled.SharedSub[T]},
		"Exch": {atomic.Exch[T], compiled.SharedExch[T]}, "Min": {atomic.Min[T], compiled.SharedMin[T]},
		"Max": {atomic.Max[T], compiled.SharedMax[T]}, "And": {atomic.And[T], compiled.SharedAnd[T]},
		"Or": {atomic.Or[T], compiled.SharedOr[T]}, "Xor": {atomic.Xor[T], compiled.SharedXor[T]},
		"CAS": {func(p *T, v T) T { return atomic.CAS(p, v^1, v) }, func(p *T, v T) T { return compiled.SharedCAS(p, v^1, v) }},
	}
	for name, op := range ops {
		for range 200 {
			old, val := T(r.Uint64()), T(r.Uint64())
			if r.IntN(4) == 0 {
				old = val ^ 1 // CAS matches
			}
			sameOp(t, name, op[0], op[1], old, val)
		}
	}
}

// TestSharedAtomicsMatchAtomics: each Shared form returns and stores what
// package atomic's operation does, for every type, at the edge cases.
func TestSharedAtomicsMatchAtomics(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	testFloatOps[float32](t)
	testFloatOps[float64](t)
	testIntOps[int32](t, r)
	testIntOps[uint32](t, r)
	testIntOps[int64](t, r)
	testIntOps[uint64](t, r)
	for _, old := range []uint32{0, 1, 5, 6, 7, math.MaxUint32} {
		for _, limit := range []uint32{0, 5, 6, math.MaxUint32} {
			sameOp(t, "Inc", atomic.Inc, compiled.SharedInc, old, limit)
			sameOp(t, "Dec", atomic.Dec, compiled.SharedDec, old, limit)
		}
	}
}
