// Command gocudacompile is `gocuda compile` without the rest of the gocuda
// command, for this module's own go:generate lines: the gocuda command
// imports package kernels (for its demo), so it cannot build while the
// kernels' generated files are missing or stale, and this can.
package main

import (
	"os"

	"github.com/gocuda/gocuda/internal/compile"
)

func main() { os.Exit(compile.Main(os.Args[1:], os.Stdout, os.Stderr)) }
