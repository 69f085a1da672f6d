package hecbenchstencil

import "math"

// The CUDA math library's functions the kernels call, computed in float64
// and rounded once where they are single precision.
func expf(x float32) float32  { return float32(math.Exp(float64(x))) }
func sqrtf(x float32) float32 { return float32(math.Sqrt(float64(x))) }
func fabsf(x float32) float32 { return float32(math.Abs(float64(x))) }

// b2u is C's conversion of a comparison to an unsigned integer.
func b2u(b bool) uint32 {
	if b {
		return 1
	}
	return 0
}

// Uchar4 is CUDA's uchar4.
type Uchar4 struct{ X, Y, Z, W uint8 }

// Float4 is CUDA's float4.
type Float4 struct{ X, Y, Z, W float32 }

// helper_math.h's float4 operators +, - and * (element by element).
func addF4(a, b Float4) Float4 { return Float4{a.X + b.X, a.Y + b.Y, a.Z + b.Z, a.W + b.W} }
func subF4(a, b Float4) Float4 { return Float4{a.X - b.X, a.Y - b.Y, a.Z - b.Z, a.W - b.W} }
func mulF4(a, b Float4) Float4 { return Float4{a.X * b.X, a.Y * b.Y, a.Z * b.Z, a.W * b.W} }

func powf(x, y float32) float32 { return float32(math.Pow(float64(x), float64(y))) }
