package difftest

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gocuda/gocuda/gocuda"
)

// TestStridedGuard: two strided loads a thread under guards on len(in),
// with in covering the grid, one element short (the last thread's second
// load rejected) and a block's worth short, against a host reference.
func TestStridedGuard(t *testing.T) {
	const block, blocks = 64, 4
	for _, short := range []int{0, 1, 2 * block} {
		t.Run(fmt.Sprint(short), func(t *testing.T) {
			in := randInts(2*block*blocks - short)
			got := agree(t, func(f form) ([]int32, error) {
				out := make([]int32, block*blocks)
				cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: block}}
				return out, f.launch(cfg, StridedGuardKernel(in, out))
			})
			want := make([]int32, block*blocks)
			for i := range want {
				if g := 2 * i; g < len(in) {
					want[i] = in[g]
				}
				if g := 2*i + 1; g < len(in) {
					want[i] += 3 * in[g]
				}
			}
			assert.Equal(t, want, got)
		})
	}
}
