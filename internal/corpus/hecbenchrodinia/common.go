package hecbenchrodinia

import (
	"math"
	"unsafe"
)

// float4 is CUDA's float4 vector type.
type float4 struct{ X, Y, Z, W float32 }

// uint3 is CUDA's uint3 vector type.
type uint3 struct{ X, Y, Z uint32 }

// The CUDA math library's single-precision functions the kernels call,
// computed in float64 and rounded once.
func expf(x float32) float32  { return float32(math.Exp(float64(x))) }
func logf(x float32) float32  { return float32(math.Log(float64(x))) }
func sqrtf(x float32) float32 { return float32(math.Sqrt(float64(x))) }
func fabsf(x float32) float32 { return float32(math.Abs(float64(x))) }
func fmaxf(x, y float32) float32 {
	return float32(math.Max(float64(x), float64(y)))
}
func fminf(x, y float32) float32 {
	return float32(math.Min(float64(x), float64(y)))
}

// b2u8 is C's conversion of a comparison's int result to unsigned char.
func b2u8(b bool) uint8 {
	if b {
		return 1
	}
	return 0
}

// b2i is C's int value of a comparison or a logical operator.
func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// toFloat4s is a reinterpret_cast<const float4*> of a float pointer: s
// viewed as len(s)/4 float4s.
func toFloat4s(s []float32) []float4 {
	if len(s) < 4 {
		return nil
	}
	return unsafe.Slice((*float4)(unsafe.Pointer(&s[0])), len(s)/4)
}
