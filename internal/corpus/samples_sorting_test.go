package corpus

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// sortedPair is the output of a key-value sort.
type sortedPair struct{ keys, vals []uint32 }

// bitonicSortHost is the sample's bitonicSort(): the shared-memory sort
// for short arrays, the bottom-level sort and the merges for long ones.
func bitonicSortHost(f form, dstKey, dstVal, srcKey, srcVal []uint32, batchSize, arrayLength int, dir uint32) error {
	blockCount := batchSize * arrayLength / sharedSizeLimit
	threads := gocuda.Dim3{X: sharedSizeLimit / 2}
	if arrayLength <= sharedSizeLimit {
		return f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blockCount}, Block: threads}, BitonicSortSharedKernel(dstKey, dstVal, srcKey, srcVal, arrayLength, dir))
	}
	if err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blockCount}, Block: threads}, BitonicSortShared1Kernel(dstKey, dstVal, srcKey, srcVal)); err != nil {
		return err
	}
	for size := 2 * sharedSizeLimit; size <= arrayLength; size <<= 1 {
		for stride := size / 2; stride > 0; stride >>= 1 {
			if stride >= sharedSizeLimit {
				if err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: batchSize * arrayLength / 512}, Block: gocuda.Dim3{X: 256}}, BitonicMergeGlobalKernel(dstKey, dstVal, dstKey, dstVal, arrayLength, size, stride, dir)); err != nil {
					return err
				}
				continue
			}
			if err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blockCount}, Block: threads}, BitonicMergeSharedKernel(dstKey, dstVal, dstKey, dstVal, arrayLength, size, dir)); err != nil {
				return err
			}
			break
		}
	}
	return nil
}

// oddEvenMergeSortHost is the sample's oddEvenMergeSort(): the
// shared-memory sort for short arrays, the bottom-level sort and the merges
// in global memory for long ones.
func oddEvenMergeSortHost(f form, dstKey, dstVal, srcKey, srcVal []uint32, batchSize, arrayLength int, dir uint32) error {
	blockCount := batchSize * arrayLength / sharedSizeLimit
	threads := gocuda.Dim3{X: sharedSizeLimit / 2}
	if arrayLength <= sharedSizeLimit {
		return f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blockCount}, Block: threads}, OddEvenMergeSortSharedKernel(dstKey, dstVal, srcKey, srcVal, arrayLength, dir))
	}
	if err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: blockCount}, Block: threads}, OddEvenMergeSortSharedKernel(dstKey, dstVal, srcKey, srcVal, sharedSizeLimit, dir)); err != nil {
		return err
	}
	for size := 2 * sharedSizeLimit; size <= arrayLength; size <<= 1 {
		for stride := size / 2; stride > 0; stride >>= 1 {
			if err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: batchSize * arrayLength / 512}, Block: gocuda.Dim3{X: 256}}, OddEvenMergeGlobalKernel(dstKey, dstVal, dstKey, dstVal, arrayLength, size, stride, dir)); err != nil {
				return err
			}
		}
	}
	return nil
}

// TestSortingNetworks checks, as the sample's validateSortedKeys and
// validateValues do, that each array comes out ordered and that every
// value is the index of its key in the input.
func TestSortingNetworks(t *testing.T) {
	sorts := map[string]func(form, []uint32, []uint32, []uint32, []uint32, int, int, uint32) error{
		"bitonic": bitonicSortHost, "oddEvenMerge": oddEvenMergeSortHost,
	}
	for name, sort := range sorts {
		for _, c := range []struct{ arrayLength, batch int }{{64, 16}, {1024, 2}, {4096, 1}, {2048, 2}} {
			for _, dir := range []uint32{0, 1} {
				t.Run(fmt.Sprintf("%s/%v/dir=%d", name, c, dir), func(t *testing.T) {
					n := c.arrayLength * c.batch
					r := rng(n, int(dir))
					keys, vals := make([]uint32, n), make([]uint32, n)
					for i := range keys {
						keys[i] = r.Uint32N(500)
						vals[i] = uint32(i)
					}
					got := agree(t, func(f form) (sortedPair, error) {
						p := sortedPair{make([]uint32, n), make([]uint32, n)}
						return p, sort(f, p.keys, p.vals, keys, vals, c.batch, c.arrayLength, dir)
					})
					for b := 0; b < n; b += c.arrayLength {
						for i := b; i < b+c.arrayLength; i++ {
							if i > b {
								if dir == 1 {
									require.LessOrEqual(t, got.keys[i-1], got.keys[i], "element %d", i)
								} else {
									require.GreaterOrEqual(t, got.keys[i-1], got.keys[i], "element %d", i)
								}
							}
							v := got.vals[i]
							require.True(t, int(v) >= b && int(v) < b+c.arrayLength && keys[v] == got.keys[i], "element %d: value %d", i, v)
						}
					}
				})
			}
		}
	}
}
