package hecbenchml

import (
	"math"
	"unsafe"
)

// The CUDA math library's single-precision functions the kernels call,
// computed in float64 and rounded once (the fast intrinsics, __expf,
// __logf, __fdividef, are their accurate counterparts here).
func expf(x float32) float32   { return float32(math.Exp(float64(x))) }
func logf(x float32) float32   { return float32(math.Log(float64(x))) }
func sqrtf(x float32) float32  { return float32(math.Sqrt(float64(x))) }
func rsqrtf(x float32) float32 { return float32(1 / math.Sqrt(float64(x))) }
func tanhf(x float32) float32  { return float32(math.Tanh(float64(x))) }
func erff(x float32) float32   { return float32(math.Erf(float64(x))) }
func fabsf(x float32) float32  { return float32(math.Abs(float64(x))) }

// Float2 is CUDA's float2.
type Float2 struct{ X, Y float32 }

// Float4 is CUDA's float4.
type Float4 struct{ X, Y, Z, W float32 }

// asFloat2 is a (float2*) cast of a float pointer.
func asFloat2(s []float32) []Float2 {
	return unsafe.Slice((*Float2)(unsafe.Pointer(&s[0])), len(s)/2)
}

// asFloat4 is a (float4*) cast of a float pointer.
func asFloat4(s []float32) []Float4 {
	return unsafe.Slice((*Float4)(unsafe.Pointer(&s[0])), len(s)/4)
}
