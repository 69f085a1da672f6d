// Package names holds kernels whose file imports packages under the
// names the generated file gives gocuda's own: compiled, and lanes in the
// default build, and a kernel local named archsimd, the SIMD build's
// vector package. The copied kernel code keeps its names, so the
// generated files import those packages under others.
package names

import (
	compiled "strings"
	lanes "unicode/utf8"

	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// Repeat returns a kernel whose threads read their neighbour's count of
// the runes of a string repeated rank times, across a barrier.
//
//gocuda:kernel Repeat
func repeat(t *gocuda.Thread, out []int) {
	i := t.ThreadIdx.X
	s := gocuda.Shared[int](t, t.BlockDim.X)
	s[i] = lanes.RuneCountInString(compiled.Repeat("é", i))
	t.SyncThreads()
	out[i] = s[(i+1)%t.BlockDim.X]
}

// Window returns a kernel whose threads sum a window of in from their
// index: a loop the default build runs eight threads a step, in vectors
// of package lanes, and the SIMD build in vectors of simd/archsimd.
//
//gocuda:kernel Window
func window(t *gocuda.Thread, in, out []float32, r int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= len(out) {
		return
	}
	var sum float32
	archsimd := r
	for d := 0; d <= archsimd; d++ {
		sum += in[i+d]
	}
	out[i] = sum
}

// Tally returns a kernel that counts bytes into a slice it only adds to,
// whose parameter shadows Go's cap: the private copy the body takes
// names the parameter as the body does. Of upto the kernel takes only
// the length, and no copy: it updates nothing there.
//
//gocuda:kernel Tally
func tally(t *gocuda.Thread, data []byte, cap, upto []uint32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(data) && i < len(upto) {
		atomic.Add(&cap[data[i]], 1)
	}
}
