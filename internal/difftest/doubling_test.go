package difftest

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gocuda/gocuda/gocuda"
)

// warpScans returns in scanned warp by warp (32 elements from the
// first, a partial warp at the end), each step by d (from 1 while below
// limit, at most 32) adding lane l-d's value of the step before to each
// lane l >= d: ShflUpSync's order.
func warpScans(in []float32, limit int) []float32 {
	out := append([]float32(nil), in...)
	for w := 0; w < len(out); w += 32 {
		v := out[w:min(w+32, len(out))]
		for d := 1; d < min(limit, 32); d *= 2 {
			old := append([]float32(nil), v...)
			for l := d; l < len(v); l++ {
				v[l] = old[l] + old[l-d]
			}
		}
	}
	return out
}

// TestDoublingScan: whole warps (blocks of 64, 96) take the one call,
// the partial warp of a block of 48 and of the grid's end (the block of
// 64 over 100 elements, its exited lanes) the loop as written.
func TestDoublingScan(t *testing.T) {
	for _, c := range []struct{ n, block int }{{128, 64}, {192, 96}, {96, 48}, {100, 64}} {
		t.Run(fmt.Sprintf("%d/%d", c.n, c.block), func(t *testing.T) {
			in := finiteInput(c.n)
			want := make([]float32, c.n)
			for b := 0; b < c.n; b += c.block {
				copy(want[b:], warpScans(in[b:min(b+c.block, c.n)], 33))
			}
			grid := (c.n + c.block - 1) / c.block
			got := agreeSIMD(t, func(f form) ([]uint32, error) {
				out := make([]float32, c.n)
				err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: gocuda.Dim3{X: c.block}}, DoublingScanKernel(in, out))
				return bitsOf(out), err
			})
			assert.Equal(t, bitsOf(want), got)
		})
	}
}

// TestDoublingUpTo: the steps by d add only where d < steps, which holds
// at every step for steps of 32 or more (the one call) and stops them
// early below (the loop as written).
func TestDoublingUpTo(t *testing.T) {
	const n, block = 128, 64
	for _, steps := range []int{0, 1, 4, 9, 16, 32, 40} {
		t.Run(fmt.Sprint(steps), func(t *testing.T) {
			in := finiteInput(n)
			want := make([]float32, n)
			for b := 0; b < n; b += block {
				copy(want[b:], warpScans(in[b:b+block], steps))
			}
			got := agreeSIMD(t, func(f form) ([]uint32, error) {
				out := make([]float32, n)
				err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: n / block}, Block: gocuda.Dim3{X: block}}, DoublingUpToKernel(in, out, steps))
				return bitsOf(out), err
			})
			assert.Equal(t, bitsOf(want), got)
		})
	}
}

// TestDoublingEight: offsets 1, 2 and 4 alone, in the one call.
func TestDoublingEight(t *testing.T) {
	const n, block = 128, 64
	in := finiteInput(n)
	want := make([]float32, n)
	for b := 0; b < n; b += block {
		copy(want[b:], warpScans(in[b:b+block], 8))
	}
	got := agreeSIMD(t, func(f form) ([]uint32, error) {
		out := make([]float32, n)
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: n / block}, Block: gocuda.Dim3{X: block}}, DoublingEightKernel(in, out))
		return bitsOf(out), err
	})
	assert.Equal(t, bitsOf(want), got)
}

// TestButterfly: butterflies from 16 (the one call's tree, copied to
// every lane), 8 and 32 (steps one by one), over values with infinities
// of both signs (NaN sums, which take the steps one by one), zeros of
// both signs and sums that overflow, in whole warps and in the partial
// warp at the grid's end (its steps as written): the compiled form
// agrees with the runtime path bit for bit. NaNs of several payloads are
// left out: where two meet in a sum, which payload it keeps is not Go's
// to say, and the xor steps (compiled.ShflAddWarp) differ there from the
// runtime path's.
func TestButterfly(t *testing.T) {
	r := rand.New(rand.NewPCG(19, 1))
	specials := []float32{float32(math.Inf(1)), float32(math.Inf(-1)), 0, float32(math.Copysign(0, -1)), 3e38, -3e38}
	for _, start := range []int{16, 8, 32} {
		for _, n := range []int{128, 100} {
			t.Run(fmt.Sprintf("%d/%d", start, n), func(t *testing.T) {
				in := make([]float32, n)
				for i := range in {
					in[i] = float32(r.NormFloat64())
					if r.IntN(12) == 0 {
						in[i] = specials[r.IntN(len(specials))]
					}
				}
				agree(t, func(f form) ([]uint32, error) {
					out := make([]float32, n)
					err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: (n + 63) / 64}, Block: gocuda.Dim3{X: 64}}, ButterflyKernel(in, out, start))
					return bitsOf(out), err
				})
			})
		}
	}
}
