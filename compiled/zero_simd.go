//go:build goexperiment.simd && amd64

package compiled

import (
	"simd/archsimd"
	"unsafe"

	"github.com/gocuda/gocuda/compiled/lanes"
)

// The Zero vectors are loaded from memory for the masks of generated
// vector steps (x.NotEqual(ZeroInt32x8()) where archsimd would write
// x.ToMask()). ToMask compares x with a zero value, which Go makes a
// constant of the function: it computes it once, before the code of
// every step, keeps it in a vector register or spills it, and reloads it
// into a register (VMOVDQU) in the scalar code between the steps, where
// Go's legacy SSE instructions (golang/go#80835) then ran with the upper
// halves of the vector registers in use, each paying a state transition
// (BenchmarkScan's warpShuffle in the SIMD build shows it). A load is
// computed where it is used.
var zeros [8]int64

// ZeroInt32x8 returns the vector of eight int32 zeros.
func ZeroInt32x8() lanes.Int32x8 {
	return archsimd.LoadInt32x8((*[8]int32)(unsafe.Pointer(&zeros)))
}

// ZeroInt64x4 returns the vector of four int64 zeros.
func ZeroInt64x4() lanes.Int64x4 {
	return archsimd.LoadInt64x4((*[4]int64)(zeros[:4]))
}

// ZeroInt32x16 returns the vector of sixteen int32 zeros; the CPU must
// have AVX-512.
func ZeroInt32x16() lanes.Int32x16 {
	return archsimd.LoadInt32x16((*[16]int32)(unsafe.Pointer(&zeros)))
}
