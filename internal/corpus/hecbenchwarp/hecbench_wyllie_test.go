package hecbenchwarp

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// wyllieRandomList is random_list of wyllie-cuda's utils.h, drawing from
// the test's generator: node 0 is the head, the NIL node and the order
// of the others random.
func wyllieRandomList(n int) []int32 {
	r := rng(n, 3)
	next := make([]int32, n)
	free := make([]bool, n)
	for i := range free {
		free[i] = true
	}
	nil_ := r.IntN(n-1) + 1
	free[nil_] = false
	next[nil_] = wyllieNIL
	prev := nil_
	for left := n; left-1 > 1; left-- {
		var pos int
		for {
			pos = r.IntN(n-1) + 1
			if free[pos] {
				break
			}
		}
		free[pos] = false
		next[pos] = int32(prev)
		prev = pos
	}
	next[0] = int32(prev)
	return next
}

// TestWyllie ranks ordered and random lists of 1000 and 3000 nodes with
// main.cu's launch (blocks of 256) and requires every node's distance
// from the end of the list, as main.cu computes it.
func TestWyllie(t *testing.T) {
	for _, n := range []int{1000, 3000} {
		ordered := make([]int32, n)
		for i := range n - 1 {
			ordered[i] = int32(i + 1)
		}
		ordered[n-1] = wyllieNIL
		for _, next := range [][]int32{ordered, wyllieRandomList(n)} {
			list := make([]int64, n)
			for i := range n {
				rank := int64(1)
				if next[i] == wyllieNIL {
					rank = 0
				}
				list[i] = int64(next[i])<<32 | rank
			}
			want := make([]int64, n)
			want[0] = int64(n - 1)
			i := int32(0)
			for r := 1; r < n; r++ {
				want[next[i]] = int64(n - 1 - r)
				i = next[i]
			}
			got := agree(t, func(f form) ([]int64, error) {
				d := slices.Clone(list)
				err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: (n + 255) / 256}, Block: gocuda.Dim3{X: 256}}, WyllieKernel(d, int32(n)))
				for i := range d {
					d[i] &= wyllieMASK
				}
				return d, err
			})
			require.Equal(t, want, got, "n=%d", n)
		}
	}
}
