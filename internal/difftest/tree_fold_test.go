package difftest

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// foldedTree returns a block's shared memory s after the steps of a tree
// from start down to the last above stop, each step's threads (those
// below it and below b) reading before any writes.
func foldedTree[T float32 | int32](s []T, b, start, stop int) []T {
	s = append([]T(nil), s...)
	for d := start; d > stop; d /= 2 {
		next := append([]T(nil), s...)
		for tid := range min(d, b) {
			next[tid] = s[tid] + s[tid+d]
		}
		s = next
	}
	return s
}

// TestTreeFold: trees over shared memory from a step of half the block
// (Harris's), of the whole block, odd steps (whose halves round down),
// and steps more than half the block, or than the whole block (whose
// threads past the block's end do not exist), stopping at 0 and above, in blocks of whole warps and not;
// both forms must give the tree's sums (float32 values of mixed
// magnitudes, whose order shows; wrapping int32s).
func TestTreeFold(t *testing.T) {
	for _, b := range []int{64, 96, 100, 13} {
		for _, start := range []int{b / 2, b, b - 3, 3 * b / 4, 5, 1, 2 * b, 3*b/2 + 1} {
			for _, stop := range []int{0, 1, 2, 7} {
				t.Run(fmt.Sprintf("%d/%d/%d", b, start, stop), func(t *testing.T) {
					const grid = 3
					cfg := gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: gocuda.Dim3{X: b}}
					in := finiteInput(grid * 4 * b)
					got := agree(t, func(f form) ([]float32, error) {
						out := make([]float32, 3*grid)
						return out, f.launch(cfg, TreeFoldKernel(in, out, start, stop))
					})
					ints := make([]int32, len(in))
					for i := range ints {
						ints[i] = int32(rand.Uint32())
					}
					gotInts := agree(t, func(f form) ([]int32, error) {
						out := make([]int32, 4*grid)
						return out, f.launch(cfg, TreeFoldIntKernel(ints, out, start, stop))
					})
					gotKept := agree(t, func(f form) ([]float32, error) {
						out := make([]float32, 8*grid)
						return out, f.launch(cfg, TreeFoldKeptKernel(in, out, start, stop))
					})
					for blk := range grid {
						want := foldedTree(in[4*b*blk:][:4*b], b, start, stop)
						require.Equal(t, want[:3], got[3*blk:][:3], "block %d", blk)
						require.Equal(t, want[:8], gotKept[8*blk:][:8], "block %d", blk)
						wantInts := foldedTree(ints[4*b*blk:][:4*b], b, start, stop)
						require.Equal(t, wantInts[:4], gotInts[4*blk:][:4], "block %d", blk)
					}
				})
			}
		}
	}
}

// lastWarp returns sdata[0] after Harris's last warp over s, a block's
// shared memory: lanes [0, min(b, 32)) of warp 0 add the element offset
// above theirs, offsets halving from 32, all reading before any writes.
func lastWarp(s []float32, b int) float32 {
	s = append([]float32(nil), s...)
	for d := 32; d > 0; d /= 2 {
		next := append([]float32(nil), s...)
		for l := range min(b, 32) {
			next[l] = s[l] + s[l+d]
		}
		s = next
	}
	return s[0]
}

// TestTreeFoldWarp: Harris's kernel 5, in blocks of whole warps, of a
// partial last warp, of one warp and of less than one (whose warp's
// lanes past the block do not run), from steps of half the block and
// more; both forms must give the sum lane 0 adds.
func TestTreeFoldWarp(t *testing.T) {
	for _, b := range []int{128, 64, 96, 40, 32, 16} {
		for _, start := range []int{b / 2, b, 3*b/2 + 1} {
			t.Run(fmt.Sprintf("%d/%d", b, start), func(t *testing.T) {
				const grid = 3
				cfg := gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: gocuda.Dim3{X: b}}
				in := finiteInput(grid * 4 * b)
				got := agree(t, func(f form) ([]float32, error) {
					out := make([]float32, grid)
					return out, f.launch(cfg, TreeFoldWarpKernel(in, out, start))
				})
				for blk := range grid {
					want := lastWarp(foldedTree(in[4*b*blk:][:4*b], b, start, 32), b)
					require.Equal(t, want, got[blk], "block %d", blk)
				}
			})
		}
	}
}
