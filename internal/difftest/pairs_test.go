package difftest

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gocuda/gocuda/gocuda"
)

// TestPairs: a pair of stores at 2*i and 2*i+1 gives the host's values on
// both paths, with the vector steps and without, at even and odd offsets,
// in blocks of whole steps and with threads left to the scalar loop.
func TestPairs(t *testing.T) {
	for _, bd := range []int{64, 40, 7} {
		for _, off := range []int{0, 1, 7} {
			t.Run(fmt.Sprintf("block=%d/off=%d", bd, off), func(t *testing.T) {
				n := 3 * bd
				re, im := portableInput(n), portableInput(n + 3)[3:]
				want := make([]float32, off+2*n)
				for i := range n {
					want[off+2*i], want[off+2*i+1] = re[i], im[i]*1.5
				}
				got := agreeSIMD(t, func(f form) ([]uint32, error) {
					out := make([]float32, len(want))
					err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 3}, Block: gocuda.Dim3{X: bd}}, PairsKernel(re, im, out, off, 1.5))
					return bitsOf(out), err
				})
				assert.Equal(t, bitsOf(want), got)
			})
		}
	}
}

// TestPairsFailure: where a pair's second store fails (out one element
// short: the last step's elements go lane by lane), the launch fails at
// that thread with its message; where the launch check fails, at thread 0
// with the kernel's error; both on both paths, with the vector steps and
// without.
func TestPairsFailure(t *testing.T) {
	for _, c := range []struct {
		scale     float32
		n, thread int
		msg       string
	}{
		{1.5, 127, 63, "index out of range [127] with length 127"},
		{1.5, 126, 63, "index out of range [126] with length 126"}, // both of thread 63's stores would fail: the first
		{1.5, 125, 62, "index out of range [125] with length 125"}, // thread 62's second store fails before thread 63's first
		{0, 128, 0, "pairs scale is zero"},
	} {
		re := portableInput(64)
		errs := failuresAgree(t, gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: 64}}, func() func(*gocuda.Thread) {
			return PairsKernel(re, re, make([]float32, c.n), 0, c.scale)
		})
		for _, e := range errs {
			assert.Equal(t, gocuda.Dim3{X: c.thread}, e.Thread, "scale %v", c.scale)
			assert.Contains(t, fmt.Sprint(e.Value), c.msg)
		}
		if c.scale == 0 {
			assert.ErrorIs(t, errs[0], gocuda.ErrInvalidValue)
		}
	}
}
