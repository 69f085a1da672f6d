package difftest

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestSweepScan: Blelloch's block scan in blocks of 1 to 1024 threads,
// whose sweeps the compiled form runs three steps at a time where they
// stay in the block: both forms give the same bits on float32 values of
// mixed magnitudes (whose order of additions shows) and on wrapping
// int32s, whose up-sweep tree and scan are those of the sweeps run one
// thread after another on the host, and the exclusive prefix sums; with
// the offset starting at 2, the steps run as written. In blocks whose
// size is not a power of two (some of whose up-sweeps run three steps as
// one, some not), the up-sweep alone gives the host's tree (the whole
// tree, or stopping before the third or second step), and the scan
// fails in both forms, its down-sweep stepping past the tile's start.
func TestSweepScan(t *testing.T) {
	const grid = 3
	for _, b := range []int{1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 96, 128, 512, 1024} {
		t.Run(fmt.Sprintf("b%d", b), func(t *testing.T) {
			cfg := gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: gocuda.Dim3{X: b}}
			in := finiteInput(grid * 2 * b)
			ints := make([]int32, len(in))
			for i := range ints {
				ints[i] = int32(rand.Uint32())
			}
			for _, stop := range []int{0, b / 4, b / 2} {
				up := agree(t, func(f form) ([]int32, error) {
					data := append([]int32(nil), ints...)
					return data, f.launch(cfg, SweepUpKernel(data, stop))
				})
				for blk := range grid {
					require.Equal(t, wideUpHost(ints[blk*2*b:][:2*b], b, stop), up[blk*2*b:][:2*b], "block %d: up-sweep to %d", blk, stop)
				}
			}
			if b&(b-1) != 0 {
				for _, f := range forms {
					require.ErrorIs(t, f.launch(cfg, SweepScanKernel(in, 1)), gocuda.ErrIllegalAddress, f.name)
				}
				return
			}
			for _, start := range []int{1, 2} {
				agree(t, func(f form) ([]float32, error) {
					data := append([]float32(nil), in...)
					return data, f.launch(cfg, SweepScanKernel(data, start))
				})
			}
			type result struct{ scan, tree []int32 }
			got := agree(t, func(f form) (result, error) {
				r := result{append([]int32(nil), ints...), make([]int32, len(ints))}
				return r, f.launch(cfg, SweepScanIntKernel(r.scan, r.tree))
			})
			for blk := range grid {
				x := ints[blk*2*b:][:2*b]
				tree := wideUpHost(x, b, 0)
				scan := downSweepHost(tree)
				require.Equal(t, tree, got.tree[blk*2*b:][:2*b], "block %d: up-sweep", blk)
				require.Equal(t, scan, got.scan[blk*2*b:][:2*b], "block %d: scan", blk)
				var sum int32
				for i, v := range x {
					require.Equal(t, sum, scan[i], "block %d: exclusive sum %d", blk, i)
					sum += v
				}
			}
		})
	}
}

// TestSweepWide: sweeps whose steps have more threads than the block
// (a tile of 2, 4 or 16 elements a thread), where the block's threads
// alone run them, and down-sweeps stopping one or two steps early: the
// compiled form runs three steps as one only where the block has each of
// their threads and all three run, and both forms give the host's
// sweeps, one thread after another, each step's threads below the
// block's size.
func TestSweepWide(t *testing.T) {
	const grid = 2
	for _, b := range []int{4, 8, 32, 64} {
		for _, c := range []struct{ wide, cut int }{{1, 1}, {2, 1}, {8, 1}, {1, 2}, {1, 4}, {2, 2}} {
			t.Run(fmt.Sprintf("b%d/wide%d/cut%d", b, c.wide, c.cut), func(t *testing.T) {
				m := c.wide * 2 * b
				in := make([]int32, grid*m)
				for i := range in {
					in[i] = int32(rand.Uint32())
				}
				cfg := gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: gocuda.Dim3{X: b}}
				got := agree(t, func(f form) ([]int32, error) {
					data := append([]int32(nil), in...)
					return data, f.launch(cfg, SweepWideKernel(data, c.wide, m/c.cut))
				})
				for blk := range grid {
					require.Equal(t, wideHost(in[blk*m:][:m], b, m/c.cut), got[blk*m:][:m], "block %d", blk)
				}
			})
		}
	}
}

// wideUpHost runs SweepWideKernel's up-sweep over x with b threads, down
// to the step of stop threads, returning the tree.
func wideUpHost(x []int32, b, stop int) []int32 {
	temp := append([]int32(nil), x...)
	offset := 1
	for d := len(x) / 2; d > stop; d /= 2 {
		for thid := range min(d, b) {
			temp[offset*(2*thid+2)-1] += temp[offset*(2*thid+1)-1]
		}
		offset *= 2
	}
	return temp
}

// wideHost runs SweepWideKernel's sweeps over x with b threads, the
// down-sweep below limit.
func wideHost(x []int32, b, limit int) []int32 {
	m := len(x)
	temp := wideUpHost(x, b, 0)
	offset := m
	temp[m-1] = 0
	for d := 1; d < limit; d *= 2 {
		offset /= 2
		for thid := range min(d, b) {
			ai, bi := offset*(2*thid+1)-1, offset*(2*thid+2)-1
			temp[ai], temp[bi] = temp[bi], temp[bi]+temp[ai]
		}
	}
	return temp
}

// TestSweepExit: Blelloch's sweeps whose threads from live on return
// before them: with none returned (live the block's size) the compiled
// form runs three steps as one, with some returned it runs the steps as
// written, for the threads still in; both forms give the host's sweeps
// over those threads, the whole tile after each sweep.
func TestSweepExit(t *testing.T) {
	const grid = 2
	for _, b := range []int{8, 32, 256} {
		for _, live := range []int{b, b - 1, b / 2, 1} {
			t.Run(fmt.Sprintf("b%d/live%d", b, live), func(t *testing.T) {
				m := 2 * b
				in := make([]int32, grid*m)
				for i := range in {
					in[i] = int32(rand.Uint32())
				}
				cfg := gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: gocuda.Dim3{X: b}}
				type result struct{ scan, tree []int32 }
				got := agree(t, func(f form) (result, error) {
					r := result{append([]int32(nil), in...), make([]int32, len(in))}
					return r, f.launch(cfg, SweepExitKernel(r.scan, r.tree, live))
				})
				for blk := range grid {
					x := in[blk*m:][:m]
					require.Equal(t, wideUpHost(x, live, 0), got.tree[blk*m:][:m], "block %d: up-sweep", blk)
					require.Equal(t, wideHost(x, live, m), got.scan[blk*m:][:m], "block %d: scan", blk)
				}
			})
		}
	}
}

// downSweepHost runs SweepScanIntKernel's down-sweep over its up-sweep's
// tree, one thread after another, returning the scan.
func downSweepHost(tree []int32) []int32 {
	m := len(tree)
	temp := append([]int32(nil), tree...)
	temp[m-1] = 0
	offset := m
	for d := 1; d < m; d *= 2 {
		offset /= 2
		for thid := range d {
			ai, bi := offset*(2*thid+1)-1, offset*(2*thid+2)-1
			temp[ai], temp[bi] = temp[bi], temp[bi]+temp[ai]
		}
	}
	return temp
}
