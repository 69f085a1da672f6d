package difftest

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gocuda/gocuda/gocuda"
)

// TestDeadStoreAssign: a kept variable that a lane loop only assigns,
// whose store there is dead, builds and gives the shuffles' values, in
// blocks where the lanes assign it (32, 96 threads) and where none does
// (64).
func TestDeadStoreAssign(t *testing.T) {
	for _, bd := range []int{32, 64, 96} {
		t.Run(fmt.Sprint(bd), func(t *testing.T) {
			const grid = 2
			in := portableInput(grid * bd)
			want := make([]float32, grid*bd)
			for i := range want {
				w := func(j int) float32 { // ShflDownSync by 1: the last lane keeps its own
					if j%32 == 31 {
						return in[j]
					}
					return in[j+1]
				}
				want[i] = w(i ^ 1)
			}
			got := agreeSIMD(t, func(f form) ([]uint32, error) {
				out := make([]float32, grid*bd)
				err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: gocuda.Dim3{X: bd}}, DeadStoreAssignKernel(in, out))
				return bitsOf(out), err
			})
			assert.Equal(t, bitsOf(want), got)
		})
	}
}
