package compiled_test

import (
	"os"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"go.uber.org/goleak"

	"github.com/gocuda/gocuda/compiled"
	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/srchash"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// needCompiled skips t where compiled forms never run (GOCUDA_COMPILED=off).
func needCompiled(t *testing.T) {
	if os.Getenv("GOCUDA_COMPILED") == "off" {
		t.Skip("GOCUDA_COMPILED=off: compiled forms run on the runtime path")
	}
}

// newDevice returns a device of three workers, closed when t ends.
func newDevice(t *testing.T, opts ...gocuda.Option) *gocuda.Device {
	d, err := gocuda.NewDevice(append([]gocuda.Option{gocuda.WithWorkers(3)}, opts...)...)
	require.NoError(t, err)
	t.Cleanup(func() { assert.NoError(t, d.Close()) })
	return d
}

// sourceFiles are the source files the tests' Sources embed: a kernel
// k and a function it calls.
var sourceFiles = fstest.MapFS{
	"k.go":      {Data: []byte("package k\n\nfunc k() {\n}\n")},
	"called.go": {Data: []byte("package k\n\nfunc called() {\n}\n")},
}

// currentSource returns a Source for lines of k.go in sourceFiles, and
// the file's name.
func currentSource(t *testing.T) (*compiled.Source, string) {
	return compiled.NewSource(sourceFiles, "k", srchash.Lines(sourceFiles["k.go"].Data, 3, 4), "k.go:3-4"), "k.go"
}

// staleSource returns a Source whose recorded hash no longer matches its
// lines.
func staleSource(t *testing.T) *compiled.Source {
	edited := append([]byte("// an edit\n"), sourceFiles["k.go"].Data...)
	return compiled.NewSource(sourceFiles, "k", srchash.Lines(edited, 3, 4), "k.go:3-4")
}

// linear returns the linear index of idx in a grid of shape g, X fastest.
func linear(g, idx gocuda.Dim3) int {
	return (idx.Z*g.Y+idx.Y)*g.X + idx.X
}
