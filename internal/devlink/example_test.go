package devlink_test

import (
	"fmt"

	"github.com/gocuda/gocuda/internal/devlink"
)

func ExampleAccount() {
	a := devlink.NewAccount(1 << 20)
	fmt.Println(a.Reserve(1<<19), a.Reserve(1<<20))
	fmt.Println(a.Info())
	// Output:
	// true false
	// 524288 1048576
}
