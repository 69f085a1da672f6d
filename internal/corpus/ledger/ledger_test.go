package ledger

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestRefusalsErrors: a directory without generated files, and a refusal
// line no constructor follows, are errors, not empty ledgers.
func TestRefusalsErrors(t *testing.T) {
	dir := t.TempDir()
	_, err := Refusals(dir)
	require.ErrorContains(t, err, "no generated files")
	dangling := "package k\n\n" + refusalPrefix + "a reason.\n"
	require.NoError(t, os.WriteFile(filepath.Join(dir, "k_gocuda.go"), []byte(dangling), 0o644))
	_, err = Refusals(dir)
	require.ErrorContains(t, err, "k_gocuda.go: a refusal with no constructor after it")
}
