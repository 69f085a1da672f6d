package compiled

import (
	"runtime"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestPackageOf: the import path of a function's package, as the stale
// warning names it, from the names runtime.Func gives.
func TestPackageOf(t *testing.T) {
	for fn, want := range map[string]string{
		"example.com/m/k.init":         "example.com/m/k",
		"example.com/m/k.F[...].func1": "example.com/m/k",
		"gopkg.in/yaml%2ev3.init":      "gopkg.in/yaml.v3",
		"main.init":                    "main",
		"example.com/a.b/c.(*T).M":     "example.com/a.b/c",
		"nodot":                        "",
	} {
		assert.Equal(t, want, packageOf(fn), fn)
	}
	pc, _, _, _ := runtime.Caller(0)
	assert.Equal(t, "github.com/gocuda/gocuda/compiled", packageOf(runtime.FuncForPC(pc).Name()))
}
