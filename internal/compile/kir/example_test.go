package kir_test

import (
	"fmt"
	"strings"

	"github.com/gocuda/gocuda/internal/compile/kir"
)

// The pass table is the pipeline: Compile runs these passes in order, and
// gocuda compile -passes prints them with PassDoc's descriptions.
func ExamplePassNames() {
	names := kir.PassNames()
	fmt.Println(len(names), "passes:", strings.Join(names, " "))
	fmt.Println("check:", kir.PassDoc("check"))
	fmt.Println("stops:", kir.PassDoc("stops"))
	// Output:
	// 25 passes: check build classify lockstep fission fuse streams warp spill mode shared order narrow flatten unroll reverse rows demand tile stops trees memo vector jam outline
	// check: refuse what no lowering can compile: the thread escaping, goto, defer, calls that may synchronize out of sight
	// stops: loops that might not end check for a stopped launch
}
