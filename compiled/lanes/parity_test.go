//go:build goexperiment.simd && amd64

package lanes_test

import (
	"math"
	"math/rand/v2"
	"testing"
)

// A kind is one type of the parity checks' arguments and results, as n
// lanes of E: a vector, a mask (of bools) or a scalar (one lane). The
// checks' functions take and return slices of lanes: Go 1.26 does not
// compile generic code instantiated with archsimd's types.
type kind[E any] struct {
	n    int
	gen  func(*rand.Rand) E
	same func(a, b E) bool
}

// trials is the number of random arguments each check tries.
const trials = 300

// input returns random lanes of k, some copied from like's where like
// is of k's lanes' type, so that comparisons see equal lanes.
func input[E any](r *rand.Rand, k kind[E], like any) []E {
	in := make([]E, k.n)
	for i := range in {
		in[i] = k.gen(r)
	}
	if l, ok := like.([]E); ok && r.IntN(2) == 0 {
		for i := range min(len(l), len(in)) {
			if r.IntN(3) == 0 {
				in[i] = l[i]
			}
		}
	}
	return in
}

// result compares portable's lanes p with archsimd's a.
func result[E any](t *testing.T, name string, kr kind[E], p, a []E, args ...any) bool {
	t.Helper()
	for i := range p {
		if !kr.same(p[i], a[i]) {
			t.Errorf("%s%v: lane %d is %v, archsimd's %v (all: %v, %v)", name, args, i, p[i], a[i], p, a)
			return false
		}
	}
	return true
}

func check1[E1, ER any](t *testing.T, name string, k1 kind[E1], kr kind[ER], p, a func([]E1) []ER) {
	t.Helper()
	r := rand.New(rand.NewPCG(1, uint64(len(name))))
	for range trials {
		x := input(r, k1, nil)
		if !result(t, name, kr, p(x), a(x), x) {
			return
		}
	}
}

func check2[E1, E2, ER any](t *testing.T, name string, k1 kind[E1], k2 kind[E2], kr kind[ER], p, a func([]E1, []E2) []ER) {
	t.Helper()
	r := rand.New(rand.NewPCG(2, uint64(len(name))))
	for range trials {
		x := input(r, k1, nil)
		y := input(r, k2, x)
		if !result(t, name, kr, p(x, y), a(x, y), x, y) {
			return
		}
	}
}

func check3[E1, E2, E3, ER any](t *testing.T, name string, k1 kind[E1], k2 kind[E2], k3 kind[E3], kr kind[ER],
	p, a func([]E1, []E2, []E3) []ER) {
	t.Helper()
	r := rand.New(rand.NewPCG(3, uint64(len(name))))
	for range trials {
		x := input(r, k1, nil)
		y := input(r, k2, x)
		z := input(r, k3, x)
		if !result(t, name, kr, p(x, y, z), a(x, y, z), x, y, z) {
			return
		}
	}
}

// The stores return a vector's n lanes, stored by store.
func storeFloat32(store func([]float32), n int) []float32 {
	s := make([]float32, n)
	store(s)
	return s
}
func storeFloat64(store func([]float64), n int) []float64 {
	s := make([]float64, n)
	store(s)
	return s
}
func storeInt32(store func([]int32), n int) []int32    { s := make([]int32, n); store(s); return s }
func storeUint32(store func([]uint32), n int) []uint32 { s := make([]uint32, n); store(s); return s }
func storeInt64(store func([]int64), n int) []int64    { s := make([]int64, n); store(s); return s }
func storeUint64(store func([]uint64), n int) []uint64 { s := make([]uint64, n); store(s); return s }

// bools returns the n lanes of a mask's bits.
func bools(bits uint64, n int) []bool {
	b := make([]bool, n)
	for i := range b {
		b[i] = bits>>i&1 == 1
	}
	return b
}

// genFloat32 returns NaNs, infinities, zeros of both signs, the
// extremes, values near and past int32's range, small integers and
// halves, and random values.
func genFloat32(r *rand.Rand) float32 {
	edges := []float32{float32(math.NaN()), float32(math.Inf(1)), float32(math.Inf(-1)), 0, float32(math.Copysign(0, -1)),
		math.MaxFloat32, -math.MaxFloat32, math.SmallestNonzeroFloat32, 1 << 31, -1 << 31, 1 << 31 * 0.999999, 3e9, -3e9,
		0.5, -0.5, 1.5, -2.5, 1, -1, 0x1p-127, math.Float32frombits(0x7fc00123), math.Float32frombits(0xffa00001)}
	switch r.IntN(4) {
	case 0:
		return edges[r.IntN(len(edges))]
	case 1:
		return float32(r.IntN(64) - 32)
	case 2:
		return float32(r.NormFloat64() * 1e10)
	}
	return float32(r.NormFloat64() * 100)
}

func genFloat64(r *rand.Rand) float64 {
	if r.IntN(5) == 0 {
		edges := []float64{math.MaxFloat64, -math.MaxFloat64, math.SmallestNonzeroFloat64, 1e300, math.Float64frombits(0x7ff8000000000123)}
		return edges[r.IntN(len(edges))]
	}
	return float64(genFloat32(r)) * (1 + r.Float64())
}

func genInt32(r *rand.Rand) int32 {
	if r.IntN(5) == 0 {
		return []int32{math.MinInt32, math.MaxInt32, 0, -1, 1}[r.IntN(5)]
	}
	return int32(r.Uint32()) >> r.IntN(32)
}

func genUint32(r *rand.Rand) uint32 { return uint32(genInt32(r)) }

func genInt64(r *rand.Rand) int64 {
	if r.IntN(5) == 0 {
		return []int64{math.MinInt64, math.MaxInt64, 0, -1, 1}[r.IntN(5)]
	}
	return int64(r.Uint64()) >> r.IntN(64)
}

func genUint64(r *rand.Rand) uint64 { return uint64(genInt64(r)) }
func genUint8(r *rand.Rand) uint8   { return uint8(r.Uint32()) }
func genUint16(r *rand.Rand) uint16 { return uint16(r.Uint32()) }
func genBool(r *rand.Rand) bool     { return r.IntN(2) == 0 }

// genShift returns shift counts, some past the lanes' width.
func genShift(r *rand.Rand) uint64 {
	if r.IntN(8) == 0 {
		return []uint64{64, 65, 1 << 40, math.MaxUint64}[r.IntN(4)]
	}
	return uint64(r.IntN(66))
}

// sameFloat32 compares bits: NaNs' payloads too.
func sameFloat32(a, b float32) bool { return math.Float32bits(a) == math.Float32bits(b) }
func sameFloat64(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) }
func sameInt32(a, b int32) bool     { return a == b }
func sameUint32(a, b uint32) bool   { return a == b }
func sameInt64(a, b int64) bool     { return a == b }
func sameUint64(a, b uint64) bool   { return a == b }
func sameUint8(a, b uint8) bool     { return a == b }
func sameUint16(a, b uint16) bool   { return a == b }
func sameBool(a, b bool) bool       { return a == b }

// toInts returns -1 where b is set and 0 elsewhere.
func toInts[E int32 | int64](b []bool) []E {
	out := make([]E, len(b))
	for i, set := range b {
		if set {
			out[i] = -1
		}
	}
	return out
}
