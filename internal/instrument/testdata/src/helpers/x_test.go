package helpers

import "github.com/gocuda/gocuda/gocuda"

// last is called only from a kernel in a test file.
func last(s []int) int { return s[len(s)-1] }

var testKernel = func(t *gocuda.Thread) {
	var s []int
	_ = last(s) + first(s)
}
