package compiledlink_test

import (
	"bytes"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"strings"

	"github.com/gocuda/gocuda/internal/compiledlink"
	"github.com/gocuda/gocuda/internal/srchash"
)

// The engine runs a compiled kernel only while the lines it was generated
// from are unchanged: here a kernel's source is edited after generation,
// and a fresh Source of it (a new process) finds it stale and says so.
func ExampleSource_Current() {
	dir, err := os.MkdirTemp("", "compiledlink")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	file := filepath.Join(dir, "k.go")
	src := []byte("package k\n\n// k is a kernel.\nfunc k() {\n}\n")
	if err := os.WriteFile(file, src, 0o666); err != nil {
		log.Fatal(err)
	}
	hash := srchash.Sum(srchash.Span(src, 3, 5)) // what gocuda compile records

	fmt.Println(compiledlink.NewSource(dir, "k", hash, []string{"k.go:3-5"}).Current())

	edited := []byte("package k\n\n// k is a kernel.\nfunc k() { println() }\n")
	if err := os.WriteFile(file, edited, 0o666); err != nil {
		log.Fatal(err)
	}
	var warnings bytes.Buffer
	saved := compiledlink.StaleWarnings
	compiledlink.StaleWarnings = &warnings
	defer func() { compiledlink.StaleWarnings = saved }()
	fmt.Println(compiledlink.NewSource(dir, "k", hash, []string{"k.go:3-5"}).Current())
	fmt.Println(strings.Contains(warnings.String(), "kernel k changed since gocuda compile generated its compiled form"))
	// Output:
	// true
	// false
	// true
}
