package difftest

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestExprCollectivesForms: collectives and barriers inside expressions
// agree on both paths, run the calls beside them in Go's order, and give
// what the host computes from their definitions.
func TestExprCollectivesForms(t *testing.T) {
	for _, blocks := range []int{1, 3} {
		for _, bs := range []int{32, 96} {
			n := blocks * bs
			in := make([]float32, n)
			for i := range in {
				in[i] = float32(rand.IntN(9) - 4)
			}
			type result struct {
				Out []float32
				Log []int32
			}
			got := agree(t, func(f form) (result, error) {
				r := result{make([]float32, 4*n), make([]int32, n)}
				return r, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: bs}}, ExprCollectivesKernel(in, r.Out, r.Log))
			})
			for i := range n {
				require.Equal(t, int32(12), got.Log[i], "the calls beside the ballot ran in order, thread %d", i)
			}
			checkExprCollectives(t, in, got.Out, bs)
		}
	}
}

// checkExprCollectives compares ExprCollectivesKernel's out with the host.
func checkExprCollectives(t *testing.T, in, out []float32, bs int) {
	t.Helper()
	for w := 0; w < len(in); w += 32 {
		warp := in[w : w+32]
		hi, lo := warp[0], -warp[0]
		var any2, allOdd bool = false, true
		for k, v := range warp {
			hi, lo = max(hi, v), max(lo, -v)
			any2 = any2 || v > 2
			if k%2 == 0 && !(v > -3) {
				allOdd = false
			}
		}
		b := w / bs * bs
		count, anyPos := 0, false
		for _, v := range in[b : b+bs] {
			if v > 0 {
				count, anyPos = count+1, true
			}
		}
		rounds := 0
		if anyPos {
			rounds = 2
		}
		for k, v := range warp {
			i := w + k
			ballot := float32(0)
			if warp[0] > 0 {
				ballot = 1
			}
			if warp[31] < 0 {
				ballot++
			}
			var third float32
			if any2 {
				third = 1
			}
			if k%2 == 0 && allOdd {
				third += 2
			}
			want := []float32{hi + 1, 3 + ballot, third, float32((1+count)*10+rounds) + lo}
			require.Equal(t, want, out[4*i:4*i+4], "thread %d (value %v)", i, v)
		}
	}
}

// TestNestedSyncForms: sync points nested in one another agree on both
// paths and with their definitions.
func TestNestedSyncForms(t *testing.T) {
	for _, bs := range []int{32, 64, 96} {
		n := 2 * bs
		got := agree(t, func(f form) ([]int32, error) {
			out := make([]int32, 3*n)
			return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: bs}}, NestedSyncKernel(out))
		})
		for i := range n {
			w, b := i/32*32, i/bs*bs
			var sum int32
			for k := w; k < w+32; k++ {
				sum += int32(k % 5)
			}
			or := int32(0) // a warp of the block whose threads all have i%50 != 49
			for ww := b; ww < b+bs; ww += 32 {
				all := true
				for k := ww; k < ww+32; k++ {
					all = all && k%50 != 49
				}
				if all {
					or = 1
				}
			}
			require.Equal(t, []int32{sum, 3, or}, got[3*i:3*i+3], "block size %d, thread %d", bs, i)
		}
	}
}

// TestUniSyncForms: UniSync agrees on both paths and with its definition.
func TestUniSyncForms(t *testing.T) {
	n := 4 * 32
	in := make([]int32, n)
	for i := range in {
		in[i] = int32(i / 32) // warp 0 all zero, the others all positive...
	}
	in[70] = -1 // ...but one lane of warp 2
	got := agree(t, func(f form) ([]int32, error) {
		out := make([]int32, 2*n)
		return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: 64}}, UniSyncKernel(in, out))
	})
	for i := range n {
		w := in[i/32*32 : i/32*32+32]
		pos, div3 := 0, 0
		for _, v := range w {
			if v > 0 {
				pos++
			}
			if v%3 == 0 {
				div3++
			}
		}
		want := []int32{0, 0}
		if pos == 0 || pos == 32 {
			want[0] = 1
		}
		if div3 == 0 || div3 == 32 {
			want[1] = 1
		}
		require.Equal(t, want, got[2*i:2*i+2], "thread %d", i)
	}
}

// TestMatchAllForms: MatchAllSync's mask and flag agree on both paths and
// with its definition.
func TestMatchAllForms(t *testing.T) {
	n := 4 * 32
	in := make([]int32, n)
	for i := range in {
		in[i] = int32(i / 32)
	}
	in[100] = 7 // warp 3 differs in one lane
	got := agree(t, func(f form) ([]uint32, error) {
		out := make([]uint32, 2*n)
		return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: 64}}, MatchAllKernel(in, out))
	})
	for i := range n {
		want := []uint32{0xffffffff, 1}
		if i/32 == 3 {
			want = []uint32{0, 0}
		}
		require.Equal(t, want, got[2*i:2*i+2], "thread %d", i)
	}
}
