package difftest

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gocuda/gocuda/gocuda"
)

// laneReadHost is LaneReadKernel on the host for blocks of bdx×bdy
// threads: each warp's lanes in lockstep, a lane past the block's end (a
// partial warp's) reading its own value.
func laneReadHost(in []float32, grid, bdx, bdy, off int) []float32 {
	bd := bdx * bdy
	out := make([]float32, grid*bd)
	for b := range grid {
		for w := 0; w < bd; w += 32 {
			lanes := min(32, bd-w)
			at := func(l, o int) float32 { return in[off+b*bd+(w+l)%bdx+o] }
			v := make([]float32, lanes)
			for l := range v {
				v[l] = at(l, 0)
			}
			for o := 16; o > 0; o /= 2 {
				next := make([]float32, lanes)
				for l := range v {
					src := v[l]
					if l+o < lanes {
						src = v[l+o]
					}
					next[l] = v[l] + src + at(l, o)*0.5
				}
				v = next
			}
			copy(out[b*bd+w:], v)
		}
	}
	return out
}

// TestLaneRead: lane loops reading in at the thread's index plus a
// warp-uniform offset give the host's values on both paths, for whole
// warps (the unchecked lanes), a partial last warp, warps that do not
// start a row of x (blocks of 48 threads) and warps that span rows (blocks
// of 16×4), with and without an offset.
func TestLaneRead(t *testing.T) {
	const grid = 3
	for _, bd := range []gocuda.Dim3{{X: 64, Y: 1}, {X: 96, Y: 1}, {X: 48, Y: 1}, {X: 16, Y: 4}} {
		for _, off := range []int{0, 5} {
			t.Run(fmt.Sprintf("block=%dx%d/off=%d", bd.X, bd.Y, off), func(t *testing.T) {
				n := bd.X * bd.Y
				in := portableInput(off + grid*n + 16)
				want := laneReadHost(in, grid, bd.X, bd.Y, off)
				got := agreeSIMD(t, func(f form) ([]uint32, error) {
					out := make([]float32, grid*n)
					err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: bd}, LaneReadKernel(in, out, off))
					return bitsOf(out), err
				})
				assert.Equal(t, bitsOf(want), got)
			})
		}
	}
}

// TestLaneReadFailure: where a warp's reads pass the end of in, the
// launch fails at the lane out of range, with Go's message, on both
// paths: block 2's thread 63, whose read at the first offset (16) passes
// the end when in ends 15 past the grid's threads (its warp's row check
// fails, and the usual loop runs); and thread 47, of the partial second
// warp of a block of 48 threads. (Only one lane fails in each: where
// several lanes of a warp fail after a collective, the runtime path
// reports the last of them, compiled kernels the first.)
func TestLaneReadFailure(t *testing.T) {
	for _, c := range []struct {
		n, grid, block int
		blk, thread    gocuda.Dim3
		msg            string
	}{
		{3*64 + 15, 3, 64, gocuda.Dim3{X: 2}, gocuda.Dim3{X: 63}, "index out of range [207] with length 207"},
		{48 + 15, 1, 48, gocuda.Dim3{}, gocuda.Dim3{X: 47}, "index out of range [63] with length 63"},
	} {
		in := portableInput(c.n)
		errs := failuresAgree(t, gocuda.Config{Grid: gocuda.Dim3{X: c.grid}, Block: gocuda.Dim3{X: c.block}}, func() func(*gocuda.Thread) {
			return LaneReadKernel(in, make([]float32, c.grid*c.block), 0)
		})
		for _, e := range errs {
			assert.ErrorIs(t, e, gocuda.ErrIllegalAddress)
			assert.Equal(t, c.blk, e.Block, "n=%d", c.n)
			assert.Equal(t, c.thread, e.Thread, "n=%d", c.n)
			assert.Contains(t, fmt.Sprint(e.Value), c.msg)
		}
	}
}
