//go:build !solutions

package scan

import "github.com/gocuda/gocuda/gocuda"

// kernel returns ScanKernel bound to its arguments, for the host code. With
// the build tag solutions, gocuda compile generates kernel from the
// reference solution instead (see common.go's go:generate line), so the
// reference runs compiled.
func kernel(in, out []int32) func(*gocuda.Thread) {
	return func(t *gocuda.Thread) { ScanKernel(t, in, out) }
}
