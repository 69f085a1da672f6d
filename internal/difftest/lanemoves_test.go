package difftest

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gocuda/gocuda/gocuda"
)

// TestLaneMoves: a helper's result and a copy of a shuffle's result kept
// across a barrier, in whole warps and a partial last warp, with every
// thread running and with the last threads of each block returning
// first, against a host reference.
func TestLaneMoves(t *testing.T) {
	for _, block := range []int{32, 100} {
		for _, cut := range []int{block, 70} {
			t.Run(fmt.Sprint(block, "/", cut), func(t *testing.T) {
				const blocks = 3
				in := randInts(block*blocks - 5)
				got := agree(t, func(f form) ([]int32, error) {
					out := make([]int32, len(in))
					cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: block}}
					if cut == block {
						return out, f.launch(cfg, LaneMovesKernel(in, out))
					}
					return out, f.launch(cfg, LaneMovesReturnKernel(in, out, cut))
				})
				assert.Equal(t, laneMovesHost(in, block, blocks, cut), got)
			})
		}
	}
}

// laneMovesHost is LaneMovesKernel on the host, warp by warp, for the
// threads below cut of each block.
func laneMovesHost(in []int32, block, blocks, cut int) []int32 {
	return hostWarps(in, len(in), block, blocks, min(block, cut), nil, func(v []int32) []int32 {
		x := scanStepsHost(v)
		out := make([]int32, len(x))
		for j := range x {
			out[j] = 2*lane(x, j, j^3) + x[j]
		}
		return out
	})
}

// TestGuardedLaneLoad: loads under a guard the row's check decides (i <
// len(in), in shorter than the grid) and under one it does not (i&1 ==
// 0), in whole warps and a partial last warp, against a host reference.
func TestGuardedLaneLoad(t *testing.T) {
	const block, blocks = 100, 3
	for _, lanesGuard := range []bool{false, true} {
		t.Run(fmt.Sprint(lanesGuard), func(t *testing.T) {
			n := block * blocks
			if !lanesGuard {
				n -= 40
			}
			in := randInts(n)
			got := agree(t, func(f form) ([]int32, error) {
				out := make([]int32, block*blocks)
				cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: block}}
				if lanesGuard {
					return out, f.launch(cfg, LaneGuardLoadKernel(in, out, 1))
				}
				return out, f.launch(cfg, GuardedLaneLoadKernel(in, out))
			})
			assert.Equal(t, guardedLoadHost(in, block, blocks, lanesGuard), got)
		})
	}
}

// guardedLoadHost is GuardedLaneLoadKernel (or LaneGuardLoadKernel, k 1,
// where lanesGuard) on the host, warp by warp.
func guardedLoadHost(in []int32, block, blocks int, lanesGuard bool) []int32 {
	load := func(i int) bool { return !lanesGuard || i&1 == 0 }
	return hostWarps(in, block*blocks, block, blocks, block, load, func(v []int32) []int32 {
		for d := 1; d < 32; d *= 2 { // a lane whose partner is past the warp reads its own
			next := make([]int32, len(v))
			for j := range next {
				next[j] = v[j] + 2*lane(v, j, j^d)
			}
			v = next
		}
		return v
	})
}

// TestShiftMoves: shuffles up by 3 and down by 5 kept across a barrier,
// in whole warps and a partial last warp (where a lane whose source is
// past the warp's last thread keeps its own value), against a host
// reference.
func TestShiftMoves(t *testing.T) {
	const block, blocks = 100, 3
	in := randInts(block*blocks - 7)
	got := agree(t, func(f form) ([]int32, error) {
		out := make([]int32, len(in))
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: block}}
		return out, f.launch(cfg, ShiftMovesKernel(in, out))
	})
	want := hostWarps(in, len(in), block, blocks, block, nil, func(v []int32) []int32 {
		x := make([]int32, len(v))
		for j := range x {
			x[j] = v[j] + lane(v, j, j^1)
		}
		out := make([]int32, len(x))
		for j := range x {
			out[j] = 2*lane(x, j, j-3) - lane(x, j, j+5)
		}
		return out
	})
	assert.Equal(t, want, got)
}
