package difftest

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestUniformCheck: launch checks that fail every thread alike, before
// any thread's code, in kernels with and without barriers, fail both
// forms at the same thread (the block's first) with ErrInvalidValue, and
// after a barrier with the same error; launches that pass them compute as
// the host does.
func TestUniformCheck(t *testing.T) {
	in := randInts(300)
	want := make([]int32, len(in))
	for i, x := range in {
		want[i] = 2 * x
	}
	cfg := func(block int) gocuda.Config {
		return gocuda.Config{Grid: gocuda.Dim3{X: (len(in) + block - 1) / block}, Block: gocuda.Dim3{X: block}}
	}
	for _, c := range []struct {
		name   string
		block  int
		kernel func(out []int32) func(*gocuda.Thread)
	}{
		{"first", 48, func(out []int32) func(*gocuda.Thread) { return UniformCheckKernel(in, out, 64) }},
		{"grid", 48, func(out []int32) func(*gocuda.Thread) { return UniformCheckGridKernel(in, out) }},
	} {
		t.Run(c.name, func(t *testing.T) {
			errs := failuresAgree(t, cfg(c.block), func() func(*gocuda.Thread) { return c.kernel(make([]int32, len(in))) })
			require.True(t, errors.Is(errs[0], gocuda.ErrInvalidValue), "%v", errs[0])
			assert.Equal(t, gocuda.Dim3{}, errs[0].Thread, "the block's first thread")
		})
	}
	// After a barrier the runtime path resumes the last thread to arrive
	// first, and reports it: the forms agree on the error, not the thread.
	t.Run("afterBarrier", func(t *testing.T) {
		for _, f := range forms {
			err := f.launch(cfg(64), UniformCheckKernel(in, make([]int32, len(in)), 63))
			var ke *gocuda.KernelError
			require.True(t, errors.As(err, &ke), "%s: %v", f.name, err)
			require.ErrorIs(t, err, gocuda.ErrInvalidValue, f.name)
			if !f.runtime {
				assert.Equal(t, gocuda.Dim3{}, ke.Thread, "compiled: the block's first thread")
			}
		}
	})
	for _, kernel := range []func(out []int32) func(*gocuda.Thread){
		func(out []int32) func(*gocuda.Thread) { return UniformCheckKernel(in, out, 64) },
		func(out []int32) func(*gocuda.Thread) { return UniformCheckGridKernel(in, out) },
	} {
		got := agree(t, func(f form) ([]int32, error) {
			out := make([]int32, len(in))
			return out, f.launch(cfg(64), kernel(out))
		})
		assert.Equal(t, want, got)
	}
}
