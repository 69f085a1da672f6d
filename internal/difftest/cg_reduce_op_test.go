package difftest

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// specialF returns n float32s, some of them NaNs with payloads, infinities
// and zeros of either sign, the rest of mixed magnitudes, so that the
// order of a reduction's steps shows in its bits.
func specialF(n int, r *rand.Rand) []float32 {
	specials := []float32{float32(math.NaN()), math.Float32frombits(0x7fc01234), math.Float32frombits(0xffc00042),
		float32(math.Inf(1)), float32(math.Inf(-1)), 0, float32(math.Copysign(0, -1)), 3e38, -3e38, 1e-45}
	s := make([]float32, n)
	for i := range s {
		if r.IntN(6) == 0 {
			s[i] = specials[r.IntN(len(specials))]
		} else {
			s[i] = float32(r.NormFloat64() * math.Pow(10, float64(r.IntN(12)-6)))
		}
	}
	return s
}

// TestTileReduceOpForms: tile reductions with package cg's operators agree
// bit for bit between the compiled form, which runs whole tiles' steps in
// place, and the runtime path, for every tile size, whole and partial
// last tiles; the int32 sum is each tile's wrapping sum, and on tiles
// without NaNs the minimum and maximum are the host's.
func TestTileReduceOpForms(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 11))
	for _, bs := range []int{32, 48, 100, 256} {
		for size := 1; size <= 32; size *= 2 {
			t.Run(fmt.Sprintf("block=%d/tile=%d", bs, size), func(t *testing.T) {
				const grid = 3
				in := specialF(grid*bs, r)
				got := agree(t, func(f form) ([]TileReduceOut, error) {
					out := make([]TileReduceOut, grid*bs)
					return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: gocuda.Dim3{X: bs}}, TileReduceOpKernel(in, out, size))
				})
				for b := range grid {
					for first := 0; first < bs; first += size {
						tile := in[b*bs+first : b*bs+min(first+size, bs)]
						var isum int32
						lo, hi, nan := tile[0], tile[0], false
						for _, v := range tile {
							isum += int32(math.Float32bits(v))
							lo, hi, nan = min(lo, v), max(hi, v), nan || v != v
						}
						for k := range tile {
							o := got[b*bs+first+k]
							require.Equal(t, isum, o.ISum, "block %d thread %d", b, first+k)
							if !nan && (lo != 0 || hi != 0) { // the sign of a zero depends on the order
								require.Equal(t, lo, math.Float32frombits(o.Min), "block %d thread %d", b, first+k)
								require.Equal(t, hi, math.Float32frombits(o.Max), "block %d thread %d", b, first+k)
							}
						}
					}
				}
			})
		}
	}
}
