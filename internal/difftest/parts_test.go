package difftest

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// partsInputs returns n random bodies and particles, half of them charged.
func partsInputs(n int) ([][4]float32, []partsParticle) {
	bodies, ps := make([][4]float32, n), make([]partsParticle, n)
	for i := range n {
		for c := range 4 {
			bodies[i][c] = rand.Float32()*4 - 2
		}
		ps[i] = partsParticle{X: rand.Float32(), V: rand.Float32() - 0.5, ID: rand.Int32N(1000), Charge: rand.Float32() - 0.5}
	}
	return bodies, ps
}

// partsHost is PartsKernel's effect on thread i's elements.
func partsHost(bodies [][4]float32, ps []partsParticle, acc [][3]float32, dt float32, i int) {
	m := bodies[i][3]
	if ps[i].Charge > 0 {
		ps[i].X += ps[i].V * dt
		ps[i].V -= m
	}
	acc[i] = [3]float32{bodies[i][0] * m, ps[i].X, float32(ps[i].ID)}
	ps[i] = partsParticle{ID: ps[i].ID + 1, X: ps[i].X, V: ps[i].V, Charge: -ps[i].Charge}
}

// partsResult is what PartsKernel leaves, as bits so that results compare
// exactly.
type partsResult struct {
	Acc []uint32
	Ps  []partsParticle
}

// TestParts: the parts of elements read and written at the thread's index
// agree on every form (the SIMD build's steps gather and scatter them
// lane by lane) and with the host, for sizes inside a step, at its edges
// and past a block.
func TestParts(t *testing.T) {
	const dt = 0.25
	for _, n := range []int{1, 7, 8, 9, 64, 100, 1000} {
		bodies, ps := partsInputs(n)
		got := agreeSIMD(t, func(f form) (partsResult, error) {
			mine, acc := append([]partsParticle(nil), ps...), make([][3]float32, n)
			err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, 64)}, Block: gocuda.Dim3{X: 64}}, PartsKernel(bodies, mine, acc, dt))
			return partsResult{bitsOf(flat3(acc)), mine}, err
		})
		want, acc := append([]partsParticle(nil), ps...), make([][3]float32, n)
		for i := range n {
			partsHost(bodies, want, acc, dt, i)
		}
		require.Equal(t, partsResult{bitsOf(flat3(acc)), want}, got, "n %d", n)
	}
}

// TestPartsFailure: with bodies eleven elements short, the first thread
// past its end fails its read, on both paths, with the same message.
func TestPartsFailure(t *testing.T) {
	const n = 100
	bodies, ps := partsInputs(n)
	var errs [2]*gocuda.KernelError
	for i, f := range forms {
		acc := make([][3]float32, n)
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: 64}}, PartsKernel(bodies[:n-11], ps, acc, 0.5))
		require.True(t, errors.As(err, &errs[i]), "%s: %v", f.name, err)
		assert.ErrorIs(t, err, gocuda.ErrIllegalAddress, f.name)
	}
	assert.Equal(t, gocuda.Dim3{X: 1}, errs[0].Block, "compiled")
	assert.Equal(t, gocuda.Dim3{X: n - 11 - 64}, errs[0].Thread, "compiled: the first thread past the end")
	assert.Equal(t, errs[1].Value, errs[0].Value, "the message")
}

// flat3 returns s's floats in order.
func flat3(s [][3]float32) []float32 {
	out := make([]float32, 0, 3*len(s))
	for _, e := range s {
		out = append(out, e[:]...)
	}
	return out
}

// TestPartsSum: PartsSumKernel's sums agree on every form and with the
// host, added in the same order.
func TestPartsSum(t *testing.T) {
	for _, n := range []int{1, 8, 13, 200} {
		_, ps := partsInputs(n)
		got := agreeSIMD(t, func(f form) ([]uint32, error) {
			out := make([]float32, n)
			err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, 64)}, Block: gocuda.Dim3{X: 64}}, PartsSumKernel(ps, out))
			return bitsOf(out), err
		})
		want := make([]float32, n)
		for i := range n {
			for j := range n {
				want[i] += ps[j].X - ps[i].X
			}
		}
		require.Equal(t, bitsOf(want), got, "n %d", n)
	}
}
