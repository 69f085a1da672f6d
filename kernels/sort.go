package kernels

import (
	"fmt"

	"github.com/gocuda/gocuda/gocuda"
)

// The sorts, all ascending and in place:
//
//   - BlockRadixSort: P&H Appendix B's block radix sort (Figures B.8.10 and
//     B.8.11), one bit per step over a block scan, up to 1024 keys;
//   - RadixSort and RadixSortPairs: a multi-block LSD radix sort of any
//     length, 8 bits per pass: per-block digit histograms, a scan of the
//     digit counts (ExclusiveScan) and a stable scatter;
//   - BitonicSort: Batcher's bitonic sorting network for any length, the
//     steps within a tile in shared memory and the longer ones across
//     blocks;
//   - QuickSort: the recursive quicksort of CUDA's cdpSimpleQuicksort
//     sample, each partition launching two child grids from inside the
//     kernel (dynamic parallelism).

// BlockRadixSortMax is the most keys BlockRadixSort sorts: one block of
// at most 1024 threads, one key per thread.
const BlockRadixSortMax = gocuda.MaxThreadsPerBlock

// BlockRadixSortKernel returns the block radix sort of P&H Appendix B,
// Figure B.8.10 (radix_sort) with Figure B.8.11 (partition_by_bit): each
// block of a 1D grid sorts the blockDim.X consecutive keys it covers (the
// last block those left) in shared memory, one key per thread, one bit per
// step from the least significant: each step scans the keys' bits with the
// Hillis–Steele plus_scan of Figure B.8.7, and moves the keys whose bit is
// 0 to the front and those whose bit is 1 after them, each side keeping
// its order, so that the 32 steps sort. Threads past the end return at
// once, which holds no barrier up.
//
//gocuda:kernel BlockRadixSortKernel
func blockRadixSort(t *gocuda.Thread, keys []uint32) {
	n := len(keys)
	b, i := t.BlockDim.X, t.ThreadIdx.X
	base := t.BlockIdx.X * b
	size := min(b, n-base)
	if i >= size {
		return
	}
	values := gocuda.Shared[uint32](t, b)[:size]
	values[i] = keys[base+i]
	t.SyncThreads()
	for bit := range uint(32) { // Figure B.8.10
		sortPartitionByBit(t, values, bit)
		t.SyncThreads()
	}
	keys[base+i] = values[i]
}

// sortPartitionByBit is Figure B.8.11's partition_by_bit: a stable
// partition of values by the given bit, one value per thread.
func sortPartitionByBit(t *gocuda.Thread, values []uint32, bit uint) {
	i := uint32(t.ThreadIdx.X)
	size := uint32(len(values))
	x := values[i]
	p := (x >> bit) & 1
	values[i] = p
	t.SyncThreads()
	tBefore := scanHillisSteele(t, values) // 1-bits up to and including i
	tTotal := values[size-1]
	fTotal := size - tTotal
	t.SyncThreads() // every read of the scan before the keys move in
	if p != 0 {
		values[tBefore-1+fTotal] = x
	} else {
		values[i-tBefore] = x
	}
}

// BlockRadixSort sorts keys, at most BlockRadixSortMax of them, on dev
// with BlockRadixSortKernel in one block of len(keys) threads. It returns
// an error wrapping gocuda.ErrInvalidValue if dev is nil or there are more
// keys; use RadixSort for any length.
func BlockRadixSort(dev *gocuda.Device, keys []uint32) error {
	if dev == nil {
		return fmt.Errorf("%w: sort on a nil device", gocuda.ErrInvalidValue)
	}
	if len(keys) > BlockRadixSortMax {
		return fmt.Errorf("%w: block radix sort of %d keys, more than one block's %d",
			gocuda.ErrInvalidValue, len(keys), BlockRadixSortMax)
	}
	if len(keys) == 0 {
		return nil
	}
	return dev.Launch(gocuda.Config{Block: gocuda.Dim3{X: len(keys)}}, BlockRadixSortKernel(keys))
}
