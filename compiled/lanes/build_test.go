package lanes_test

import (
	"os/exec"
	"testing"

	"github.com/stretchr/testify/require"
)

// buildM returns the output of building the package with -gcflags=-m.
func buildM(t *testing.T) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the package with -gcflags=-m")
	}
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go command")
	}
	out, err := exec.Command(goTool, "build", "-gcflags=-m", ".").CombinedOutput()
	require.NoError(t, err, "%s", out)
	return string(out)
}
