//go:build goexperiment.simd && amd64

package compiled

import (
	"simd/archsimd"
	"unsafe"
)

// The At broadcasts load the element at p straight into a vector, for
// generated vector steps that broadcast a value read from memory (a
// tile's element, the same for every thread of the step): Go writes a
// float held in a scalar register with legacy SSE instructions where it
// spills it (MOVUPS), and one of those run while the upper halves of
// the vector registers are in use costs a state transition, which on
// the AVX2 machine of 2026-11-27 (AMD EPYC, Zen 3 as the VM reports it)
// took about 45 ns: the tiled matrix multiply's steps, sixteen such
// broadcasts each, ran 4x slower than its scalar form. A value loaded
// into a vector register is spilled with VEX moves, which cost nothing
// more. Index p as the scalar read would (&s[i]), so that an index out
// of range fails as it did.

// BroadcastFloat32x8At returns the vector of eight copies of *p.
func BroadcastFloat32x8At(p *float32) archsimd.Float32x8 {
	return archsimd.LoadFloat32x4SlicePart(unsafe.Slice(p, 1)).Broadcast1To8()
}

// BroadcastFloat32x16At returns the vector of sixteen copies of *p; the
// CPU must have AVX-512.
func BroadcastFloat32x16At(p *float32) archsimd.Float32x16 {
	return archsimd.LoadFloat32x4SlicePart(unsafe.Slice(p, 1)).Broadcast1To16()
}

// BroadcastFloat64x4At returns the vector of four copies of *p.
func BroadcastFloat64x4At(p *float64) archsimd.Float64x4 {
	return archsimd.LoadFloat64x2SlicePart(unsafe.Slice(p, 1)).Broadcast1To4()
}
