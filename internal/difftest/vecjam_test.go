package difftest

import (
	"errors"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestVecJamForms: two vector steps run at once give, bit for bit, what
// the scalar form, the runtime path and the host give, for rows of
// sixteen threads and more, rows with a step left over, and short ones.
func TestVecJamForms(t *testing.T) {
	for _, bs := range []int{16, 40, 64} {
		for _, nk := range [][2]int{{5, 3}, {16, 1}, {17, 8}, {100, 7}, {256, 4}} {
			n, k := nk[0], nk[1]
			t.Run(fmt.Sprintf("block=%d/n=%d/k=%d", bs, n, k), func(t *testing.T) {
				in, scale := randF(k*n), randF(k)
				got := agreeSIMD(t, func(f form) ([]uint32, error) {
					out := make([]float32, n)
					err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, bs)}, Block: gocuda.Dim3{X: bs}},
						VecJamKernel(in, scale, out, n, k, 0))
					return bitsOf(out), err
				})
				want := make([]float32, n)
				for i := range n {
					for j := range k {
						want[i] += in[j*n+i] * scale[j]
					}
				}
				require.Equal(t, bitsOf(want), got)
			})
		}
	}
}

// TestVecJamFailure: an in too short for the last threads' last trip,
// or a scale too short for the loop, fails the launch on both paths at
// the same thread, with the same message.
func TestVecJamFailure(t *testing.T) {
	const n, k, bs = 64, 5, 64
	cases := map[string]struct {
		in, scale []float32
		d         int
		thread    int
	}{
		"in":    {randF(k * n), randF(k), 3, n - 3}, // threads n-3.. read past in at j = k-1
		"scale": {randF(k * n), randF(k - 2), 0, 0}, // every thread reads past scale at j = k-2
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			var errs [2]*gocuda.KernelError
			for i, f := range forms {
				out := make([]float32, n)
				err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: bs}},
					VecJamKernel(c.in, c.scale, out, n, k, c.d))
				require.True(t, errors.As(err, &errs[i]), "%s: %v", f.name, err)
				assert.ErrorIs(t, err, gocuda.ErrIllegalAddress, f.name)
				assert.Equal(t, c.thread, errs[i].Thread.X, "%s: the first thread to fail", f.name)
			}
			assert.Equal(t, errs[1].Value, errs[0].Value, "the message")
		})
	}
}

// TestVecJamTwoForms: two sums carried through a window read backwards,
// two vector steps at once, give bit for bit what the scalar form, the
// runtime path and the host give; an in too short for the last windows
// fails on both paths at the same thread.
func TestVecJamTwoForms(t *testing.T) {
	for _, bs := range []int{16, 24, 64} {
		for _, nr := range [][2]int{{7, 1}, {16, 0}, {40, 2}, {100, 3}} {
			n, r := nr[0], nr[1]
			t.Run(fmt.Sprintf("block=%d/n=%d/r=%d", bs, n, r), func(t *testing.T) {
				in := randF(n + 2*r)
				got := agreeSIMD(t, func(f form) ([]uint32, error) {
					out := make([]float32, n)
					err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, bs)}, Block: gocuda.Dim3{X: bs}}, VecJamTwoKernel(in, out, r))
					return bitsOf(out), err
				})
				want := make([]float32, n)
				for i := range n {
					var a, b float32
					for d := 0; d <= 2*r; d++ {
						v := in[i+2*r-d]
						a += v
						b += v * v
					}
					want[i] = a - b
				}
				require.Equal(t, bitsOf(want), got)
			})
		}
	}
	const n, r, bs = 64, 2, 64
	in := randF(n + 2*r - 3) // the last 3 threads' windows reach past in
	var errs [2]*gocuda.KernelError
	for i, f := range forms {
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: bs}}, VecJamTwoKernel(in, make([]float32, n), r))
		require.True(t, errors.As(err, &errs[i]), "%s: %v", f.name, err)
		assert.ErrorIs(t, err, gocuda.ErrIllegalAddress, f.name)
		assert.Equal(t, n-3, errs[i].Thread.X, "%s: the first thread to fail", f.name)
	}
	assert.Equal(t, errs[1].Value, errs[0].Value, "the message")
}
