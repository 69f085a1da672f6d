package compiled_test

import (
	"os"
	"path/filepath"
	"testing"

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

// currentSource returns a Source for lines of a temporary file, and the
// file.
func currentSource(t *testing.T) (*compiled.Source, string) {
	path := filepath.Join(t.TempDir(), "k.go")
	src := []byte("package k\n\nfunc k() {\n}\n")
	require.NoError(t, os.WriteFile(path, src, 0o666))
	return compiled.NewSource("k", srchash.Lines(src, 3, 4), path+":3-4"), path
}

// staleSource returns a Source whose recorded hash no longer matches its
// lines.
func staleSource(t *testing.T) *compiled.Source {
	_, path := currentSource(t)
	src, err := os.ReadFile(path)
	require.NoError(t, err)
	return compiled.NewSource("k", srchash.Lines(append([]byte("// an edit\n"), src...), 3, 4), path+":3-4")
}

// linear returns the linear index of idx in a grid of shape g, X fastest.
func linear(g, idx gocuda.Dim3) int {
	return (idx.Z*g.Y+idx.Y)*g.X + idx.X
}
