// Package closures has kernels written as closures, and closures inside
// kernels.
package closures

import "github.com/gocuda/gocuda/gocuda"

// kernel is a package-level closure.
var kernel = func(t *gocuda.Thread) {
	data[t.ThreadIdx.X] = 1
}

var data = make([]int, 64)

// launch launches closures: the kernel is a closure inside a function that
// is no kernel.
func launch(out []int) error {
	return gocuda.Launch(gocuda.Config{Block: gocuda.Dim3{X: 32}}, func(t *gocuda.Thread) {
		out[t.ThreadIdx.X] = t.ThreadIdx.X
		add := func(v int) {
			out[t.ThreadIdx.X] += v
		}
		add(2)
	})
}

// outer is a kernel with a nested closure that is a kernel of its own.
func outer(t *gocuda.Thread, out []int) {
	inner := func(u *gocuda.Thread) {
		out[u.ThreadIdx.X] = 0
		func() {
			out[0] = 1
		}()
	}
	inner(t)
}
