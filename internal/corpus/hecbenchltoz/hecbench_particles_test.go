package hecbenchltoz

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// particlesBitonicSort is particles-cuda's bitonicSort (bitonicSort.cu),
// launching on the form's path.
func particlesBitonicSort(f form, dstKey, dstVal, srcKey, srcVal []uint32, batch, arrayLength, dir uint32) error {
	const lim = particlesLocalSizeLimit
	blocks := func(local uint32) gocuda.Config {
		return gocuda.Config{Grid: gocuda.Dim3{X: int(batch * arrayLength / 2 / local)}, Block: gocuda.Dim3{X: int(local)}}
	}
	if arrayLength <= lim {
		return f.launch(blocks(lim/2), BitonicSortLocalKernel(dstKey, dstVal, srcKey, srcVal, arrayLength, dir))
	}
	if err := f.launch(blocks(lim/2), BitonicSortLocal1Kernel(dstKey, dstVal, srcKey, srcVal)); err != nil {
		return err
	}
	for size := uint32(2 * lim); size <= arrayLength; size <<= 1 {
		for stride := size / 2; stride > 0; stride >>= 1 {
			if stride >= lim {
				if err := f.launch(blocks(lim/4), BitonicMergeGlobalKernel(dstKey, dstVal, dstKey, dstVal, arrayLength, size, stride, dir)); err != nil {
					return err
				}
			} else {
				if err := f.launch(blocks(lim/2), BitonicMergeLocalKernel(dstKey, dstVal, dstKey, dstVal, arrayLength, size, stride, dir)); err != nil {
					return err
				}
				break
			}
		}
	}
	return nil
}

// TestParticlesBitonicSort sorts keys with their indices as values:
// 4 arrays of 256 (bitonicSortLocal, both directions) and one array of
// 4096 (bitonicSortLocal1, bitonicMergeGlobal and bitonicMergeLocal),
// against a stable sort of the keys (duplicates checked through the
// values' keys).
func TestParticlesBitonicSort(t *testing.T) {
	for _, c := range []struct{ batch, length, dir uint32 }{{4, 256, 1}, {4, 256, 0}, {1, 4096, 1}, {1, 4096, 0}} {
		n := int(c.batch * c.length)
		r := rng(n, int(c.dir))
		keys, vals := make([]uint32, n), make([]uint32, n)
		for i := range keys {
			keys[i], vals[i] = r.Uint32N(1000), uint32(i)
		}
		got := agree(t, func(f form) ([2][]uint32, error) {
			dk, dv := make([]uint32, n), make([]uint32, n)
			err := particlesBitonicSort(f, dk, dv, keys, vals, c.batch, c.length, c.dir)
			return [2][]uint32{dk, dv}, err
		})
		for b := range int(c.batch) {
			lo, hi := b*int(c.length), (b+1)*int(c.length)
			want := slices.Clone(keys[lo:hi])
			slices.Sort(want)
			if c.dir == 0 {
				slices.Reverse(want)
			}
			require.Equal(t, want, got[0][lo:hi], "batch %d of %+v", b, c)
			for i := lo; i < hi; i++ {
				require.Equal(t, keys[got[1][i]], got[0][i], "value %d of %+v", i, c)
			}
		}
	}
}
