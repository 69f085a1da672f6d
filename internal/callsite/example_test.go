package callsite_test

import (
	"fmt"

	"github.com/gocuda/gocuda/internal/callsite"
)

// where returns the place it was called from.
//
//go:noinline
func where() uintptr {
	var a callsite.Anchor
	return callsite.Return(&a)
}

func ExampleReturn() {
	var sites []uintptr
	for range 2 {
		sites = append(sites, where()) // the same site twice
	}
	sites = append(sites, where()) // another site
	fmt.Println(sites[0] == sites[1], sites[1] == sites[2])
	// Output: true false
}
