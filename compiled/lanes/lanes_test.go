//go:build !(goexperiment.simd && amd64)

package lanes_test

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/compiled/lanes"
)

// A kind is one vector type under test: n lanes of E, loaded and stored
// through slices, as generated steps do.
type kind[V any, E any] struct {
	n     int
	load  func([]E) V
	store func(V, []E)
	gen   func(*rand.Rand) E
	same  func(a, b E) bool
}

// lanesOf returns v's lanes.
func (k kind[V, E]) lanesOf(v V) []E {
	out := make([]E, k.n)
	k.store(v, out)
	return out
}

// inputs returns random vectors' lanes, rounds of them.
func (k kind[V, E]) inputs(rounds int) [][]E {
	r := rand.New(rand.NewPCG(1, 2))
	out := make([][]E, rounds)
	for i := range out {
		out[i] = make([]E, k.n)
		for j := range out[i] {
			out[i][j] = k.gen(r)
		}
	}
	return out
}

// binary checks op against ref, lane by lane.
func binary[V, E any](t *testing.T, k kind[V, E], name string, op func(x, y V) V, ref func(a, b E) E) {
	t.Helper()
	in := k.inputs(200)
	for i := 1; i < len(in); i++ {
		got := k.lanesOf(op(k.load(in[i-1]), k.load(in[i])))
		for j := range k.n {
			want := ref(in[i-1][j], in[i][j])
			require.Truef(t, k.same(got[j], want), "%s lane %d of %v, %v: got %v, want %v", name, j, in[i-1], in[i], got[j], want)
		}
	}
}

// compare checks a comparison's mask bits against ref.
func compare[V, E any, M interface{ ToBits() uint8 }](t *testing.T, k kind[V, E], name string, op func(x, y V) M, ref func(a, b E) bool) {
	t.Helper()
	in := k.inputs(200)
	for i := 1; i < len(in); i++ {
		x, y := in[i-1], append([]E(nil), in[i]...)
		y[i%k.n] = x[i%k.n] // some lanes equal
		bits := op(k.load(x), k.load(y)).ToBits()
		for j := range k.n {
			require.Equalf(t, ref(x[j], y[j]), bits>>j&1 == 1, "%s lane %d of %v, %v", name, j, x, y)
		}
		require.Zero(t, bits>>k.n, name)
	}
}

func f32(r *rand.Rand) float32 {
	switch r.IntN(12) {
	case 0:
		return float32(math.NaN())
	case 1:
		return float32(math.Inf(1 - 2*r.IntN(2)))
	case 2:
		return float32(math.Copysign(0, float64(1-2*r.IntN(2))))
	case 3:
		return float32(r.NormFloat64() * 1e10)
	}
	return float32(r.NormFloat64() * 100)
}

func f64(r *rand.Rand) float64 { return float64(f32(r)) * (1 + r.Float64()) }

func sameF32(a, b float32) bool {
	return a == b && math.Signbit(float64(a)) == math.Signbit(float64(b)) || a != a && b != b
}
func sameF64(a, b float64) bool {
	return a == b && math.Signbit(a) == math.Signbit(b) || a != a && b != b
}
func same[E comparable](a, b E) bool { return a == b }

var (
	float32x8 = kind[lanes.Float32x8, float32]{8, lanes.LoadFloat32x8Slice, lanes.Float32x8.StoreSlice, f32, sameF32}
	int32x8   = kind[lanes.Int32x8, int32]{8, lanes.LoadInt32x8Slice, lanes.Int32x8.StoreSlice,
		func(r *rand.Rand) int32 { return int32(r.Uint32()) >> r.IntN(32) }, same[int32]}
	uint32x8 = kind[lanes.Uint32x8, uint32]{8, lanes.LoadUint32x8Slice, lanes.Uint32x8.StoreSlice,
		func(r *rand.Rand) uint32 { return r.Uint32() >> r.IntN(32) }, same[uint32]}
	int32x4   = kind[lanes.Int32x4, int32]{4, lanes.LoadInt32x4Slice, lanes.Int32x4.StoreSlice, int32x8.gen, same[int32]}
	float64x4 = kind[lanes.Float64x4, float64]{4, lanes.LoadFloat64x4Slice, lanes.Float64x4.StoreSlice, f64, sameF64}
	int64x4   = kind[lanes.Int64x4, int64]{4, lanes.LoadInt64x4Slice, lanes.Int64x4.StoreSlice,
		func(r *rand.Rand) int64 { return int64(r.Uint64()) >> r.IntN(64) }, same[int64]}
	uint64x4 = kind[lanes.Uint64x4, uint64]{4, lanes.LoadUint64x4Slice, lanes.Uint64x4.StoreSlice,
		func(r *rand.Rand) uint64 { return r.Uint64() >> r.IntN(64) }, same[uint64]}
)

func TestFloat32x8(t *testing.T) {
	k := float32x8
	binary(t, k, "Add", lanes.Float32x8.Add, func(a, b float32) float32 { return a + b })
	binary(t, k, "Sub", lanes.Float32x8.Sub, func(a, b float32) float32 { return a - b })
	binary(t, k, "Mul", lanes.Float32x8.Mul, func(a, b float32) float32 { return a * b })
	binary(t, k, "Div", lanes.Float32x8.Div, func(a, b float32) float32 { return a / b })
	unary := func(name string, op func(lanes.Float32x8) lanes.Float32x8, ref func(float64) float64) {
		binary(t, k, name, func(x, _ lanes.Float32x8) lanes.Float32x8 { return op(x) },
			func(a, _ float32) float32 { return float32(ref(float64(a))) })
	}
	unary("Sqrt", lanes.Float32x8.Sqrt, math.Sqrt)
	unary("Floor", lanes.Float32x8.Floor, math.Floor)
	unary("Ceil", lanes.Float32x8.Ceil, math.Ceil)
	unary("Trunc", lanes.Float32x8.Trunc, math.Trunc)
	compare(t, k, "Less", lanes.Float32x8.Less, func(a, b float32) bool { return a < b })
	compare(t, k, "LessEqual", lanes.Float32x8.LessEqual, func(a, b float32) bool { return a <= b })
	compare(t, k, "Greater", lanes.Float32x8.Greater, func(a, b float32) bool { return a > b })
	compare(t, k, "GreaterEqual", lanes.Float32x8.GreaterEqual, func(a, b float32) bool { return a >= b })
	compare(t, k, "Equal", lanes.Float32x8.Equal, func(a, b float32) bool { return a == b })
	compare(t, k, "NotEqual", lanes.Float32x8.NotEqual, func(a, b float32) bool { return a != b })
	binary(t, k, "AsInt32x8", func(x, _ lanes.Float32x8) lanes.Float32x8 { return x.AsInt32x8().AsFloat32x8() },
		func(a, _ float32) float32 { return a })
	binary(t, k, "AsUint32x8", func(x, _ lanes.Float32x8) lanes.Float32x8 {
		return x.AsUint32x8().Xor(lanes.BroadcastUint32x8(1 << 31)).AsFloat32x8()
	},
		func(a, _ float32) float32 { return -a })
}

func TestInt32x8(t *testing.T) {
	k := int32x8
	binary(t, k, "Add", lanes.Int32x8.Add, func(a, b int32) int32 { return a + b })
	binary(t, k, "Sub", lanes.Int32x8.Sub, func(a, b int32) int32 { return a - b })
	binary(t, k, "Mul", lanes.Int32x8.Mul, func(a, b int32) int32 { return a * b })
	binary(t, k, "And", lanes.Int32x8.And, func(a, b int32) int32 { return a & b })
	binary(t, k, "Or", lanes.Int32x8.Or, func(a, b int32) int32 { return a | b })
	binary(t, k, "Xor", lanes.Int32x8.Xor, func(a, b int32) int32 { return a ^ b })
	binary(t, k, "AndNot", lanes.Int32x8.AndNot, func(a, b int32) int32 { return a &^ b })
	binary(t, k, "Min", lanes.Int32x8.Min, func(a, b int32) int32 { return min(a, b) })
	binary(t, k, "Max", lanes.Int32x8.Max, func(a, b int32) int32 { return max(a, b) })
	binary(t, k, "Not", func(x, _ lanes.Int32x8) lanes.Int32x8 { return x.Not() }, func(a, _ int32) int32 { return ^a })
	for _, c := range []uint64{0, 1, 5, 31, 32, 40} {
		binary(t, k, "ShiftAllLeft", func(x, _ lanes.Int32x8) lanes.Int32x8 { return x.ShiftAllLeft(c) }, func(a, _ int32) int32 { return a << c })
		binary(t, k, "ShiftAllRight", func(x, _ lanes.Int32x8) lanes.Int32x8 { return x.ShiftAllRight(c) }, func(a, _ int32) int32 { return a >> c })
	}
	compare(t, k, "Less", lanes.Int32x8.Less, func(a, b int32) bool { return a < b })
	compare(t, k, "GreaterEqual", lanes.Int32x8.GreaterEqual, func(a, b int32) bool { return a >= b })
	compare(t, k, "Equal", lanes.Int32x8.Equal, func(a, b int32) bool { return a == b })
	binary(t, k, "ConvertToFloat32", func(x, _ lanes.Int32x8) lanes.Int32x8 {
		return x.ConvertToFloat32().AsInt32x8()
	}, func(a, _ int32) int32 { return int32(math.Float32bits(float32(a))) })
	binary(t, float32x8, "ConvertToInt32", func(x, _ lanes.Float32x8) lanes.Float32x8 {
		return x.ConvertToInt32().AsFloat32x8()
	}, func(a, _ float32) float32 { return math.Float32frombits(uint32(int32(a))) })
	binary(t, k, "ToMask", func(x, y lanes.Int32x8) lanes.Int32x8 { return x.AndNot(y).ToMask().ToInt32x8() },
		func(a, b int32) int32 {
			if a&^b != 0 {
				return -1
			}
			return 0
		})
}

func TestUint32x8(t *testing.T) {
	k := uint32x8
	binary(t, k, "Sub", lanes.Uint32x8.Sub, func(a, b uint32) uint32 { return a - b })
	binary(t, k, "Mul", lanes.Uint32x8.Mul, func(a, b uint32) uint32 { return a * b })
	binary(t, k, "Min", lanes.Uint32x8.Min, func(a, b uint32) uint32 { return min(a, b) })
	binary(t, k, "Max", lanes.Uint32x8.Max, func(a, b uint32) uint32 { return max(a, b) })
	for _, c := range []uint64{0, 3, 31, 32} {
		binary(t, k, "ShiftAllRight", func(x, _ lanes.Uint32x8) lanes.Uint32x8 { return x.ShiftAllRight(c) }, func(a, _ uint32) uint32 { return a >> c })
	}
	compare(t, k, "Less", lanes.Uint32x8.Less, func(a, b uint32) bool { return a < b })
	compare(t, k, "Greater", lanes.Uint32x8.Greater, func(a, b uint32) bool { return a > b })
	binary(t, k, "AsInt32x8", func(x, _ lanes.Uint32x8) lanes.Uint32x8 { return x.AsInt32x8().ShiftAllRight(31).AsUint32x8() },
		func(a, _ uint32) uint32 { return uint32(int32(a) >> 31) })
}

func TestFourLanes(t *testing.T) {
	binary(t, float64x4, "Add", lanes.Float64x4.Add, func(a, b float64) float64 { return a + b })
	binary(t, float64x4, "Div", lanes.Float64x4.Div, func(a, b float64) float64 { return a / b })
	binary(t, float64x4, "Sqrt", func(x, _ lanes.Float64x4) lanes.Float64x4 { return x.Sqrt() }, func(a, _ float64) float64 { return math.Sqrt(a) })
	binary(t, float64x4, "Floor", func(x, _ lanes.Float64x4) lanes.Float64x4 { return x.Floor() }, func(a, _ float64) float64 { return math.Floor(a) })
	compare(t, float64x4, "LessEqual", lanes.Float64x4.LessEqual, func(a, b float64) bool { return a <= b })
	binary(t, int64x4, "Sub", lanes.Int64x4.Sub, func(a, b int64) int64 { return a - b })
	binary(t, int64x4, "ShiftAllRight", func(x, _ lanes.Int64x4) lanes.Int64x4 { return x.ShiftAllRight(63) }, func(a, _ int64) int64 { return a >> 63 })
	compare(t, int64x4, "NotEqual", lanes.Int64x4.NotEqual, func(a, b int64) bool { return a != b })
	binary(t, uint64x4, "Xor", lanes.Uint64x4.Xor, func(a, b uint64) uint64 { return a ^ b })
	binary(t, uint64x4, "AsFloat64x4", func(x, _ lanes.Uint64x4) lanes.Uint64x4 { return x.AsFloat64x4().AsInt64x4().AsUint64x4() },
		func(a, _ uint64) uint64 { return a })
	binary(t, int32x4, "ConvertToFloat64", func(x, _ lanes.Int32x4) lanes.Int32x4 {
		f := x.ConvertToFloat64().AsInt64x4().ShiftAllRight(32) // the high words, exact: compare those
		var hi [4]int64
		f.Store(&hi)
		return lanes.LoadInt32x4(&[4]int32{int32(hi[0]), int32(hi[1]), int32(hi[2]), int32(hi[3])})
	}, func(a, _ int32) int32 { return int32(int64(math.Float64bits(float64(a))) >> 32) })
}

// TestMasks checks masks' bits, their merges and masked stores lane by
// lane: lane k is bit k.
func TestMasks(t *testing.T) {
	for bits := range 256 {
		m := lanes.Mask32x8FromBits(uint8(bits))
		require.Equal(t, uint8(bits), m.ToBits())
		require.Equal(t, uint8(bits&0x5a), m.And(lanes.Mask32x8FromBits(0x5a)).ToBits())
		require.Equal(t, uint8(bits|0x81), m.Or(lanes.Mask32x8FromBits(0x81)).ToBits())
		x, y := lanes.BroadcastFloat32x8(1), lanes.LoadFloat32x8(&[8]float32{10, 11, 12, 13, 14, 15, 16, 17})
		merged := float32x8.lanesOf(x.Merge(y, m))
		ints := int32x8.lanesOf(m.ToInt32x8())
		stored := [8]float32{-1, -1, -1, -1, -1, -1, -1, -1}
		y.StoreMasked(&stored, m)
		for k := range 8 {
			set := bits>>k&1 == 1
			assert.Equal(t, map[bool]float32{true: 1, false: 10 + float32(k)}[set], merged[k], "Merge of %08b, lane %d", bits, k)
			assert.Equal(t, map[bool]int32{true: -1, false: 0}[set], ints[k], "ToInt32x8 of %08b, lane %d", bits, k)
			assert.Equal(t, map[bool]float32{true: 10 + float32(k), false: -1}[set], stored[k], "StoreMasked of %08b, lane %d", bits, k)
		}
		m4 := lanes.Mask64x4FromBits(uint8(bits))
		require.Equal(t, uint8(bits&0xf), m4.ToBits())
		i4 := int64x4.lanesOf(lanes.BroadcastInt64x4(7).Merge(lanes.LoadInt64x4(&[4]int64{0, 1, 2, 3}), m4))
		for k := range 4 {
			assert.Equal(t, map[bool]int64{true: 7, false: int64(k)}[bits>>k&1 == 1], i4[k], "Mask64x4 merge of %04b, lane %d", bits&0xf, k)
		}
	}
}

// TestLoadStore checks loads and stores keep the lanes' order, and that a
// slice too short fails as indexing it would.
func TestLoadStore(t *testing.T) {
	s := []float32{0, 1, 2, 3, 4, 5, 6, 7, 8}
	v := lanes.LoadFloat32x8Slice(s[1:])
	var a [8]float32
	v.Store(&a)
	assert.Equal(t, [8]float32{1, 2, 3, 4, 5, 6, 7, 8}, a)
	assert.Equal(t, []float32{3, 3, 3, 3, 3, 3, 3, 3}, float32x8.lanesOf(lanes.BroadcastFloat32x8(3)))
	assert.Panics(t, func() { lanes.LoadFloat32x8Slice(s[2:]) })
	assert.Panics(t, func() { v.StoreSlice(s[3:]) })
	var d [4]float64
	lanes.LoadFloat64x4Slice([]float64{1, 2, 3, 4}).Store(&d)
	assert.Equal(t, [4]float64{1, 2, 3, 4}, d)
}
