//go:build !solutions

// Package reverse is exercise 4: reverse an array through shared memory,
// the reverseArray kernel of the classic CUDA lecture slides.
//
// Reversing with out[n-1-i] = in[i] works, but on a GPU neighboring threads
// should touch neighboring addresses (coalesced access) both when they read
// and when they write. So each block copies its segment of the input into
// shared memory, the block's fast scratchpad, and writes it back out
// reversed, to the mirror-image segment of the output:
//
//  1. s := gocuda.Shared[int32](t, t.BlockDim.X) gives the block one
//     shared array. Thread tid of block b loads in[b*B+tid] into s[tid]
//     (B = t.BlockDim.X), if that element exists.
//  2. t.SyncThreads(): no thread may read s until every thread of the
//     block has written its element. Without the barrier a thread reads
//     an element its neighbor has not loaded yet.
//  3. Thread tid writes s[B-1-tid]. That is input element j = b*B+B-1-tid,
//     which belongs at out[n-1-j], if j < n. Consecutive threads write
//     consecutive addresses.
//
// n need not be a multiple of the block size: the last block's segment is
// short, and only the threads whose elements exist load or store them.
//
// Run the test with: go test ./04-reverse/
package reverse

import "github.com/gocuda/gocuda/gocuda"

// ReverseKernel is the kernel of Reverse: block b reverses its segment of
// in, in[b*B : b*B+B] with B = t.BlockDim.X (shorter for the last block),
// into the mirror-image place in out through shared memory.
func ReverseKernel(t *gocuda.Thread, in, out []int32) {
	// TODO: load, barrier, store, as the package comment describes.
}
