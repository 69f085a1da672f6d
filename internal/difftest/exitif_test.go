package difftest

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestExitFill runs ExitFillKernel and ExitFillHelperKernel against the
// fill threads' negated elements and the others' count of their block's
// nonzero elements (or first element).
func TestExitFill(t *testing.T) {
	const blocks, bs, fill = 3, 64, 24
	in := randInts(blocks * bs)
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: bs}}
	kernels := map[string]func(in, out []int32, fill int) func(*gocuda.Thread){
		"inline": ExitFillKernel, "helper": ExitFillHelperKernel,
	}
	for name, kernel := range kernels {
		got := agree(t, func(f form) ([]int32, error) {
			out := make([]int32, blocks*bs)
			return out, f.launch(cfg, kernel(in, out, fill))
		})
		for b := range blocks {
			var n int32
			for _, v := range in[b*bs+fill : (b+1)*bs] {
				if v != 0 {
					n++
				}
			}
			if name == "helper" {
				n = in[b*bs+fill]
			}
			for tx := range bs {
				i := b*bs + tx
				want := n
				if tx < fill {
					want = -in[i]
				}
				require.Equal(t, want, got[i], "%s: block %d, thread %d", name, b, tx)
			}
		}
	}
}

// TestExitSide runs ExitSideKernel with thread 0 taking each side.
func TestExitSide(t *testing.T) {
	const bs = 64
	for _, first := range []int32{-1, 1} {
		got := agree(t, func(f form) ([]int32, error) {
			out := make([]int32, 2*bs)
			cfg := gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: bs}}
			return out, f.launch(cfg, ExitSideKernel([]int32{first}, out))
		})
		for tx := range bs {
			want := int32(7)
			if tx == 0 && first < 0 {
				want = -1
			}
			require.Equal(t, want, got[tx], "in[0] %d, thread %d", first, tx)
			require.Equal(t, int32(1), got[bs+tx], "in[0] %d, thread %d's second output", first, tx)
		}
	}
}

// TestExitFirstThreads runs ExitFirstThreadsKernel, whose last barrier
// only the first k threads reach.
func TestExitFirstThreads(t *testing.T) {
	const bs, k = 64, 20
	got := agree(t, func(f form) ([]int32, error) {
		out := make([]int32, bs)
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: bs}}
		return out, f.launch(cfg, ExitFirstThreadsKernel(out, k))
	})
	for tx := range bs {
		want := int32(0)
		if tx < k {
			want = int32(k - 1 - tx)
		}
		require.Equal(t, want, got[tx], "thread %d", tx)
	}
}
