package difftest

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gocuda/gocuda/gocuda"
)

// TestLengthGuard: loads guarded by their slice's length, with in longer
// than out, as long, and shorter (the last block's row partly out of
// range), against a host reference.
func TestLengthGuard(t *testing.T) {
	const block, blocks = 64, 8
	for _, n := range []int{block*blocks + 7, block * blocks, block*blocks - 40} {
		t.Run(fmt.Sprint(n), func(t *testing.T) {
			in := randInts(n)
			got := agree(t, func(f form) ([]int32, error) {
				out := make([]int32, block*blocks)
				cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: block}}
				return out, f.launch(cfg, LengthGuardKernel(in, out))
			})
			want := make([]int32, block*blocks)
			for g := range want { // a + 2b + 3c: 6 in[g] where g < n; 4 in[g] more where g < m
				m := n
				if g/block > 4 {
					m--
				}
				if g < n {
					want[g] = in[g]*6 + 7
				} else {
					want[g] = 100
				}
				if g < m {
					want[g] += in[g] * 4
				}
			}
			assert.Equal(t, want, got)
		})
	}
}
