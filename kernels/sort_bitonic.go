package kernels

import (
	"fmt"

	"github.com/gocuda/gocuda/gocuda"
)

// Shape of BitonicSort: tiles of 2048 keys in shared memory (16 KiB of
// float64), sorted by blocks of 64 threads, each taking 16 of a step's
// 1024 compare-exchanges: on a CPU a barrier costs more than a compare, so
// fewer threads with more work each wait at fewer barriers.
const (
	bitonicTile    = 2048
	bitonicThreads = 64
	bitonicStep    = 256 // threads per block of the global steps
)

// The bitonic network here is the variant that sorts every pair ascending
// (the first step of each merge compares i with its mirror image in the
// merged sequence, the later ones i with i+h). Any length then works with
// no padding: missing keys past the end stand for +infinity, which an
// ascending compare-exchange never moves, so a pair whose upper index is
// past the end is skipped.

// bitonicPair returns the p-th pair of a step whose pairs are h apart
// (h a power of two): i and i+h, or, for the first step of a merge of
// sequences of h (flip), i and its mirror image in the 2h it lies in.
func bitonicPair(p, h int, flip bool) (i, j int) {
	i = (p&^(h-1))<<1 | p&(h-1)
	if flip {
		return i, i ^ (2*h - 1)
	}
	return i, i + h
}

// BitonicStepKernel returns one global step of Batcher's bitonic sort (as
// in the CUDA samples' sortingNetworks, bitonicMergeGlobal): one thread
// per compare-exchange of a 1D grid of at least pow2(len(keys))/2
// threads, the pairs h apart (see BitonicSort), for steps too long for a
// tile in shared memory. It never waits at a barrier.
//
//gocuda:kernel BitonicStepKernel
func bitonicStepKernel[T Number](t *gocuda.Thread, keys []T, h int, flip bool) {
	n := len(keys)
	p := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	i, j := bitonicPair(p, h, flip)
	if j < n && keys[j] < keys[i] {
		keys[i], keys[j] = keys[j], keys[i]
	}
}

// BitonicSharedKernel returns the shared-memory part of Batcher's bitonic
// sort (the CUDA samples' bitonicSortShared and bitonicMergeShared): each
// block of a 1D grid loads its tile of keys (tile a power of two, at least
// 2*blockDim.X) into shared memory and runs the steps whose pairs lie
// within the tile, each thread taking every blockDim.X-th pair, with a
// barrier between steps. With stage 0 it sorts the tile (every merge up to
// tile); with stage k > tile it finishes the merge of sequences of k/2,
// whose longer steps BitonicStepKernel has done.
//
//gocuda:kernel BitonicSharedKernel
func bitonicShared[T Number](t *gocuda.Thread, keys []T, tile, stage int) {
	n := len(keys)
	b, tid := t.BlockDim.X, t.ThreadIdx.X
	if tile&(tile-1) != 0 || tile < 2*b {
		panic(fmt.Errorf("%w: bitonic tile %d for %d threads", gocuda.ErrInvalidValue, tile, b))
	}
	s := gocuda.Shared[T](t, tile)
	base := t.BlockIdx.X * tile
	m := min(tile, n-base) // keys in this tile; the rest stand for +inf
	for i := tid; i < m; i += b {
		s[i] = keys[base+i]
	}
	if stage == 0 {
		for k := 2; k <= tile; k <<= 1 {
			bitonicSharedStep(t, s, m, k/2, true)
			for h := k / 4; h > 0; h >>= 1 {
				bitonicSharedStep(t, s, m, h, false)
			}
		}
	} else {
		for h := tile / 2; h > 0; h >>= 1 {
			bitonicSharedStep(t, s, m, h, false)
		}
	}
	t.SyncThreads()
	for i := tid; i < m; i += b {
		keys[base+i] = s[i]
	}
}

// bitonicSharedStep is one step of BitonicSharedKernel's network over the
// tile s, whose first m keys are real: after a barrier (the previous step,
// or the load, is done) the block's threads compare and swap the pairs h
// apart, flipped for the first step of a merge.
func bitonicSharedStep[T Number](t *gocuda.Thread, s []T, m, h int, flip bool) {
	t.SyncThreads()
	for p := t.ThreadIdx.X; p < len(s)/2; p += t.BlockDim.X {
		i, j := bitonicPair(p, h, flip)
		if j < m && s[j] < s[i] {
			s[i], s[j] = s[j], s[i]
		}
	}
}

// BitonicSort sorts keys ascending on dev with Batcher's bitonic sorting
// network (as in the CUDA samples' sortingNetworks): BitonicSharedKernel
// sorts tiles of up to 2048 keys, then each merge of longer sequences
// runs its steps of pairs a tile or more apart as BitonicStepKernel
// launches and the shorter ones in shared memory. Any length works, without padding. It is not stable; NaNs end
// up in unspecified places. It returns an error wrapping
// gocuda.ErrInvalidValue if dev is nil, and otherwise the first launch
// error.
func BitonicSort[T Number](dev *gocuda.Device, keys []T) error {
	if dev == nil {
		return fmt.Errorf("%w: sort on a nil device", gocuda.ErrInvalidValue)
	}
	n := len(keys)
	if n <= 1 {
		return nil
	}
	size := scanPow2(n)
	tile := min(bitonicTile, size)
	shared := gocuda.Config{
		Grid:  gocuda.Dim3{X: scanCeil(n, tile)},
		Block: gocuda.Dim3{X: min(bitonicThreads, tile/2)},
	}
	global := gocuda.Config{
		Grid:  gocuda.Dim3{X: scanCeil(size/2, bitonicStep)},
		Block: gocuda.Dim3{X: bitonicStep},
	}
	if err := dev.Launch(shared, BitonicSharedKernel(keys, tile, 0)); err != nil {
		return err
	}
	for k := 2 * tile; k <= size; k <<= 1 { // merge sequences of k/2
		if err := dev.Launch(global, BitonicStepKernel(keys, k/2, true)); err != nil {
			return err
		}
		for h := k / 4; h >= tile; h >>= 1 {
			if err := dev.Launch(global, BitonicStepKernel(keys, h, false)); err != nil {
				return err
			}
		}
		if err := dev.Launch(shared, BitonicSharedKernel(keys, tile, k)); err != nil {
			return err
		}
	}
	return nil
}
