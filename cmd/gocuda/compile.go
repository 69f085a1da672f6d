package main

import (
	"io"

	"github.com/gocuda/gocuda/internal/compile"
)

// runCompile is `gocuda compile`: see compile.Main.
func runCompile(args []string, stdout, stderr io.Writer) int {
	return compile.Main(args, stdout, stderr)
}
