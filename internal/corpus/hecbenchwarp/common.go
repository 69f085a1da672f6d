package hecbenchwarp

import (
	"math"
	"math/bits"
)

// The CUDA math library's single-precision functions and integer
// intrinsics the kernels call, computed in float64 and rounded once.
func expf(x float32) float32  { return float32(math.Exp(float64(x))) }
func sqrtf(x float32) float32 { return float32(math.Sqrt(float64(x))) }

// popc is __popc, ffs is __ffs and clz is __clz of a 32-bit int.
func popc(x int32) int32 { return int32(bits.OnesCount32(uint32(x))) }
func ffs(x int32) int32 {
	if x == 0 {
		return 0
	}
	return int32(bits.TrailingZeros32(uint32(x))) + 1
}
func clz(x int32) int32 { return int32(bits.LeadingZeros32(uint32(x))) }

// cosf and powf are the CUDA math library's cosf and powf.
func cosf(x float32) float32    { return float32(math.Cos(float64(x))) }
func powf(x, y float32) float32 { return float32(math.Pow(float64(x), float64(y))) }
