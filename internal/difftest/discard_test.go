package difftest

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gocuda/gocuda/gocuda"
)

// TestDiscard: a discarded division under a mask builds and leaves the
// host's values on every path, and where its divisor is zero the launch
// fails at the grid's first thread in range, as the scalar form does.
func TestDiscard(t *testing.T) {
	in := portableInput(100)
	want := make([]float32, len(in))
	for i, x := range in {
		want[i] = x * 2
	}
	got := agreeSIMD(t, func(f form) ([]uint32, error) {
		out := make([]float32, len(in))
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: 64}}, DiscardKernel(in, out, 7, 3))
		return bitsOf(out), err
	})
	assert.Equal(t, bitsOf(want), got)
	errs := failuresAgree(t, gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: 64}}, func() func(*gocuda.Thread) {
		return DiscardKernel(in, make([]float32, len(in)), 7, 0)
	})
	for _, e := range errs {
		assert.Equal(t, gocuda.Dim3{X: 0}, e.Thread)
		assert.Contains(t, fmt.Sprint(e.Value), "integer divide by zero")
	}
}

// TestDiscardVector: a discarded vector expression leaves the host's
// values on every path (and its package builds).
func TestDiscardVector(t *testing.T) {
	in := randInts(100)
	got := agreeSIMD(t, func(f form) ([]int32, error) {
		out := make([]int32, len(in))
		err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: 64}}, DiscardVectorKernel(in, out, 7))
		return out, err
	})
	for i, x := range in {
		assert.Equal(t, x*2, got[i], "thread %d", i)
	}
}
