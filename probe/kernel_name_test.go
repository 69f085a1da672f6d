package probe

import (
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// thisFile is this file's path as the compiler saw it.
var thisFile = func() string {
	_, file, _, _ := runtime.Caller(0)
	return file
}()

// namedSites name the kernel of this file (all its lines) as the
// rewriting names a kernel, and hold its one access.
var namedSites = Register([]Site{
	{Kind: Write, Func: "probe.namedKernel.func1", File: thisFile, Line: 30, Expr: "out[i]"},
	{Kind: Kernel, Func: "probe.NamedKernel", File: thisFile, Line: 1, EndLine: 1 << 20},
})

// namedKernel races: every thread writes out[0].
func namedKernel(out []int32) func(*gocuda.Thread) {
	return func(t *gocuda.Thread) {
		i := 0
		*Index(t, &namedSites[0], out, i) = int32(t.ThreadIdx.X)
	}
}

// TestKernelNamedByEntry: a launch is named after the Kernel entry holding
// its function's first line, whatever the runtime calls the closure (its
// name depends on inlining); reports and profiles alike.
func TestKernelNamedByEntry(t *testing.T) {
	out := make([]int32, 1)
	rs := checkReports(t, func(dev *gocuda.Device) {
		require.NoError(t, launch1D(dev, 1, 64, namedKernel(out)))
	})
	require.NotEmpty(t, rs)
	assert.Equal(t, "probe.NamedKernel", rs[0].Kernel)
	p := profileOne(t, "sm_70", "", blocks(1), namedKernel(out))
	assert.Equal(t, "probe.NamedKernel", p.Kernel)
}

// genericSites name a generic kernel as gocuda compile's generated file
// (a *_gocuda.go) registers its constructor.
var genericSites = Register([]Site{
	{Kind: Kernel, Func: "probe.GenericNamedKernel", File: "/src/probe/named_gocuda.go", Line: 1, EndLine: 9},
})

// GenericNamedKernel is a generic kernel constructor whose closure's lines
// lie in this file, which namedSites names NamedKernel: the situation of a
// generated wrapper after a //line directive naming another function.
func GenericNamedKernel[T any](out []T) func(*gocuda.Thread) {
	return func(t *gocuda.Thread) {
		var zero T
		*Index(t, &namedSites[0], out, 0) = zero
	}
}

// TestGenericKernelNamedByConstructor: a generic generated kernel's launch
// is named after its constructor's entry, not after the kernel whose lines
// hold its closure.
func TestGenericKernelNamedByConstructor(t *testing.T) {
	require.Len(t, genericSites, 1)
	p := profileOne(t, "sm_70", "", blocks(1), GenericNamedKernel(make([]int32, 1)))
	assert.Equal(t, "probe.GenericNamedKernel", p.Kernel)
}
