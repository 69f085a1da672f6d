package vecadd

import (
	"fmt"
	"testing"

	"github.com/gocuda/gocuda/docs/exercises/internal/check"
)

// TestVecAdd checks VecAdd against a loop on the host, smallest sizes
// first, and stops at the first size that fails.
func TestVecAdd(t *testing.T) {
	dev := check.NewDevice(t)
	for _, n := range []int{1, 100, BlockSize, BlockSize + 1, 1000, 4096, 100_003} {
		ok := t.Run(fmt.Sprintf("n=%d", n), func(t *testing.T) {
			a, b := make([]float32, n), make([]float32, n)
			for i := range a {
				a[i], b[i] = float32(i), float32(i+1)
			}
			var c []float32
			err := check.Call(t, func() (err error) {
				c, err = VecAdd(dev, a, b)
				return err
			})
			check.NoError(t, err, fmt.Sprintf("VecAdd with n=%d", n))
			if len(c) != n {
				t.Fatalf("VecAdd returned %d elements, want %d", len(c), n)
			}
			for i := range c {
				if want := a[i] + b[i]; c[i] != want {
					t.Fatalf("n=%d: element %d = %v, want %v.\nhint: %s", n, i, c[i], want, diagnose(c, a, b, i))
				}
			}
		})
		if !ok {
			break
		}
	}
}

// diagnose explains the first wrong element, c[i].
func diagnose(c, a, b []float32, i int) string {
	written := false
	for _, v := range c {
		written = written || v != 0
	}
	switch {
	case !written:
		return "the kernel wrote nothing. Compute i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X\n" +
			"and set c[i] = a[i] + b[i]."
	case c[i] == 0 && i >= BlockSize:
		return fmt.Sprintf("the elements before %d are right but element %d was never written. Does the grid have\n"+
			"(n+BlockSize-1)/BlockSize blocks, so that its threads cover all n = %d elements, and does each\n"+
			"thread's index include t.BlockIdx.X*t.BlockDim.X?", i, i, len(c))
	}
	return fmt.Sprintf("element %d should be a[%d] + b[%d]: each thread must handle the element of its own global\n"+
		"index, i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X.", i, i, i)
}
