//go:build !solutions

// Package histogram is exercise 7: a byte histogram with shared-memory
// atomics.
//
// Many threads add to the same bins at once, so each increment must be an
// atomic read-modify-write: atomic.Add(&bins[b], 1) from package
// github.com/gocuda/gocuda/atomic (CUDA's atomicAdd). A plain bins[b]++ by
// two threads at once loses one of the increments.
//
// Atomics on one address serialize, so all threads hammering the 256
// global bins are slow. The CUDA way is privatization: each block counts
// into its own bins in shared memory, fast and contended by its own threads
// only, and then adds each of its bins to the global histogram once:
//
//  1. bins := gocuda.Shared[uint32](t, NumBins). On a GPU shared memory
//     starts out as garbage, so the block's threads set the bins to 0
//     (gocuda zeroes it, but write the kernel for a GPU) and SyncThreads.
//  2. A grid-stride loop over data (exercise 2): atomic.Add(&bins[data[i]], 1).
//  3. t.SyncThreads(): the block's counts are complete.
//  4. The threads add the block's bins to hist, atomically, since other
//     blocks add to the same bins. The block may have fewer threads than
//     NumBins, so each thread handles bins tid, tid+B, tid+2B, ...
//
// Run the test with: go test ./07-histogram/ (add -race to have Go's race
// detector check that every update of hist is atomic).
package histogram

import "github.com/gocuda/gocuda/gocuda"

// HistogramKernel is the kernel of Histogram: it adds the number of times
// each byte value b occurs in data to hist[b]. Launched with any
// one-dimensional configuration.
func HistogramKernel(t *gocuda.Thread, data []byte, hist []uint32) {
	// TODO: the four steps of the package comment. Import
	// "github.com/gocuda/gocuda/atomic" for atomic.Add.
}
