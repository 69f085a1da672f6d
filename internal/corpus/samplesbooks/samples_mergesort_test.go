package samplesbooks

import (
	"cmp"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// mergeSortHost is mergeSort() of mergeSort.cu: sort runs of
// SHARED_SIZE_LIMIT in shared memory, then merge runs of doubling stride
// by sample ranks, limits and elementary intervals, copying a lone last
// run through; bitonic picks bitonic.cu's merge of the intervals instead
// of mergeSort.cu's.
func mergeSortHost(f form, dstKey, dstVal, srcKey, srcVal []uint32, N, sortDir uint32, bitonic bool) error {
	bufKey, bufVal := make([]uint32, N), make([]uint32, N)
	maxSamples := N/msSampleStride + 2
	ranksA, ranksB := make([]uint32, maxSamples), make([]uint32, maxSamples)
	limitsA, limitsB := make([]uint32, maxSamples), make([]uint32, maxSamples)

	stageCount := 0
	for stride := uint32(msSharedSizeLimit); stride < N; stride <<= 1 {
		stageCount++
	}
	ikey, ival, okey, oval := dstKey, dstVal, bufKey, bufVal
	if stageCount&1 != 0 {
		ikey, ival, okey, oval = bufKey, bufVal, dstKey, dstVal
	}

	blockCount := int(N / msSharedSizeLimit)
	if err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blockCount}, Block: gocuda.Dim3{X: msSharedSizeLimit / 2}},
		MergeSortSharedKernel(ikey, ival, srcKey, srcVal, msSharedSizeLimit, sortDir)); err != nil {
		return err
	}

	for stride := uint32(msSharedSizeLimit); stride < N; stride <<= 1 {
		lastSegmentElements := N % (2 * stride)
		threadCount := (N - lastSegmentElements) / (2 * msSampleStride)
		if lastSegmentElements > stride {
			threadCount = (N + 2*stride - lastSegmentElements) / (2 * msSampleStride)
		}
		grid := gocuda.Dim3{X: int(msIDivUp(threadCount, 256))}
		block := gocuda.Dim3{X: 256}
		if err := f.launch(gocuda.Config{Grid: grid, Block: block},
			GenerateSampleRanksKernel(ranksA, ranksB, ikey, stride, N, threadCount, sortDir)); err != nil {
			return err
		}
		if err := f.launch(gocuda.Config{Grid: grid, Block: block},
			MergeRanksAndIndicesKernel(limitsA, ranksA, stride, N, threadCount)); err != nil {
			return err
		}
		if err := f.launch(gocuda.Config{Grid: grid, Block: block},
			MergeRanksAndIndicesKernel(limitsB, ranksB, stride, N, threadCount)); err != nil {
			return err
		}

		mergePairs := (N - lastSegmentElements) / msSampleStride
		if lastSegmentElements > stride {
			mergePairs = getSampleCount(N)
		}
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: int(mergePairs)}, Block: gocuda.Dim3{X: msSampleStride}}
		kernel := MergeElementaryIntervalsKernel(okey, oval, ikey, ival, limitsA, limitsB, stride, N, sortDir)
		if bitonic {
			kernel = BitonicMergeElementaryIntervalsKernel(okey, oval, ikey, ival, limitsA, limitsB, stride, N, sortDir)
		}
		if err := f.launch(cfg, kernel); err != nil {
			return err
		}

		if lastSegmentElements <= stride {
			copy(okey[N-lastSegmentElements:], ikey[N-lastSegmentElements:])
			copy(oval[N-lastSegmentElements:], ival[N-lastSegmentElements:])
		}
		ikey, okey = okey, ikey
		ival, oval = oval, ival
	}
	return nil
}

// TestMergeSort sorts 3072 keys with many repeats (three runs of 1024, so
// that both merge passes meet a short or lone last segment) in both
// directions, with both interval merges, against a stable sort on the
// host (the bitonic merge is not stable: it is checked as a permutation
// that carries each value with its key).
func TestMergeSort(t *testing.T) {
	const N = 3 * msSharedSizeLimit
	r := rng(N)
	key := make([]uint32, N)
	val := make([]uint32, N)
	for i := range key {
		key[i] = r.Uint32N(500)
		val[i] = uint32(i)
	}
	for _, sortDir := range []uint32{1, 0} {
		want := slices.Clone(val)
		slices.SortStableFunc(want, func(a, b uint32) int {
			if sortDir == 1 {
				return cmp.Compare(key[a], key[b])
			}
			return cmp.Compare(key[b], key[a])
		})
		for _, bitonic := range []bool{false, true} {
			type res struct{ key, val []uint32 }
			got := agree(t, func(f form) (res, error) {
				dk, dv := make([]uint32, N), make([]uint32, N)
				err := mergeSortHost(f, dk, dv, key, val, N, sortDir, bitonic)
				return res{dk, dv}, err
			})
			for i, v := range want {
				require.Equal(t, key[v], got.key[i], "dir %d bitonic %v: key %d", sortDir, bitonic, i)
				require.Equal(t, key[got.val[i]], got.key[i], "dir %d bitonic %v: value %d", sortDir, bitonic, i)
			}
			if !bitonic {
				require.Equal(t, want, got.val, "dir %d: values (stable)", sortDir)
			} else {
				require.ElementsMatch(t, val, got.val, "values")
			}
		}
	}
}
