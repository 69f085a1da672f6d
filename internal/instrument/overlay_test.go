package instrument

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestWriteOverlay: the overlay maps each original path to a copy of its
// rewritten source, files of the same name in different directories
// included.
func TestWriteOverlay(t *testing.T) {
	dir := t.TempDir()
	files := []*File{
		{Path: "/src/a/x.go", Source: []byte("package a\n")},
		{Path: "/src/b/x.go", Source: []byte("package b\n")},
	}
	path, err := WriteOverlay(dir, files)
	require.NoError(t, err)
	assert.Equal(t, filepath.Join(dir, OverlayFile), path)
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	var overlay struct{ Replace map[string]string }
	require.NoError(t, json.Unmarshal(data, &overlay))
	require.Len(t, overlay.Replace, len(files))
	for _, f := range files {
		got, err := os.ReadFile(overlay.Replace[f.Path])
		require.NoError(t, err, f.Path)
		assert.Equal(t, f.Source, got, f.Path)
	}
}
