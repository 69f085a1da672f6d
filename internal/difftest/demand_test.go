package difftest

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gocuda/gocuda/gocuda"
)

// finiteInput returns n finite floats of varied magnitude and sign, whose
// sums depend on the order of their additions and none of which is
// infinite (a sum with one would hide which values it added).
func finiteInput(n int) []float32 {
	in := make([]float32, n)
	for i := range in {
		in[i] = float32(rand.NormFloat64() * math.Pow(10, float64(rand.IntN(7)-3)))
	}
	return in
}

// shuffleDownSums returns each lane's value after a shuffle-down
// reduction of vals, a warp's, with offsets halving from start, as CUDA
// defines it: a lane whose source is past the warp adds its own value.
func shuffleDownSums(vals []float32, start int) []float32 {
	v := append([]float32(nil), vals...)
	for d := start; d > 0; d /= 2 {
		next := make([]float32, len(v))
		for l := range v {
			src := v[l]
			if s := l + d%32; s < 32 {
				src = v[s]
			}
			next[l] = v[l] + src
		}
		v = next
	}
	return v
}

// TestDemandRows: the first thread of each row reads a warp reduction's
// value after a barrier, in one-dimensional blocks (only lane 0 of warp
// 0 is read: the steps narrow) and in blocks of rows of 16 and 8 threads
// (the lanes at each row's start are read: the steps add every lane).
func TestDemandRows(t *testing.T) {
	for _, block := range []gocuda.Dim3{{X: 64, Y: 1}, {X: 96, Y: 1}, {X: 16, Y: 4}, {X: 8, Y: 8}} {
		t.Run(fmt.Sprintf("%dx%d", block.X, block.Y), func(t *testing.T) {
			const grid = 3
			n := block.X * block.Y
			in := finiteInput(grid * n)
			want := make([]float32, grid*block.Y)
			for b := range grid {
				for y := range block.Y {
					rank := y * block.X
					w := rank / 32
					want[b*block.Y+y] = shuffleDownSums(in[b*n+32*w:b*n+32*w+32], 16)[rank%32]
				}
			}
			got := agreeSIMD(t, func(f form) ([]uint32, error) {
				out := make([]float32, grid*block.Y)
				err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: block}, DemandRowsKernel(in, out))
				return bitsOf(out), err
			})
			assert.Equal(t, bitsOf(want), got)
		})
	}
}

// TestDemandLanes: lanes 0 to 2 read a reduction's partial sums, from
// offsets halving from 16, from 8, from 20 (its steps by 20, 10, 5, 2
// and 1 overlap), and from 40 (a step past the warp wraps to 8).
func TestDemandLanes(t *testing.T) {
	for _, start := range []int{16, 8, 20, 40} {
		t.Run(fmt.Sprint(start), func(t *testing.T) {
			const n = 128
			in := finiteInput(n)
			want := make([]float32, 3*n/32)
			for w := range n / 32 {
				copy(want[3*w:], shuffleDownSums(in[32*w:32*w+32], start)[:3])
			}
			got := agreeSIMD(t, func(f form) ([]uint32, error) {
				out := make([]float32, 3*n/32)
				err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: 64}}, DemandLanesKernel(in, out, start))
				return bitsOf(out), err
			})
			assert.Equal(t, bitsOf(want), got)
		})
	}
}

// TestDemandBranch: a branch on every lane's partial sum, in a warp loop
// after the reduction's, reads every lane: the lanes whose sums are
// positive count each other as the host does.
func TestDemandBranch(t *testing.T) {
	const n = 256
	in := finiteInput(n)
	want := make([]float32, n)
	for w := range n / 32 {
		sums := shuffleDownSums(in[32*w:32*w+32], 16)
		count := 0
		for _, s := range sums {
			if s > 0 {
				count++
			}
		}
		for l, s := range sums {
			want[32*w+l] = -1
			if s > 0 {
				want[32*w+l] = float32(count)
			}
		}
	}
	got := agreeSIMD(t, func(f form) ([]uint32, error) {
		out := make([]float32, n)
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: 128}}, DemandBranchKernel(in, out))
		return bitsOf(out), err
	})
	assert.Equal(t, bitsOf(want), got)
}
