package kernels

import (
	"fmt"

	"github.com/gocuda/gocuda/gocuda"
)

// reverseBlock is the threads per block of the reversals.
const reverseBlock = 256

// ReverseNaiveKernel returns the lecture decks' first reverseArray: one
// thread per element, thread i copying in[i] to out[n-1-i] straight from
// global memory (on a GPU the writes of a warp land in reverse order).
// in and out must have the same length and must not overlap. Launch it with
// at least len(in) threads in one dimension of blocks (ReverseNaive does).
//
//gocuda:kernel ReverseNaiveKernel
func reverseNaive[T any](t *gocuda.Thread, in, out []T) {
	n := len(in)
	if i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X; i < n {
		out[n-1-i] = in[i]
	}
}

// ReverseSharedKernel returns the lecture decks' shared-memory
// reverseArray: each block loads its tile of in into shared memory
// reversed, then writes the tile to the mirrored block position of out, so
// both the reads and the writes are in ascending order. The slides'
// version assumes len(in) is a multiple of the block size; this one takes
// any length by mirroring positions rather than blocks: block b's tile
// [b*blockDim, (b+1)*blockDim) lands at out[n-(b+1)*blockDim:], and the
// threads whose source is past the end of in write nothing. in and out must
// have the same length and must not overlap. Launch it with a
// one-dimensional block and at least len(in) threads (ReverseShared does).
//
//gocuda:kernel ReverseSharedKernel
func reverseShared[T any](t *gocuda.Thread, in, out []T) {
	n := len(in)
	tid, b := t.ThreadIdx.X, t.BlockDim.X
	tile := gocuda.Shared[T](t, b)
	if i := t.BlockIdx.X*b + tid; i < n {
		tile[b-1-tid] = in[i]
	}
	t.SyncThreads()
	// tile[tid] came from in[(blockIdx+1)*b-1-tid], whose mirror is o.
	if o := n - (t.BlockIdx.X+1)*b + tid; o >= 0 {
		out[o] = tile[tid]
	}
}

// ReverseNaive writes in reversed to out on dev with ReverseNaiveKernel.
// It returns an error wrapping gocuda.ErrInvalidValue if dev is nil or the
// lengths differ, and otherwise the launch's error.
func ReverseNaive[T any](dev *gocuda.Device, in, out []T) error {
	if err := reverseCheck("ReverseNaive", dev, len(in), len(out)); err != nil {
		return err
	}
	return dev.Launch(reverseConfig(len(in)), ReverseNaiveKernel(in, out))
}

// ReverseShared writes in reversed to out on dev with ReverseSharedKernel.
// Errors are as for ReverseNaive.
func ReverseShared[T any](dev *gocuda.Device, in, out []T) error {
	if err := reverseCheck("ReverseShared", dev, len(in), len(out)); err != nil {
		return err
	}
	return dev.Launch(reverseConfig(len(in)), ReverseSharedKernel(in, out))
}

// reverseCheck validates a reversal of n elements into m.
func reverseCheck(name string, dev *gocuda.Device, n, m int) error {
	switch {
	case dev == nil:
		return fmt.Errorf("%w: kernels.%s: nil device", gocuda.ErrInvalidValue, name)
	case n != m:
		return fmt.Errorf("%w: kernels.%s: %d elements into %d", gocuda.ErrInvalidValue, name, n, m)
	}
	return nil
}

// reverseConfig is one thread per element in blocks of reverseBlock, at
// least one block.
func reverseConfig(n int) gocuda.Config {
	return gocuda.Config{
		Grid:  gocuda.Dim3{X: max(1, (n+reverseBlock-1)/reverseBlock)},
		Block: gocuda.Dim3{X: reverseBlock},
	}
}
