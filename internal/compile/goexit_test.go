package compile

import (
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestNoGoexitMarks: the kernels whose code cannot call runtime.Goexit
// are marked, with the lines of the package's functions they call, and
// those calling what the generator cannot vouch for (a helper that
// exits, a function value, a value whose String method formatting calls,
// a variable holding a function value as well as literals) are not.
func TestNoGoexitMarks(t *testing.T) {
	files := generate(t, "goexit")
	require.NotEmpty(t, files)
	src := regexp.MustCompile(`(?m)^var gc_src_(\w+) = compiled\.NewSource\(.*?\)(\.NoGoexit\((.*)\))?$`)
	marks := map[string]string{}
	for _, m := range src.FindAllStringSubmatch(string(files[0].Source), -1) {
		marks[m[1]] = m[3]
		if m[2] == "" {
			marks[m[1]] = "-"
		}
	}
	assert.Regexp(t, `^"[0-9a-f]{64}", "goexit.go:14-21", "goexit.go:23-24"$`, marks["scale"],
		"clamp and square, which it calls")
	assert.Regexp(t, `^"[0-9a-f]{64}"$`, marks["check"], "fmt.Errorf of a number and gocuda.ErrInvalidValue")
	assert.Regexp(t, `^"[0-9a-f]{64}"$`, marks["yield"], "runtime.Gosched")
	assert.Regexp(t, `^"[0-9a-f]{64}", "goexit.go:14-21"$`, marks["local"], "a literal kept in a local, which calls clamp")
	for _, k := range []string{"leaveKernel", "apply", "label", "replace", "choose"} {
		assert.Equal(t, "-", marks[k], k)
	}
}
