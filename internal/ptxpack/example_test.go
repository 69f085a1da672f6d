package ptxpack_test

import (
	"fmt"

	"github.com/gocuda/gocuda/internal/ptxpack"
)

// A pack is decoded the first time a module of it is asked for.
func ExampleNew() {
	enc, err := ptxpack.Encode([]ptxpack.Module{{Entry: "saxpy", Text: ".visible .entry saxpy(\n"}})
	if err != nil {
		panic(err)
	}
	p := ptxpack.New(enc) // nothing decoded yet
	text, err := p.Text("saxpy")
	fmt.Printf("%q %v\n", text, err)
	// Output: ".visible .entry saxpy(\n" <nil>
}
