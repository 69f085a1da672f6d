package instrument_test

import (
	"fmt"
	"log"
	"path/filepath"
	"strings"

	"github.com/gocuda/gocuda/internal/instrument"
)

// Example rewrites the kernels of a package and prints a line of SAXPY as
// an instrumented build compiles it: the same line as in the source, its
// store handing the value to the probe. The site table also names the
// file's three kernels.
func Example() {
	pkgs, _, err := instrument.Load(instrument.Config{}, "./testdata/src/basic")
	if err != nil {
		log.Fatal(err)
	}
	files, err := instrument.Rewrite(pkgs)
	if err != nil {
		log.Fatal(err)
	}
	for _, f := range files {
		fmt.Printf("%s: %d sites\n", filepath.Base(f.Path), len(f.Sites))
		s := f.Sites[1]
		fmt.Printf("site 1: %v of %s at line %d\n", s.Kind, s.Expr, s.Line)
		fmt.Println(strings.TrimSpace(strings.Split(string(f.Source), "\n")[s.Line-1]))
	}
	// Output:
	// x.go: 27 sites
	// site 1: Write of y[i] at line 11
	// gocudaprobe.Store(t, &gocudaSites_x[1], y, i, a*(*gocudaprobe.Index(t, &gocudaSites_x[2], x, i)) + (*gocudaprobe.Index(t, &gocudaSites_x[3], y, i)))
}
