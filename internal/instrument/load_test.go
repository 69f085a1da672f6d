package instrument

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestLoadSkipsProbeDeps: a package that package probe imports cannot
// import it, so it is left out and named.
func TestLoadSkipsProbeDeps(t *testing.T) {
	pkgs, skipped, err := Load(Config{}, "github.com/gocuda/gocuda/internal/probelink", "./testdata/src/basic")
	require.NoError(t, err)
	assert.Equal(t, []string{"github.com/gocuda/gocuda/internal/probelink"}, skipped)
	require.Len(t, pkgs, 1)
	assert.Equal(t, "basic", pkgs[0].Name)

	_, _, err = Load(Config{}, "./testdata/src/nosuchdir")
	assert.Error(t, err)
}

// TestLoadTags: a kernel in a file with a build constraint is rewritten
// only with its tag, and keeps its constraint.
func TestLoadTags(t *testing.T) {
	for _, tags := range []string{"", "gocudatag"} {
		pkgs, _, err := Load(Config{Tags: tags}, "./testdata/src/tagged")
		require.NoError(t, err)
		files, err := Rewrite(pkgs)
		require.NoError(t, err)
		if tags == "" {
			assert.Empty(t, files)
			continue
		}
		require.Len(t, files, 1)
		assert.Equal(t, "x.go", filepath.Base(files[0].Path))
		require.Len(t, files[0].Sites, 2)
		assert.Equal(t, Write, files[0].Sites[0].Kind)
		assert.Equal(t, []any{Kernel, "tagged.zero"}, []any{files[0].Sites[1].Kind, files[0].Sites[1].Func})
		assert.Contains(t, string(files[0].Source), "//go:build gocudatag\n\npackage tagged; import gocudaprobe")
	}
}

// TestUntested: Instrument counts the packages matched and, loading
// tests, names those without test files and whether they are main
// packages; a package's test variants count once.
func TestUntested(t *testing.T) {
	const src = "github.com/gocuda/gocuda/internal/instrument/testdata/src/"
	patterns := []string{"./testdata/src/untested", "./testdata/src/nokernel", "./testdata/src/closures"}
	res, err := Instrument(Config{Tests: true}, t.TempDir(), patterns...)
	require.NoError(t, err)
	assert.Equal(t, 3, res.Matched)
	assert.ElementsMatch(t, []Untested{{Path: src + "untested", Main: true}, {Path: src + "nokernel"}}, res.Untested)

	res, err = Instrument(Config{}, t.TempDir(), patterns...)
	require.NoError(t, err)
	assert.Equal(t, 3, res.Matched)
	assert.Empty(t, res.Untested, "without tests loaded")
}

// TestModulePath: the module governing a directory is its go.mod's, or
// the nearest parent's; probe's deps load early only in gocuda's own.
func TestModulePath(t *testing.T) {
	assert.Equal(t, ownModule, modulePath(""))
	assert.Equal(t, ownModule, modulePath("testdata/src/basic"))

	dir := t.TempDir()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/m\n\ngo 1.26\n"), 0o644))
	sub := filepath.Join(dir, "a", "b")
	require.NoError(t, os.MkdirAll(sub, 0o755))
	assert.Equal(t, "example.com/m", modulePath(sub))
	assert.Nil(t, startProbeDeps(Config{Dir: sub}))
}
