package kernels

import (
	"fmt"
	"math"

	"github.com/gocuda/gocuda/gocuda"
)

// Shape of the multi-block radix sort: 8-bit digits (4 passes over uint32
// keys), blocks of one warp whose threads each own a run of keys, so the
// per-thread digit counts (256 per thread, 32 KiB per block) fit in shared
// memory.
const (
	radixBits      = 8
	radixBuckets   = 1 << radixBits
	radixThreads   = gocuda.WarpSize
	radixMinItems  = 64
	radixMaxItems  = 2048
	radixMaxThread = 32 // the most threads a block of the radix kernels may have
)

// RadixHistogramKernel returns the first step of a pass of the multi-block
// LSD radix sort (Satish, Harris and Garland, "Designing Efficient Sorting
// Algorithms for Manycore GPUs", 2009, and the CUDA samples' radixSort):
// each block of a 1D grid counts the digits (keys >> shift) & 255 of the
// blockDim.X*items keys it covers, each thread a run of items consecutive
// keys into its own column of a shared-memory histogram, and writes the
// block's count of digit d to counts[d*gridDim.X + blockIdx.X]. That
// digit-major order makes the exclusive scan of counts the position where
// each block's keys of each digit start. blockDim.X is at most 32.
//
//gocuda:kernel RadixHistogramKernel
func radixHistogram(t *gocuda.Thread, keys, counts []uint32, shift uint, items int) {
	b, tid, blk := t.BlockDim.X, t.ThreadIdx.X, t.BlockIdx.X
	local := radixCount(t, keys, shift, items)
	t.SyncThreads()
	for d := tid; d < radixBuckets; d += b {
		var s uint32
		for _, c := range local[d*b : (d+1)*b] {
			s += c
		}
		counts[d*t.GridDim.X+blk] = s
	}
}

// radixCount counts the digits of the calling thread's run into its column
// of the block's shared histogram local[digit*blockDim.X + thread], and
// returns local.
func radixCount(t *gocuda.Thread, keys []uint32, shift uint, items int) []uint32 {
	b, tid := t.BlockDim.X, t.ThreadIdx.X
	if b > radixMaxThread {
		panic(fmt.Errorf("%w: radix sort block of %d threads, more than %d", gocuda.ErrInvalidValue, b, radixMaxThread))
	}
	local := gocuda.Shared[uint32](t, radixBuckets*b)
	for d := range radixBuckets { // shared memory starts undefined on a GPU: clear the thread's column
		local[d*b+tid] = 0
	}
	lo := min(len(keys), (t.BlockIdx.X*b+tid)*items)
	hi := min(len(keys), lo+items)
	for _, k := range keys[lo:hi] {
		local[int(k>>shift&(radixBuckets-1))*b+tid]++
	}
	return local
}

// RadixScatterKernel returns the last step of a pass of the multi-block
// LSD radix sort: each block recounts its threads' digits as
// RadixHistogramKernel did, turns them, digit by digit, into each thread's
// first position from offsets (the exclusive scan of the histogram counts)
// plus the counts of the threads before it, and each thread moves its run
// of keys from src to dst in order, so that the pass is stable. srcVals,
// if not nil, move with the keys into dstVals. blockDim.X and items must be
// those of the histogram launch.
//
//gocuda:kernel RadixScatterKernel
func radixScatter[V any](t *gocuda.Thread, src, dst []uint32, srcVals, dstVals []V, offsets []uint32, shift uint, items int) {
	n := len(src)
	b, tid, blk := t.BlockDim.X, t.ThreadIdx.X, t.BlockIdx.X
	local := radixCount(t, src[:n], shift, items)
	t.SyncThreads()
	for d := tid; d < radixBuckets; d += b { // scan each digit's row over the threads
		next := offsets[d*t.GridDim.X+blk]
		for j := d * b; j < (d+1)*b; j++ {
			c := local[j]
			local[j] = next
			next += c
		}
	}
	t.SyncThreads()
	lo := min(n, (blk*b+tid)*items)
	hi := min(n, lo+items)
	for i := lo; i < hi; i++ {
		k := src[i]
		j := int(k>>shift&(radixBuckets-1))*b + tid
		pos := local[j]
		local[j] = pos + 1
		dst[pos] = k
		if srcVals != nil {
			dstVals[pos] = srcVals[i]
		}
	}
}

// RadixSort sorts keys on dev with the multi-block LSD radix sort: four
// passes of 8 bits, each a RadixHistogramKernel launch, an ExclusiveScan of
// the digit counts and a RadixScatterKernel launch, between keys and a
// scratch buffer. See RadixSortPairs.
func RadixSort(dev *gocuda.Device, keys []uint32) error {
	return RadixSortPairs[struct{}](dev, keys, nil)
}

// RadixSortPairs sorts keys on dev as RadixSort does, moving values[i]
// with keys[i] (values may be nil: keys only). The sort is stable: values
// of equal keys keep their order. It returns an error wrapping
// gocuda.ErrInvalidValue if dev is nil, values is neither nil nor as long
// as keys, or there are 2^32 keys or more, and otherwise the first launch
// error.
func RadixSortPairs[V any](dev *gocuda.Device, keys []uint32, values []V) error {
	if dev == nil {
		return fmt.Errorf("%w: sort on a nil device", gocuda.ErrInvalidValue)
	}
	n := len(keys)
	if values != nil && len(values) != n {
		return fmt.Errorf("%w: %d keys with %d values", gocuda.ErrInvalidValue, n, len(values))
	}
	if uint64(n) > math.MaxUint32 {
		return fmt.Errorf("%w: %d keys: positions must fit in uint32", gocuda.ErrInvalidValue, n)
	}
	if n <= 1 {
		return nil
	}
	items := scanCeil(n, radixThreads*4*dev.Workers()) // about 4 blocks a worker
	items = min(max(items, radixMinItems), radixMaxItems, scanCeil(n, radixThreads))
	blocks := scanCeil(n, radixThreads*items)
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: blocks}, Block: gocuda.Dim3{X: radixThreads}}
	counts := make([]uint32, radixBuckets*blocks)
	src, dst := keys, make([]uint32, n)
	srcVals, dstVals := values, []V(nil)
	if values != nil {
		dstVals = make([]V, n)
	}
	for shift := uint(0); shift < 32; shift += radixBits { // an even number of passes ends in keys
		if err := dev.Launch(cfg, RadixHistogramKernel(src, counts, shift, items)); err != nil {
			return err
		}
		if err := ExclusiveScan(dev, counts, counts); err != nil {
			return err
		}
		if err := dev.Launch(cfg, RadixScatterKernel(src, dst, srcVals, dstVals, counts, shift, items)); err != nil {
			return err
		}
		src, dst = dst, src
		srcVals, dstVals = dstVals, srcVals
	}
	return nil
}
