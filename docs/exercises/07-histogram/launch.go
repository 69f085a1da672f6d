//go:build !solutions

package histogram

import "github.com/gocuda/gocuda/gocuda"

// kernel returns HistogramKernel bound to its arguments, for the host code. With
// the build tag solutions, gocuda compile generates kernel from the
// reference solution instead (see common.go's go:generate line), so the
// reference runs compiled.
func kernel(data []byte, hist []uint32) func(*gocuda.Thread) {
	return func(t *gocuda.Thread) { HistogramKernel(t, data, hist) }
}
