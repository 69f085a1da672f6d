//go:build goexperiment.simd && amd64

package compiled

import (
	"simd/archsimd"

	"github.com/gocuda/gocuda/internal/grid"
)

// laneIota holds each lane's index.
var laneIota = [8]int32{0, 1, 2, 3, 4, 5, 6, 7}

// shuffleWords is shuffleWarp for 32-bit values, as their bits, eight
// lanes a vector where the CPU has AVX2: a group of lanes that all read
// another's value is an unaligned load at the offset; a group whose
// lanes keep their own in part goes lane by lane. It reports whether it
// did the shuffle (false: no AVX2, the caller copies).
func shuffleWords(kind grid.Kind, vals *[warpSize]uint32, d int, res *[warpSize]uint32) bool {
	if !SIMD {
		return false
	}
	switch kind {
	case grid.KindShfl:
		v := archsimd.BroadcastUint32x8(vals[d])
		for g := 0; g < warpSize; g += 8 {
			v.StoreSlice(res[g:])
		}
	case grid.KindShflUp: // lane j reads j-d; the first d keep their own
		for g := 0; g < warpSize; g += 8 {
			switch {
			case g >= d:
				archsimd.LoadUint32x8Slice(vals[g-d:]).StoreSlice(res[g:])
			case g+8 <= d:
				archsimd.LoadUint32x8Slice(vals[g:]).StoreSlice(res[g:])
			default:
				for j := g; j < g+8; j++ {
					if j >= d {
						res[j] = vals[j-d]
					} else {
						res[j] = vals[j]
					}
				}
			}
		}
	default: // grid.KindShflDown: lane j reads j+d; the last d keep their own
		for g := 0; g < warpSize; g += 8 {
			switch {
			case g+d+8 <= warpSize:
				archsimd.LoadUint32x8Slice(vals[g+d:]).StoreSlice(res[g:])
			case g+d >= warpSize:
				archsimd.LoadUint32x8Slice(vals[g:]).StoreSlice(res[g:])
			default: // lanes k from warpSize-g-d on keep their own: a blend
				keep := archsimd.LoadInt32x8(&laneIota).GreaterEqual(archsimd.BroadcastInt32x8(int32(warpSize - g - d)))
				own := archsimd.LoadUint32x8Slice(vals[g:])
				own.Merge(archsimd.LoadUint32x8SlicePart(vals[g+d:]), keep).StoreSlice(res[g:])
			}
		}
	}
	archsimd.ClearAVXUpperBits() // the caller's code is scalar
	return true
}
