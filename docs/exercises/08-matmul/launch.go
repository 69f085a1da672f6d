//go:build !solutions

package matmul

import "github.com/gocuda/gocuda/gocuda"

// kernel returns MatMulKernel bound to its arguments, for the host code. With
// the build tag solutions, gocuda compile generates kernel from the
// reference solution instead (see common.go's go:generate line), so the
// reference runs compiled.
func kernel(a, b, c []float32, m, k, n int) func(*gocuda.Thread) {
	return func(t *gocuda.Thread) { MatMulKernel(t, a, b, c, m, k, n) }
}
