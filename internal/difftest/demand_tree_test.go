package difftest

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gocuda/gocuda/gocuda"
)

// treeSums returns the elements of s, a block's shared memory, after
// DemandTree's steps from start in warp 0.
func treeSums(s []float32, start int) []float32 {
	s = append([]float32(nil), s...)
	v := append([]float32(nil), s[:32]...)
	for d := start; d > 0; d /= 2 {
		for l := range v {
			v[l] += s[l+d]
		}
		copy(s, v)
	}
	return s
}

// TestDemandTree: thread 0 reads the first four elements a warp's tree
// left in shared memory, offsets halving from 32, 16, 20 (its steps by
// 20, 10, 5, 2 and 1 overlap) and 40 (past the warp), in one-dimensional
// blocks (the steps narrow; a block of 48 threads has a partial warp)
// and blocks of two rows (they do not).
func TestDemandTree(t *testing.T) {
	for _, block := range []gocuda.Dim3{{X: 64, Y: 1}, {X: 96, Y: 1}, {X: 48, Y: 1}, {X: 64, Y: 2}, {X: 32, Y: 2}} {
		for _, start := range []int{32, 16, 20, 40} {
			if start+31 >= 2*block.X {
				continue
			}
			t.Run(fmt.Sprintf("%dx%d/%d", block.X, block.Y, start), func(t *testing.T) {
				const grid = 3
				in := finiteInput(grid * 2 * block.X)
				want := make([]float32, 4*grid)
				for b := range grid {
					copy(want[4*b:], treeSums(in[2*block.X*b:2*block.X*(b+1)], start)[:4])
				}
				got := agreeSIMD(t, func(f form) ([]uint32, error) {
					out := make([]float32, 4*grid)
					err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: block}, DemandTreeKernel(in, out, start))
					return bitsOf(out), err
				})
				assert.Equal(t, bitsOf(want), got)
			})
		}
	}
}

// TestDemandTreeAll: thread 0 reads every element the warp stored, at
// an index that is not a constant.
func TestDemandTreeAll(t *testing.T) {
	const grid, block, start = 2, 64, 32
	in := finiteInput(grid * 2 * block)
	want := make([]float32, 32*grid)
	for b := range grid {
		copy(want[32*b:], treeSums(in[2*block*b:2*block*(b+1)], start)[:32])
	}
	got := agreeSIMD(t, func(f form) ([]uint32, error) {
		out := make([]float32, 32*grid)
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: gocuda.Dim3{X: block}}, DemandTreeAllKernel(in, out, start))
		return bitsOf(out), err
	})
	assert.Equal(t, bitsOf(want), got)
}

// TestDemandTreeKept: thread 0 reads lane 5's element through an array
// that kept the slice, or a copy made with the thread's index (the
// steps must run lane 5 too).
func TestDemandTreeKept(t *testing.T) {
	const grid, block, start = 2, 64, 32
	in := finiteInput(grid * 2 * block)
	want := make([]float32, grid)
	for b := range grid {
		s := treeSums(in[2*block*b:2*block*(b+1)], start)
		want[b] = s[0] + s[5]
	}
	got := agreeSIMD(t, func(f form) ([]uint32, error) {
		out := make([]float32, grid)
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: gocuda.Dim3{X: block}}, DemandTreeKeptKernel(in, out, start))
		return bitsOf(out), err
	})
	assert.Equal(t, bitsOf(want), got)
	got = agreeSIMD(t, func(f form) ([]uint32, error) {
		out := make([]float32, grid)
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: gocuda.Dim3{X: block}}, DemandTreeCopiedKernel(in, out, start))
		return bitsOf(out), err
	})
	assert.Equal(t, bitsOf(want), got, "a copy made with the thread's index")
}

// TestDemandTreeMax: the loop-form tree over int32 maxima, worded with
// max, leaves in thread 0's four elements what the host's steps leave,
// in one- and two-dimensional blocks.
func TestDemandTreeMax(t *testing.T) {
	for _, block := range []gocuda.Dim3{{X: 64, Y: 1}, {X: 48, Y: 1}, {X: 64, Y: 2}} {
		for _, start := range []int{32, 16, 20} {
			t.Run(fmt.Sprintf("%dx%d/%d", block.X, block.Y, start), func(t *testing.T) {
				const grid = 3
				in := randInts(grid * 2 * block.X)
				want := make([]int32, 4*grid)
				for b := range grid {
					s := append([]int32(nil), in[2*block.X*b:2*block.X*(b+1)]...)
					v := append([]int32(nil), s[:32]...)
					for d := start; d > 0; d /= 2 {
						for l := range v {
							v[l] = max(s[l+d], v[l])
						}
						copy(s, v)
					}
					copy(want[4*b:], s[:4])
				}
				got := agreeSIMD(t, func(f form) ([]int32, error) {
					out := make([]int32, 4*grid)
					err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: block}, DemandTreeMaxKernel(in, out, start))
					return out, err
				})
				assert.Equal(t, want, got)
			})
		}
	}
}
