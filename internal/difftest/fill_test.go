package difftest

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// fillInput returns n int32s, none zero, so that what a block leaves in
// shared memory differs from the zeros the next must read.
func fillInput(n int) []int32 {
	x := make([]int32, n)
	for i := range x {
		x[i] = int32(rand.IntN(1000) + 1)
	}
	return x
}

// TestFill: a block's shared slice reads, after its first loop, what
// that loop wrote and zero elsewhere, on both paths, with more blocks than
// workers so that each worker's blocks reuse its shared memory: whole
// tiles written pairwise (the shared pass spares their zeroing), a tile
// declared larger than the loop writes (the run-time check keeps it), and
// loops the pass must leave (a gap, a guard, an addition, a read before
// the store, a return).
func TestFill(t *testing.T) {
	const grid = 7
	for _, b := range []int{1, 3, 32, 64, 100} {
		t.Run(fmt.Sprintf("b%d", b), func(t *testing.T) {
			cfg := gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: gocuda.Dim3{X: b}}
			data := fillInput(grid * 2 * b)
			for _, per := range []int{2, 3} {
				m := per * b
				got := agree(t, func(f form) ([]int32, error) {
					out := make([]int32, grid*m)
					return out, f.launch(cfg, FillPairsKernel(data, out, per))
				})
				for blk := range grid {
					s := make([]int32, m)
					copy(s, data[blk*2*b:][:2*b])
					for k := range m {
						require.Equal(t, s[k]+s[m-1-k], got[blk*m+k], "per %d, block %d, element %d", per, blk, k)
					}
				}
			}
			got := agree(t, func(f form) ([]int32, error) {
				out := make([]int32, grid*2*b)
				return out, f.launch(cfg, FillGapKernel(data, out))
			})
			for g := range grid * b {
				require.Equal(t, []int32{data[g], 0}, got[2*g:][:2], "gap: thread %d", g)
			}
			for variant := range 2 {
				got := agree(t, func(f form) ([]int32, error) {
					out := make([]int32, grid*b)
					return out, f.launch(cfg, FillGuardedKernel(data, out, variant))
				})
				for g := range grid * b {
					i, mirror := g%b, g-g%b+b-1-g%b
					want := data[g] + data[mirror]
					if variant == 0 {
						want = 0
						for _, j := range []int{g, mirror} {
							if j%b%3 != 0 {
								want += data[j]
							}
						}
					}
					require.Equal(t, want, got[g], "guarded form %d: thread %d (x %d)", variant, g, i)
				}
			}
			for name, k := range map[string]func(data, out []int32) func(*gocuda.Thread){
				"read first": FillReadFirstKernel, "self": FillSelfKernel,
			} {
				got = agree(t, func(f form) ([]int32, error) {
					out := make([]int32, grid*b)
					return out, f.launch(cfg, k(data, out))
				})
				for g := range grid * b {
					require.Equal(t, data[g]+data[g-g%b+b-1-g%b], got[g], "%s: thread %d", name, g)
				}
			}
			n := grid*b - b/2 - 1
			got = agree(t, func(f form) ([]int32, error) {
				out := make([]int32, grid*b)
				return out, f.launch(cfg, FillReturnKernel(data, out, n))
			})
			after := agree(t, func(f form) ([]int32, error) {
				out := make([]int32, grid*b)
				return out, f.launch(cfg, FillAfterExitKernel(data, out, n))
			})
			require.Equal(t, got, after, "return before a barrier")
			for g := range n {
				mirror := g - g%b + b - 1 - g%b
				want := data[g]
				if mirror < n {
					want += data[mirror]
				}
				require.Equal(t, want, got[g], "return: thread %d", g)
			}
		})
	}
}
