package hecbenchltoz

import (
	"math"
	"math/rand/v2"

	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// A form is one way of running a kernel: compiled, or on the runtime path.
type form struct {
	name    string
	runtime bool
}

var forms = []form{{"compiled", false}, {"runtime", true}}

// launch launches kernel with cfg on the form's path.
func (f form) launch(cfg gocuda.Config, kernel func(*gocuda.Thread)) error {
	cfg.RuntimePath = f.runtime
	return dev.Launch(cfg, kernel)
}

// agree runs run on both forms and requires equal results, returning the
// compiled one: for kernels whose result does not depend on the order in
// which threads or blocks run.
func agree[T any](t *testing.T, run func(f form) (T, error)) T {
	t.Helper()
	got := both(t, run)
	require.Equal(t, got[1], got[0], "compiled form differs from the runtime path")
	return got[0]
}

// both runs run on both forms and returns both results, compiled first: for
// kernels whose result depends on the order of atomics between blocks.
func both[T any](t *testing.T, run func(f form) (T, error)) [2]T {
	t.Helper()
	var got [2]T
	for i, f := range forms {
		var err error
		got[i], err = run(f)
		require.NoError(t, err, f.name)
	}
	return got
}

// rng is a generator seeded by the test's sizes, so that every run draws
// the same inputs.
func rng(seed ...int) *rand.Rand {
	var s uint64 = 1
	for _, v := range seed {
		s = s*1000003 + uint64(v)
	}
	return rand.New(rand.NewPCG(s, 7))
}

// randF32 returns n floats in [-1, 1).
func randF32(r *rand.Rand, n int) []float32 {
	s := make([]float32, n)
	for i := range s {
		s[i] = 2*r.Float32() - 1
	}
	return s
}

// nearSlice requires got to equal want element by element within tol,
// relative to max(1, |want|).
func nearSlice[T float32 | float64](t *testing.T, want, got []T, tol float64, msg string, args ...any) {
	t.Helper()
	require.Len(t, got, len(want), append([]any{msg}, args...)...)
	for i := range want {
		w, g := float64(want[i]), float64(got[i])
		if math.Abs(w-g) > tol*max(1, math.Abs(w)) {
			require.Failf(t, "not near", "element %d: want %v, got %v (tol %v); "+msg, append([]any{i, w, g, tol}, args...)...)
		}
	}
}
