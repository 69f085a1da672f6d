package goid_test

import (
	"fmt"

	"github.com/gocuda/gocuda/internal/goid"
)

func ExampleID() {
	main := goid.ID()
	done := make(chan uint64)
	go func() { done <- goid.ID() }()
	fmt.Println(main == goid.ID(), main == <-done)
	// Output: true false
}
