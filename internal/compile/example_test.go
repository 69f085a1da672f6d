package compile_test

import (
	"fmt"
	"log"
	"strings"

	"github.com/gocuda/gocuda/internal/compile"
)

// Generate compiles the kernels of a package, here the test package
// testdata/src/exits, whose one kernel returns early and reduces
// predicates at barriers. Its two builds' code shares one file: the
// statements where they differ run under if compiled.SIMDBuild; the
// SIMD build's own file only imports simd/archsimd, whose methods Go
// inlines only into a package that imports it.
func ExampleGenerate() {
	pkgs, err := compile.Load(".", "./testdata/src/exits")
	if err != nil {
		log.Fatal(err)
	}
	kernels, err := compile.Kernels(pkgs)
	if err != nil {
		log.Fatal(err)
	}
	files, err := compile.Generate(kernels)
	if err != nil {
		log.Fatal(err)
	}
	for _, f := range files {
		fmt.Println(f.Path[strings.LastIndex(f.Path, "/")+1:], f.Kernels, len(f.Refusals))
	}
	// Output:
	// exits_gocuda.go [count] 0
	// exits_gocuda_simd.go [] 0
}
