//go:build goexperiment.simd && amd64

package compiled

import (
	"simd/archsimd"
	"unsafe"

	"github.com/gocuda/gocuda/compiled/lanes"
)

// The At broadcasts load the element at p straight into a vector, for
// generated vector steps that broadcast a value read from memory (a
// tile's element, the same for every thread of the step): Go writes a
// float held in a scalar register with legacy SSE instructions where it
// spills it (MOVUPS), and one of those run while the upper halves of
// the vector registers are in use costs a state transition, far dearer
// than the step itself (the tiled kernels of BenchmarkMatMul, sixteen such
// broadcasts a step, show it in the SIMD build). A value loaded
// into a vector register is spilled with VEX moves, which cost nothing
// more. The load is masked to p's element (lane0, from Lane0Mask32 or
// Lane0Mask64, which a step computes once), so it reads nothing past it,
// as archsimd's partial loads do; each At is two intrinsics, which Go
// inlines even into a large body, where it leaves a partial load's
// function out of line. Index p as the scalar read would (&s[i]), so
// that an index out of range fails as it did. They are not instrumented
// by checkptr (-race), which would take the array of the masked load
// for a read past p's object.

// BroadcastFloat32x8At returns the vector of eight copies of *p.
//
//go:nocheckptr
func BroadcastFloat32x8At(p *float32, lane0 lanes.Mask32x4) lanes.Float32x8 {
	return archsimd.LoadMaskedFloat32x4((*[4]float32)(unsafe.Pointer(p)), lane0).Broadcast1To8()
}

// BroadcastFloat32x16At returns the vector of sixteen copies of *p; the
// CPU must have AVX-512.
//
//go:nocheckptr
func BroadcastFloat32x16At(p *float32, lane0 lanes.Mask32x4) lanes.Float32x16 {
	return archsimd.LoadMaskedFloat32x4((*[4]float32)(unsafe.Pointer(p)), lane0).Broadcast1To16()
}

// BroadcastFloat64x4At returns the vector of four copies of *p.
//
//go:nocheckptr
func BroadcastFloat64x4At(p *float64, lane0 lanes.Mask64x2) lanes.Float64x4 {
	return archsimd.LoadMaskedFloat64x2((*[2]float64)(unsafe.Pointer(p)), lane0).Broadcast1To4()
}

// Lane0Mask32 returns the mask of the first of four 32-bit lanes, the
// At broadcasts' of 32-bit floats.
func Lane0Mask32() lanes.Mask32x4 {
	first := [4]int32{-1}
	return archsimd.LoadInt32x4(&first).Equal(archsimd.BroadcastInt32x4(-1))
}

// Lane0Mask64 returns the mask of the first of two 64-bit lanes, the
// At broadcasts' of 64-bit floats.
func Lane0Mask64() lanes.Mask64x2 {
	first := [2]int64{-1}
	return archsimd.LoadInt64x2(&first).Equal(archsimd.BroadcastInt64x2(-1))
}
