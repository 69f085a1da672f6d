package hostmem_test

import (
	"fmt"

	"github.com/gocuda/gocuda/internal/hostmem"
)

func ExampleTotal() {
	fmt.Println(hostmem.Total() > 0)
	// Output: true
}
