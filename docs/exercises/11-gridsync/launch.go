//go:build !solutions

package gridsync

import "github.com/gocuda/gocuda/gocuda"

// kernel returns CenterKernel bound to its arguments, for the host code. With
// the build tag solutions, gocuda compile generates kernel from the
// reference solution instead (see common.go's go:generate line), so the
// reference runs compiled.
func kernel(in, out []float64, sum *float64) func(*gocuda.Thread) {
	return func(t *gocuda.Thread) { CenterKernel(t, in, out, sum) }
}
