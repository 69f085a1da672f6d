package srchash_test

import (
	"fmt"

	"github.com/gocuda/gocuda/internal/srchash"
)

// A kernel's fingerprint changes with its lines and with nothing else.
func ExampleLines() {
	src := []byte("package k\n\n// K is a kernel.\nfunc K() {}\n")
	edited := []byte("package k\n\n// K is a kernel.\nfunc K() { _ = 1 }\n")
	moved := []byte("package k\n\n// K is a kernel.\nfunc K() {}\n\nfunc other() {}\n")
	fmt.Println(srchash.Lines(src, 3, 4) == srchash.Lines(edited, 3, 4))
	fmt.Println(srchash.Lines(src, 3, 4) == srchash.Lines(moved, 3, 4))
	// Output:
	// false
	// true
}
