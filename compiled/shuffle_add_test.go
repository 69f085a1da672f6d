package compiled_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/compiled"
)

// TestShflAddWarp checks ShflAddWarp against the step it stands for, done
// naively: every lane's shuffle result read first (its own past the
// warp's edge), then each lane in [lo, hi) adding it, for the three shuffles,
// every distance (and some past 31, which wrap as the engine's do) and
// ranges inside, at the edges of and outside the warp. The element types
// are those the SIMD build adds with vectors (float32, int32 and uint32,
// whose sums wrap) and some it leaves to the scalar step.
func TestShflAddWarp(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	t.Run("float32", func(t *testing.T) { checkShflAdd(t, func() float32 { return r.Float32()*8 - 4 }) })
	t.Run("int32", func(t *testing.T) { checkShflAdd(t, func() int32 { return int32(r.Uint32()) }) })
	t.Run("uint32", func(t *testing.T) { checkShflAdd(t, r.Uint32) })
	t.Run("float64", func(t *testing.T) { checkShflAdd(t, func() float64 { return r.Float64()*8 - 4 }) })
	type celsius float32
	t.Run("named", func(t *testing.T) { checkShflAdd(t, func() celsius { return celsius(r.Float32()) }) })
}

// checkShflAdd is TestShflAddWarp for values from gen.
func checkShflAdd[T compiled.Number](t *testing.T, gen func() T) {
	for _, s := range []compiled.Shuffle{compiled.ShflUp, compiled.ShflDown, compiled.ShflXor} {
		for d := range 40 {
			for _, rng := range [][2]int{{0, 32}, {0, 0}, {3, 17}, {d, 32}, {-5, 40}, {31, 32}, {20, 10}, {0, 32 - d}} {
				var vals [32]T
				for i := range vals {
					vals[i] = gen()
				}
				want := vals
				var y [32]T
				for l := range 32 {
					src := l
					if k := d & 31; s == compiled.ShflUp && l-k >= 0 {
						src = l - k
					} else if s == compiled.ShflDown && l+k < 32 {
						src = l + k
					} else if s == compiled.ShflXor {
						src = l ^ k
					}
					y[l] = vals[src]
				}
				for l := max(rng[0], 0); l < min(rng[1], 32); l++ {
					want[l] += y[l]
				}
				compiled.ShflAddWarp(s, &vals, d, rng[0], rng[1])
				require.Equal(t, want, vals, "shuffle %d by %d over %v", s, d, rng)
			}
		}
	}
}

// TestLanesDemanded: a shuffle-down reduction whose offsets halve from
// any start, adding in each step only LanesDemanded(d, k) lanes, leaves
// lanes [0, k) as the full reduction does, for every k, on integers
// (exact) from values that differ in every lane.
func TestLanesDemanded(t *testing.T) {
	for start := 1; start <= 40; start++ {
		for k := 0; k <= 32; k++ {
			var full, narrow [32]int64
			for l := range full {
				full[l] = int64(l*l*7919 + start*31 + 1)
				narrow[l] = full[l]
			}
			for d := start; d > 0; d /= 2 {
				compiled.ShflAddWarp(compiled.ShflDown, &full, d, 0, 32)
				compiled.ShflAddWarp(compiled.ShflDown, &narrow, d, 0, compiled.LanesDemanded(d, k, true))
			}
			require.Equal(t, full[:k], narrow[:k], "start %d, lanes [0, %d)", start, k)
		}
	}
	assert.Equal(t, 32, compiled.LanesDemanded(4, 1, false), "not narrowed")
	assert.Equal(t, 32, compiled.LanesDemanded(32, 1, true), "a step by a warp or more")
	assert.Equal(t, 4, compiled.LanesDemanded(4, 1, true))
}

// TestShflDownHalving: the halving steps in one call leave the lanes
// read (every lane, or the first k where narrowed) as ShflAddWarp's
// steps one by one do, from starts 1 to 40, for every k, on float32
// values whose sums depend on the order of their additions (bit for bit).
func TestShflDownHalving(t *testing.T) {
	for start := 1; start <= 40; start++ {
		for k := 0; k <= 32; k++ {
			for _, narrow := range []bool{false, true} {
				var steps, one [32]float32
				for l := range steps {
					steps[l] = math.Float32frombits(0x3f800000|uint32(l*2654435761+start*40503)&0x7fffff) * float32(1-2*(l%3))
					one[l] = steps[l]
				}
				for d := start; d > 0; d /= 2 {
					compiled.ShflAddWarp(compiled.ShflDown, &steps, d, 0, compiled.LanesDemanded(d, k, narrow))
				}
				compiled.ShflDownHalving(&one, start, k, narrow)
				read := 32
				if narrow {
					read = k
				}
				require.Equal(t, steps[:read], one[:read], "start %d, k %d, narrow %v", start, k, narrow)
			}
		}
	}
	r := rand.New(rand.NewPCG(16, 1))
	for range 200 { // Luitjens's warpReduceSum read in lane 0, which takes a path of its own
		var steps, one [32]float32
		for l := range steps {
			steps[l] = float32(r.NormFloat64())
			one[l] = steps[l]
		}
		for d := 16; d > 0; d /= 2 {
			compiled.ShflAddWarp(compiled.ShflDown, &steps, d, 0, 32)
		}
		compiled.ShflDownHalving(&one, 16, 1, true)
		require.Equal(t, steps[0], one[0])
	}
}

// TestShflUpDoubling: the doubling steps in one call leave every lane as
// ShflAddWarp's steps one by one do (lanes [d, 32) adding), from starts
// 0 to 40 and ends 0 to 40, on random float32 values (bit for bit).
func TestShflUpDoubling(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 1))
	for start := 0; start <= 40; start++ {
		for end := 0; end <= 40; end++ {
			var steps, one [32]float32
			for l := range steps {
				steps[l] = float32(r.NormFloat64())
				one[l] = steps[l]
			}
			for d := start; d > 0 && d < end; d *= 2 {
				compiled.ShflAddWarp(compiled.ShflUp, &steps, d, d, 32)
			}
			compiled.ShflUpDoubling(&one, start, end)
			require.Equal(t, steps, one, "start %d, end %d", start, end)
		}
	}
}

// TestShflUpDoublingWritten: the whole-warp scan from 1, whose additions
// are written out (scan_up_written.go), leaves every lane bit for bit as
// ShflAddWarp's five steps do, on float32 warps holding infinities, zeros
// of both signs and values whose sums overflow, and on int8 warps whose
// sums wrap.
func TestShflUpDoublingWritten(t *testing.T) {
	r := rand.New(rand.NewPCG(19, 1))
	specials := []float32{float32(math.Inf(1)), float32(math.Inf(-1)), 0, float32(math.Copysign(0, -1)), 3e38, -3e38}
	for trial := range 200 {
		var steps, one [32]float32
		var isteps, ione [32]int8
		for l := range steps {
			steps[l] = float32(r.NormFloat64())
			if trial%2 == 0 && r.IntN(6) == 0 {
				steps[l] = specials[r.IntN(len(specials))]
			}
			one[l] = steps[l]
			isteps[l] = int8(r.IntN(256) - 128)
			ione[l] = isteps[l]
		}
		for d := 1; d < 32; d *= 2 {
			compiled.ShflAddWarp(compiled.ShflUp, &steps, d, d, 32)
			compiled.ShflAddWarp(compiled.ShflUp, &isteps, d, d, 32)
		}
		compiled.ShflUpDoubling(&one, 1, 32+trial%3)
		compiled.ShflUpDoubling(&ione, 1, 32)
		for l := range steps {
			if math.Float32bits(steps[l]) != math.Float32bits(one[l]) && !(steps[l] != steps[l] && one[l] != one[l]) {
				t.Fatalf("trial %d, lane %d: %v written out, %v in steps", trial, l, one[l], steps[l])
			}
		}
		require.Equal(t, isteps, ione, "trial %d", trial)
	}
}

// TestShflXorHalving: the butterfly's steps in one call leave every lane
// as ShflAddWarp's steps one by one do, from starts 0 to 40, on random
// float32 values and on warps holding infinities of both signs (whose
// sums are NaNs: the steps one by one), zeros of both signs and values
// whose sums overflow (bit for bit). Not NaNs of several payloads: where
// two meet in a sum, which one's payload it keeps is not Go's to say
// (its compiler may swap a commutative operation's operands), and
// differs between two inlined copies of the same loop.
func TestShflXorHalving(t *testing.T) {
	r := rand.New(rand.NewPCG(18, 1))
	specials := []float32{float32(math.Inf(1)), float32(math.Inf(-1)), 0, float32(math.Copysign(0, -1)), 3e38, -3e38}
	for trial := range 300 {
		start := trial % 41
		var steps, one [32]float32
		for l := range steps {
			steps[l] = float32(r.NormFloat64())
			if trial%3 == 0 && r.IntN(8) == 0 {
				steps[l] = specials[r.IntN(len(specials))]
			}
			one[l] = steps[l]
		}
		for d := start; d > 0; d /= 2 {
			compiled.ShflAddWarp(compiled.ShflXor, &steps, d, 0, 32)
		}
		compiled.ShflXorHalving(&one, start)
		require.Equal(t, bitsOf32(steps[:]), bitsOf32(one[:]), "trial %d, start %d", trial, start)
	}
}

// bitsOf32 returns the bits of s's elements, so that NaNs compare.
func bitsOf32(s []float32) []uint32 {
	out := make([]uint32, len(s))
	for i, v := range s {
		out[i] = math.Float32bits(v)
	}
	return out
}

// TestShflDownLane0Pair: lane 0's value after ShflDownLane0Pair is the
// one five ShflAddWarp steps leave where lane k starts with a[k] + b[k],
// bit for bit, for float32 values of mixed magnitudes and signs, int32
// and uint8 sums that wrap; the other lanes are left as they were.
func TestShflDownLane0Pair(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 4))
	for range 300 {
		var a, b [32]float32
		for l := range a {
			a[l] = float32(math.Ldexp(r.NormFloat64(), r.IntN(50)-25))
			b[l] = float32(math.Ldexp(r.NormFloat64(), r.IntN(50)-25))
		}
		checkLane0Pair(t, &a, &b)
	}
	var ia, ib [32]int32
	var ua, ub [32]uint8
	for range 100 {
		for l := range ia {
			ia[l], ib[l] = int32(r.Uint32()), int32(r.Uint32())
			ua[l], ub[l] = uint8(r.Uint32()), uint8(r.Uint32())
		}
		checkLane0Pair(t, &ia, &ib)
		checkLane0Pair(t, &ua, &ub)
	}
}

// checkLane0Pair checks ShflDownLane0Pair on a and b against the steps.
func checkLane0Pair[T compiled.Number](t *testing.T, a, b *[32]T) {
	t.Helper()
	var steps, vals [32]T
	for l := range steps {
		steps[l] = a[l] + b[l]
		vals[l] = T(l + 1)
	}
	for d := 16; d > 0; d /= 2 {
		compiled.ShflAddWarp(compiled.ShflDown, &steps, d, 0, 32)
	}
	kept := vals
	compiled.ShflDownLane0Pair(&vals, a, b)
	require.Equal(t, steps[0], vals[0], "lane 0 of a=%v b=%v", *a, *b)
	require.Equal(t, kept[1:], vals[1:], "other lanes changed")
}

// TestShflDownLane0: lane 0 after ShflDownLane0 equals lane 0 after the
// five steps down, bit for bit, for floats of widely different exponents
// (whose sums depend on the order of the additions), with -0 and
// infinities, and for integers that wrap; the other lanes stay.
func TestShflDownLane0(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 17))
	for i := range 300 {
		var f32 [32]float32
		var f64 [32]float64
		var i32 [32]int32
		for l := range f32 {
			f64[l] = math.Ldexp(r.NormFloat64(), r.IntN(120)-60)
			f32[l] = float32(math.Ldexp(r.NormFloat64(), r.IntN(50)-25))
			i32[l] = int32(r.Uint32())
		}
		if i%10 == 0 {
			f32[r.IntN(32)], f64[r.IntN(32)] = float32(math.Copysign(0, -1)), math.Copysign(0, -1)
			f32[r.IntN(32)], f64[r.IntN(32)] = float32(math.Inf(1)), math.Inf(-1)
		}
		checkLane0(t, &f32)
		checkLane0(t, &f64)
		checkLane0(t, &i32)
	}
}

// checkLane0 checks ShflDownLane0 on vals against the steps.
func checkLane0[T compiled.Number](t *testing.T, vals *[32]T) {
	t.Helper()
	steps, got := *vals, *vals
	for d := 16; d > 0; d /= 2 {
		compiled.ShflAddWarp(compiled.ShflDown, &steps, d, 0, 32)
	}
	compiled.ShflDownLane0(&got)
	require.Equal(t, fmt.Sprint(steps[0]), fmt.Sprint(got[0]), "lane 0 of %v", *vals)
	if f, ok := any(got[0]).(float64); ok {
		require.Equal(t, math.Float64bits(any(steps[0]).(float64)), math.Float64bits(f), "bits of lane 0 of %v", *vals)
	}
	if f, ok := any(got[0]).(float32); ok {
		require.Equal(t, math.Float32bits(any(steps[0]).(float32)), math.Float32bits(f), "bits of lane 0 of %v", *vals)
	}
	require.Equal(t, vals[1:], got[1:], "other lanes changed")
}
