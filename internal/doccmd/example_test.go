package doccmd_test

import (
	"fmt"

	"github.com/gocuda/gocuda/internal/doccmd"
)

func ExampleParse() {
	md := []byte("Run the benchmarks:\n\n" +
		"```sh\n" +
		"go test -run '^$' -bench 'SAXPY/n=1048576/impl=(perThread|handSerial)' ./bench > new.txt\n" +
		"benchstat new.txt   # medians\n" +
		"```\n\n" +
		"or `go run ./cmd/gocuda bench -quick` for a table.\n")
	for _, c := range doccmd.Parse("README.md", md, "go", "benchstat") {
		fmt.Printf("%d %q\n", c.Line, c.Args)
	}
	// Output:
	// 4 ["go" "test" "-run" "^$" "-bench" "SAXPY/n=1048576/impl=(perThread|handSerial)" "./bench"]
	// 5 ["benchstat" "new.txt"]
	// 8 ["go" "run" "./cmd/gocuda" "bench" "-quick"]
}
