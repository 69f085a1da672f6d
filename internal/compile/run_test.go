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
// numbered line per pass in pipeline order saying whether it is required,
// and refuses packages.
func TestMainPasses(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := Main([]string{"-passes"}, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d\n%s", code, &stderr)
	}
	var want strings.Builder
	for i, name := range kir.PassNames() {
		kind := "optional"
		if kir.PassRequired(name) != "" {
			kind = "required"
		}
		fmt.Fprintf(&want, "%d. %s (%s): %s\n", i+1, name, kind, kir.PassDoc(name))
	}
	assert.Equal(t, want.String(), stdout.String())
	assert.Contains(t, stdout.String(), "1. check (required): ")
	assert.Empty(t, stderr.String())

	stdout.Reset()
	stderr.Reset()
	assert.Equal(t, exitUsage, Main([]string{"-passes", "./..."}, &stdout, &stderr))
	assert.Empty(t, stdout.String())
	assert.Contains(t, stderr.String(), "-passes takes no packages")
}

// TestMainOff: -d=PASS/off takes optional passes, several comma-separated
// or the flag repeated; a required pass, an unknown one or a value not
// of the form PASS/off is a usage error that says what is wrong.
func TestMainOff(t *testing.T) {
	var opt string
	for _, name := range kir.PassNames() {
		if kir.PassRequired(name) == "" {
			opt = name
			break
		}
	}
	for _, tc := range []struct {
		args []string
		want string // in stderr; "" for no error
	}{
		{[]string{"-d=" + opt + "/off", "-passes"}, ""},
		{[]string{"-d=" + opt + "/off," + opt + "/off", "-d", opt + "/off", "-passes"}, ""},
		{[]string{"-d=check/off", "-passes"}, "pass check is required and cannot be switched off: " + kir.PassRequired("check")},
		{[]string{"-d=" + opt + "/off,nosuch/off", "-passes"}, `no pass named "nosuch": the passes are ` + strings.Join(kir.PassNames(), ", ")},
		{[]string{"-d=" + opt, "-passes"}, `"` + opt + `" is not PASS/off`},
	} {
		var stdout, stderr bytes.Buffer
		code := Main(tc.args, &stdout, &stderr)
		if tc.want == "" {
			assert.Equal(t, exitOK, code, "%v: %s", tc.args, &stderr)
			continue
		}
		assert.Equal(t, exitUsage, code, "%v", tc.args)
		assert.Contains(t, stderr.String(), tc.want, "%v", tc.args)
	}
}
