package compile

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gocuda/gocuda/internal/compile/kir"
)

// TestMainPasses: gocuda compile -passes prints the pass table, a
// numbered line per pass in pipeline order, and refuses packages.
func TestMainPasses(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := Main([]string{"-passes"}, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d\n%s", code, &stderr)
	}
	var want strings.Builder
	for i, name := range kir.PassNames() {
		fmt.Fprintf(&want, "%d. %s: %s\n", i+1, name, kir.PassDoc(name))
	}
	assert.Equal(t, want.String(), stdout.String())
	assert.Empty(t, stderr.String())

	stdout.Reset()
	stderr.Reset()
	assert.Equal(t, exitUsage, Main([]string{"-passes", "./..."}, &stdout, &stderr))
	assert.Empty(t, stdout.String())
	assert.Contains(t, stderr.String(), "-passes takes no packages")
}
