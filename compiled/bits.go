package compiled

import "unsafe"

// The Bits functions read and write a float's bits at p as an integer,
// for generated vector steps that gather the lanes' parts of elements
// (bodies[i][0], one float of each thread's body) into an array, or
// scatter them back: a float copied through a scalar float register is
// written with legacy SSE instructions, which in the SIMD build, run
// while the vector registers' upper halves are in use, cost a state
// transition each (see BroadcastFloat32x8At);
// an integer register costs nothing more. Index p as the scalar access
// would (&s[i][0]), so that an index out of range fails as it did.

// Bits32At returns the bits of *p.
func Bits32At(p *float32) uint32 { return *(*uint32)(unsafe.Pointer(p)) }

// SetBits32At sets *p to the float32 of bits b.
func SetBits32At(p *float32, b uint32) { *(*uint32)(unsafe.Pointer(p)) = b }

// Bits64At returns the bits of *p.
func Bits64At(p *float64) uint64 { return *(*uint64)(unsafe.Pointer(p)) }

// SetBits64At sets *p to the float64 of bits b.
func SetBits64At(p *float64, b uint64) { *(*uint64)(unsafe.Pointer(p)) = b }
