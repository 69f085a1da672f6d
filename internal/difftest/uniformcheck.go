package difftest

import (
	"fmt"

	"github.com/gocuda/gocuda/gocuda"
)

// UniformCheckKernel checks its launch first (the block a power of two)
// and again after a barrier (limit at least the block's size), failing
// the launch with ErrInvalidValue; between them each thread doubles its
// element: the compiled form runs each check once per block, as the
// block's first thread.
//
//gocuda:kernel UniformCheckKernel
func uniformCheck(t *gocuda.Thread, in, out []int32, limit int) {
	b := t.BlockDim.X
	if b&(b-1) != 0 {
		panic(fmt.Errorf("%w: block of %d threads is not a power of two", gocuda.ErrInvalidValue, b))
	}
	i := t.BlockIdx.X*b + t.ThreadIdx.X
	var v int32
	if i < len(in) {
		v = 2 * in[i%len(in)] // a division: the threads record their positions
	}
	t.SyncThreads()
	if limit < b {
		panic(fmt.Errorf("%w: limit %d below the block's %d threads", gocuda.ErrInvalidValue, limit, b))
	}
	if i < len(out) {
		out[i] = v
	}
}

// UniformCheckGridKernel is UniformCheckKernel's first check and doubling
// with no barrier: the compiled form runs a chunk of blocks per call.
//
//gocuda:kernel UniformCheckGridKernel
func uniformCheckGrid(t *gocuda.Thread, in, out []int32) {
	b := t.BlockDim.X
	if b&(b-1) != 0 {
		panic(fmt.Errorf("%w: block of %d threads is not a power of two", gocuda.ErrInvalidValue, b))
	}
	if i := t.BlockIdx.X*b + t.ThreadIdx.X; i < len(in) && i < len(out) {
		out[i] = 2 * in[i]
	}
}
