package compiledlink_test

import (
	"bytes"
	"fmt"
	"testing/fstest"

	"github.com/gocuda/gocuda/internal/compiledlink"
	"github.com/gocuda/gocuda/internal/srchash"
)

// The engine runs a compiled kernel only while the lines it was generated
// from are unchanged: here a kernel's source is edited after generation,
// and the Source of the build that embeds the edited file finds it stale;
// its warning names the command that compiles it again.
func ExampleSource_Current() {
	src := []byte("package k\n\n// k is a kernel.\nfunc k() {\n}\n")
	hash := srchash.Sum(srchash.Span(src, 3, 5)) // what gocuda compile records
	built := fstest.MapFS{"k.go": {Data: src}}   // what the generated file embeds
	fmt.Println(compiledlink.NewSource(built, "example.com/k", "k", hash, []string{"k.go:3-5"}).Current())

	edited := fstest.MapFS{"k.go": {Data: []byte("package k\n\n// k is a kernel.\nfunc k() { println() }\n")}}
	stale := compiledlink.NewSource(edited, "example.com/k", "k", hash, []string{"k.go:3-5"})
	fmt.Println(stale.Current())

	var warnings bytes.Buffer
	saved := compiledlink.StaleWarnings
	compiledlink.StaleWarnings = &warnings
	defer func() { compiledlink.StaleWarnings = saved }()
	stale.Warn()
	stale.Warn() // once per kernel
	fmt.Print(warnings.String())
	// Output:
	// true
	// false
	// gocuda: k.go:3: kernel k changed since gocuda compile generated its compiled form (go generate example.com/k compiles it again); it runs on the runtime path until then
}
