package difftest

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestExitWalkForms: every thread but the one that returned stores its
// walk's sums over the trips plus the last trip's k (1), on both paths,
// as the host computes it (the threads of a column store the same); the
// returned thread's element stays -1.
func TestExitWalkForms(t *testing.T) {
	const grid = 3
	for _, block := range []gocuda.Dim3{{X: 7, Y: 5}, {X: 128, Y: 1}, {X: 32, Y: 3}} {
		for _, p := range []int{0, 3, 31, 500} {
			t.Run(fmt.Sprintf("%v/p=%d", block, p), func(t *testing.T) {
				in := randInts(200)
				n := grid * block.X
				got := agree(t, func(f form) ([]int32, error) {
					out := make([]int32, n)
					for i := range out {
						out[i] = -1
					}
					return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: block}, ExitWalkKernel(in, out, p, 3, 4))
				})
				for i := range n {
					tx, want := i%block.X, int32(-1)
					if tx != p && block.Y%4 > 0 {
						var walk int32
						for j := range 3 {
							if ix := j*block.X + tx; ix < len(in) {
								walk += in[ix] * int32(j+1)
							}
						}
						want = int32(block.Y%4)*walk + 1 // the sum of every trip, and the last trip's k
					}
					require.Equal(t, want, got[i], "element %d", i)
				}
			})
		}
	}
}
