//go:build goexperiment.simd && amd64

package difftest

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestSpecializedBodiesRun: in the SIMD build a launch with a lane type
// runs that type's specialized body, and one with another type the
// generic body: a failing thread's frame names the body it ran in.
func TestSpecializedBodiesRun(t *testing.T) {
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: 2}, Block: gocuda.Dim3{X: 64}}
	for _, c := range []struct {
		err  error
		body string
	}{
		{dev.Launch(cfg, SpecAxpyKernel(make([]float32, 9), make([]float32, 100), 1, 128)), "gc_body_specAxpy_float32"},
		{dev.Launch(cfg, SpecAxpyKernel(make([]uint32, 9), make([]uint32, 100), 1, 128)), "gc_body_specAxpy_uint32"},
		{dev.Launch(cfg, SpecAxpyKernel(make([]celsius, 9), make([]celsius, 100), 1, 128)), "gc_body_specAxpy["},
	} {
		var ke *gocuda.KernelError
		require.True(t, errors.As(c.err, &ke), "%v", c.err)
		assert.Contains(t, ke.Site.Function, c.body, "the body the launch ran")
	}
}
