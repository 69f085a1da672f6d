//go:build goexperiment.simd && amd64

package compiled

import (
	"simd/archsimd"
	"unsafe"
)

// treeFoldVector runs the sums of treeFold2 (q 0) or treeFold3 with
// vectors for float32, int32, uint32 and float64 elements, each lane
// adding its element's eight (or four) in the scalar order, and reports
// whether it did: not for other types, nor where the CPU lacks AVX2. The
// SIMD build runs the tree's steps as vector loops: fusing them with
// scalar sums took a third more time than those.
func treeFoldVector[T Number](row []T, s, h, q int) bool {
	if !SIMD {
		return false
	}
	var x int
	switch r := any(row).(type) {
	case []float32:
		x = foldFloat32(r, s, h, q)
	case []int32:
		x = foldInt32(r, s, h, q)
	case []uint32: // integer addition wraps alike, whatever the sign
		x = foldInt32(unsafe.Slice((*int32)(unsafe.Pointer(unsafe.SliceData(r))), len(r)), s, h, q)
	case []float64:
		x = foldFloat64(r, s, h, q)
	default:
		return false
	}
	archsimd.ClearAVXUpperBits()
	treeFoldFrom(row, s, h, q, x)
	return true
}

// foldFloat32 computes the fused sums of the elements below the last
// step, eight at a time, and returns where it stopped.
func foldFloat32(row []float32, s, h, q int) int {
	n, x := lastStep(h, q), 0
	for ; x+8 <= n; x += 8 {
		sum := archsimd.LoadFloat32x8Slice(row[x:]).Add(archsimd.LoadFloat32x8Slice(row[x+s:])).
			Add(archsimd.LoadFloat32x8Slice(row[x+h:]).Add(archsimd.LoadFloat32x8Slice(row[x+h+s:])))
		if q > 0 {
			y := x + q
			sum = sum.Add(archsimd.LoadFloat32x8Slice(row[y:]).Add(archsimd.LoadFloat32x8Slice(row[y+s:])).
				Add(archsimd.LoadFloat32x8Slice(row[y+h:]).Add(archsimd.LoadFloat32x8Slice(row[y+h+s:]))))
		}
		sum.StoreSlice(row[x:])
	}
	return x
}

// foldInt32 is foldFloat32 for int32s.
func foldInt32(row []int32, s, h, q int) int {
	n, x := lastStep(h, q), 0
	for ; x+8 <= n; x += 8 {
		sum := archsimd.LoadInt32x8Slice(row[x:]).Add(archsimd.LoadInt32x8Slice(row[x+s:])).
			Add(archsimd.LoadInt32x8Slice(row[x+h:]).Add(archsimd.LoadInt32x8Slice(row[x+h+s:])))
		if q > 0 {
			y := x + q
			sum = sum.Add(archsimd.LoadInt32x8Slice(row[y:]).Add(archsimd.LoadInt32x8Slice(row[y+s:])).
				Add(archsimd.LoadInt32x8Slice(row[y+h:]).Add(archsimd.LoadInt32x8Slice(row[y+h+s:]))))
		}
		sum.StoreSlice(row[x:])
	}
	return x
}

// foldFloat64 is foldFloat32 for float64s, four at a time.
func foldFloat64(row []float64, s, h, q int) int {
	n, x := lastStep(h, q), 0
	for ; x+4 <= n; x += 4 {
		sum := archsimd.LoadFloat64x4Slice(row[x:]).Add(archsimd.LoadFloat64x4Slice(row[x+s:])).
			Add(archsimd.LoadFloat64x4Slice(row[x+h:]).Add(archsimd.LoadFloat64x4Slice(row[x+h+s:])))
		if q > 0 {
			y := x + q
			sum = sum.Add(archsimd.LoadFloat64x4Slice(row[y:]).Add(archsimd.LoadFloat64x4Slice(row[y+s:])).
				Add(archsimd.LoadFloat64x4Slice(row[y+h:]).Add(archsimd.LoadFloat64x4Slice(row[y+h+s:]))))
		}
		sum.StoreSlice(row[x:])
	}
	return x
}
