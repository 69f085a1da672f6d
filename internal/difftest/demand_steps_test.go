package difftest

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gocuda/gocuda/gocuda"
)

// TestDemandSteps: thread 0 reads the first four elements a warp's tree
// written out step by step left in shared memory, in one-dimensional
// blocks (the steps narrow; a block of 48 threads has a partial warp)
// and blocks of two rows (they do not).
func TestDemandSteps(t *testing.T) {
	for _, block := range []gocuda.Dim3{{X: 64, Y: 1}, {X: 96, Y: 1}, {X: 48, Y: 1}, {X: 64, Y: 2}, {X: 32, Y: 2}} {
		t.Run(fmt.Sprintf("%dx%d", block.X, block.Y), func(t *testing.T) {
			const grid = 3
			in := finiteInput(grid * 2 * block.X)
			want := make([]float32, 4*grid)
			for b := range grid {
				copy(want[4*b:], treeSums(in[2*block.X*b:2*block.X*(b+1)], 32)[:4])
			}
			got := agreeSIMD(t, func(f form) ([]uint32, error) {
				out := make([]float32, 4*grid)
				err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: block}, DemandStepsKernel(in, out))
				return bitsOf(out), err
			})
			assert.Equal(t, bitsOf(want), got)
		})
	}
}

// TestDemandStepsMax: the written-out tree over int32 maxima, worded
// with max, leaves each block's maximum in its first element.
func TestDemandStepsMax(t *testing.T) {
	for _, bs := range []int{64, 96, 128} {
		t.Run(fmt.Sprintf("block=%d", bs), func(t *testing.T) {
			const grid = 5
			in := randInts(grid * 2 * bs)
			want := make([]int32, grid)
			for b := range grid {
				m := in[2*bs*b]
				for _, x := range in[2*bs*b : 2*bs*(b+1)][:64] {
					m = max(m, x)
				}
				want[b] = m
			}
			got := agreeSIMD(t, func(f form) ([]int32, error) {
				out := make([]int32, grid)
				err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: gocuda.Dim3{X: bs}}, DemandStepsMaxKernel(in, out))
				return out, err
			})
			assert.Equal(t, want, got)
		})
	}
}
