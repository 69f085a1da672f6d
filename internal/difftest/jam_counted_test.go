package difftest

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestJamCounted: runs of lengths 0 to 9, and runs of 100 to 140 whose
// four-element trips end at different places, summed four threads at a
// time in blocks four does and does not divide, agree on every form with
// the host, bit for bit.
func TestJamCounted(t *testing.T) {
	for _, long := range []bool{false, true} {
		for _, block := range []int{32, 30, 5, 3} {
			threads := 3 * block
			bounds := jamBounds(threads)
			if long {
				for i := range threads {
					bounds[i+1] = bounds[i] + 100 + (i*13)%41
				}
			}
			in := randF(bounds[threads])
			want := make([]float32, threads)
			for i := range want {
				want[i] = countedSum(in[bounds[i]:bounds[i+1]])
			}
			got := agreeSIMD(t, func(f form) ([]uint32, error) {
				sums := make([]float32, threads)
				err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 3}, Block: gocuda.Dim3{X: block}}, JamCountedKernel(in, sums, bounds))
				return bitsOf(sums), err
			})
			require.Equal(t, bitsOf(want), got, "block %d, long runs %v", block, long)
		}
	}
}
