package compiled_test

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/compiled"
)

// TestShflAddSteps checks ShflAddSteps against the ShflAddWarp calls its
// steps stand for, one after another: runs of one to twenty steps (a run
// completed whenever it is full, as generated code does), of the three
// shuffles, random distances (some past 31) and ranges (some empty or
// past the warp's edges), for the types the SIMD build keeps in registers
// and others, with the vector steps and without.
func TestShflAddSteps(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	had, had512 := compiled.SIMD, compiled.SIMD512
	defer func() { compiled.SIMD, compiled.SIMD512 = had, had512 }()
	for _, simd := range []bool{true, false} {
		compiled.SIMD, compiled.SIMD512 = had && simd, had512 && simd
		t.Run("float32", func(t *testing.T) { checkShflSteps(t, r, func() float32 { return r.Float32()*8 - 4 }) })
		t.Run("int32", func(t *testing.T) { checkShflSteps(t, r, func() int32 { return int32(r.Uint32()) }) })
		t.Run("float64", func(t *testing.T) { checkShflSteps(t, r, func() float64 { return r.Float64()*8 - 4 }) })
	}
}

// checkShflSteps is TestShflAddSteps for values from gen.
func checkShflSteps[T compiled.Number](t *testing.T, r *rand.Rand, gen func() T) {
	for range 300 {
		s := []compiled.Shuffle{compiled.ShflUp, compiled.ShflDown, compiled.ShflXor}[r.IntN(3)]
		var vals [32]T
		for i := range vals {
			vals[i] = gen()
		}
		want := vals
		var run compiled.ShflSteps
		steps := 1 + r.IntN(20)
		for range steps {
			d, lo, hi := r.IntN(40), r.IntN(40)-4, r.IntN(40)
			if r.IntN(2) == 0 {
				lo, hi = 0, 32
			}
			compiled.ShflAddWarp(s, &want, d, lo, hi)
			run.Add(d, lo, hi)
			if run.Full() {
				compiled.ShflAddSteps(s, &vals, &run)
			}
		}
		compiled.ShflAddSteps(s, &vals, &run)
		require.Equal(t, want, vals, "shuffle %d, %d steps", s, steps)
	}
}
