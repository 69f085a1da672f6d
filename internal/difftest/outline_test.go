package difftest

import (
	"errors"
	"math"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// outlineHost is OutlineKernel's thread i, serially, without idx.
func outlineHost(in []float32, i int) float32 {
	const tileLen = 32
	var x float32
	if i < len(in) {
		x = in[i]
	}
	var s, m float32
	for start := 0; start < len(in); start += tileLen {
		for j := range min(tileLen, len(in)-start, i%tileLen+1) {
			v := in[start+j]
			s += v * x
			m = max(m, v-x)
		}
	}
	return s + m
}

// TestOutline: a thread loop whose threads run a loop of their own over
// a shared tile, outlined in the compiled form, agrees with the runtime
// path and the host bit for bit, for lengths that end inside a tile and
// inside a block.
func TestOutline(t *testing.T) {
	for _, n := range []int{1, 31, 64, 100, 257} {
		in := randF(n)
		got := agreeSIMD(t, func(f form) ([]uint32, error) {
			out := make([]float32, n)
			err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, 48)}, Block: gocuda.Dim3{X: 48}}, OutlineKernel(in, out, nil))
			return bitsOf(out), err
		})
		for i := range n {
			require.Equal(t, math.Float32bits(outlineHost(in, i)), got[i], "n %d thread %d", n, i)
		}
	}
}

// TestOutlineFailure: an index out of range read inside the outlined
// loop fails both paths with ErrIllegalAddress, at the same thread, with
// the same message, and the compiled form names the kernel's line. The
// blocks are whole, so that no thread past the end reads idx.
func TestOutlineFailure(t *testing.T) {
	const n = 96
	in, idx := randF(n), make([]int, n)
	idx[70] = n + 5
	var errs [2]*gocuda.KernelError
	for i, f := range forms {
		out := make([]float32, n)
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blocks(n, 48)}, Block: gocuda.Dim3{X: 48}}, OutlineKernel(in, out, idx))
		require.True(t, errors.As(err, &errs[i]), "%s: %v", f.name, err)
		assert.ErrorIs(t, err, gocuda.ErrIllegalAddress, f.name)
	}
	assert.Equal(t, gocuda.Dim3{X: 1}, errs[0].Block, "compiled")
	assert.Equal(t, gocuda.Dim3{X: 22}, errs[0].Thread, "compiled")
	assert.Equal(t, errs[1].Value, errs[0].Value, "the message")
	assert.Equal(t, "outline.go", filepath.Base(errs[0].Site.File), "compiled: the kernel's file")
	assert.Equal(t, errs[1].Site.Line, errs[0].Site.Line, "compiled: the kernel's line")
}
