package difftest

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// pairSums returns what lane 0 of each warp of WarpPairKernel writes, in
// a grid of blocks of b threads (whole warps) in rows of bdx: each
// lane's two elements (zero past in's end), then the warp's five
// shuffle-down steps.
func pairSums[T float32 | int32](in []T, grid, b, bdx int) []T {
	at := func(i int) T { return pairAtHost(in, i) }
	var out []T
	for blk := range grid {
		for w := range b / 32 {
			v := make([]T, 32)
			for l := range v {
				x := (w*32 + l) % bdx
				i := blk*2*bdx + x
				v[l] = at(i) + at(i+bdx)
			}
			for d := 16; d > 0; d /= 2 {
				next := append([]T(nil), v...)
				for l := range 32 - d {
					next[l] = v[l] + v[l+d]
				}
				v = next
			}
			out = append(out, v[0])
		}
	}
	return out
}

// TestWarpPair: Luitjens's warps in one-dimensional blocks of one to
// four warps, whose last block's rows lie past the input's end (its
// warps run as written), and in two-dimensional blocks (as written
// throughout); both forms must give each warp's sum, float32 values of
// mixed magnitudes (whose order shows) and wrapping int32s; and a
// kernel reading every lane's partial sums (as written).
func TestWarpPair(t *testing.T) {
	shapes := []gocuda.Dim3{{X: 32, Y: 1}, {X: 64, Y: 1}, {X: 96, Y: 1}, {X: 128, Y: 1}, {X: 32, Y: 2}, {X: 64, Y: 3}}
	for _, blk := range shapes {
		b := blk.X * blk.Y
		for _, short := range []int{0, 1, 33, blk.X + 5} {
			t.Run(fmt.Sprintf("%dx%d/short%d", blk.X, blk.Y, short), func(t *testing.T) {
				const grid = 3
				cfg := gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: blk}
				in := finiteInput(grid*2*blk.X - short)
				got := agree(t, func(f form) ([]float32, error) {
					out := make([]float32, grid*b/32)
					return out, f.launch(cfg, WarpPairKernel(in, out))
				})
				require.Equal(t, pairSums(in, grid, b, blk.X), got)
				if blk.Y > 1 {
					return // WarpPairIntKernel indexes warps of one-dimensional blocks
				}
				ints := make([]int32, len(in))
				for i := range ints {
					ints[i] = int32(rand.Uint32())
				}
				gotInts := agree(t, func(f form) ([]int32, error) {
					out := make([]int32, grid*b/32)
					return out, f.launch(cfg, WarpPairIntKernel(ints, out))
				})
				require.Equal(t, pairSums(ints, grid, b, blk.X), gotInts)
				every := agree(t, func(f form) ([]float32, error) {
					out := make([]float32, grid*b)
					return out, f.launch(cfg, WarpPairEveryKernel(in, out))
				})
				for blk := range grid {
					for w := range b / 32 {
						v := make([]float32, 32)
						for l := range v {
							i := blk*2*b + w*32 + l
							v[l] = pairAtHost(in, i) + pairAtHost(in, i+b)
						}
						require.Equal(t, shuffleDownSums(v, 16), every[blk*b+w*32:][:32], "block %d warp %d", blk, w)
					}
				}
			})
		}
	}
}

// pairAtHost is pairAt on the host.
func pairAtHost[T float32 | int32](in []T, i int) T {
	if i < len(in) {
		return in[i]
	}
	return 0
}

// TestWarpPairNegativeZeros: warps of negative zeros sum to negative
// zero in both forms (lane 0 adds only its warp's values: a zero from
// another lane's stale value would make it positive).
func TestWarpPairNegativeZeros(t *testing.T) {
	const grid, b = 2, 128
	in := make([]float32, grid*2*b)
	for i := range in {
		in[i] = float32(math.Copysign(0, -1))
	}
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: gocuda.Dim3{X: b, Y: 1}}
	for _, f := range forms {
		out := make([]float32, grid*b/32)
		require.NoError(t, f.launch(cfg, WarpPairKernel(in, out)), f.name)
		for k, v := range out {
			require.True(t, v == 0 && math.Signbit(float64(v)), "%s: warp %d sums to %v, not -0", f.name, k, v)
		}
	}
}
