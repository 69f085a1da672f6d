package difftest

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestScalarParts: a local array read at constant indexes, scalarized in
// the compiled forms (and vectorized in the SIMD build), agrees with the
// host bit for bit; a thread whose copy reads past the end fails at its
// own index on every form.
func TestScalarParts(t *testing.T) {
	const n = 100
	bodies := make([][4]float32, n)
	for i, v := range randF(4 * n) {
		bodies[i/4][i%4] = v
	}
	want := make([]float32, n)
	for i := range want {
		pi := bodies[i]
		var sum float32
		for j := range bodies {
			dx, dy := bodies[j][0]-pi[0], bodies[j][1]-pi[1]
			sum += dx*dx + dy*dy + pi[3]
		}
		want[i] = sum + pi[0] + (pi[1] + 1)
	}
	bits32 := func(s []float32) []uint32 {
		out := make([]uint32, len(s))
		for i, v := range s {
			out[i] = math.Float32bits(v)
		}
		return out
	}
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: 64}}
	got := agreeSIMD(t, func(f form) ([]uint32, error) {
		out := make([]float32, n)
		err := f.launch(cfg, ScalarPartsKernel(bodies, out, -1))
		return bits32(out), err
	})
	require.Equal(t, bits32(want), got)
	for _, e := range failuresAgree(t, cfg, func() func(*gocuda.Thread) { return ScalarPartsKernel(bodies, make([]float32, n), 70) }) {
		assert.ErrorIs(t, e, gocuda.ErrIllegalAddress)
		assert.Equal(t, gocuda.Dim3{X: 1}, e.Block)
		assert.Equal(t, gocuda.Dim3{X: 6}, e.Thread)
	}
}
