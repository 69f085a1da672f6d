package gocudatest_test

import (
	"fmt"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/gocudatest"
)

// Equal names the first element where a kernel's output differs from the
// host reference.
func ExampleEqual() {
	fmt.Println(gocudatest.Equal([]float32{1, 4, 9}, []float32{1, 4, 9}))
	fmt.Println(gocudatest.Equal([]float32{1, 4, 8}, []float32{1, 4, 9}))
	// Output:
	// <nil>
	// element 2 = 8, want 9
}

// Explain says what a launch error usually means.
func ExampleExplain() {
	dev, err := gocuda.NewDevice()
	if err != nil {
		fmt.Println(err)
		return
	}
	defer dev.Close()
	var out []float32
	err = dev.Launch(gocuda.Config{}, func(*gocuda.Thread) { out[1] = 1 })
	fmt.Println(gocudatest.Explain(err)[:45])
	// Output: a kernel thread indexed a slice out of range
}
