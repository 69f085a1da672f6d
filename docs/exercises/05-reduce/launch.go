//go:build !solutions

package reduce

import "github.com/gocuda/gocuda/gocuda"

// kernel returns SumKernel bound to its arguments, for the host code. With
// the build tag solutions, gocuda compile generates kernel from the
// reference solution instead (see common.go's go:generate line), so the
// reference runs compiled.
func kernel(in, partial []int64) func(*gocuda.Thread) {
	return func(t *gocuda.Thread) { SumKernel(t, in, partial) }
}
