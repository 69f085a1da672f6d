package hecbenchltoz

import "math"

// The CUDA math library's single-precision functions the kernels call,
// computed in float64 and rounded once.
func expf(x float32) float32  { return float32(math.Exp(float64(x))) }
func sqrtf(x float32) float32 { return float32(math.Sqrt(float64(x))) }
func fabsf(x float32) float32 { return float32(math.Abs(float64(x))) }
func fmaxf(a, b float32) float32 {
	if a > b {
		return a
	}
	return b
}

// b2u is C's conversion of a comparison's result to unsigned int.
func b2u(b bool) uint32 {
	if b {
		return 1
	}
	return 0
}

func logf(x float32) float32 { return float32(math.Log(float64(x))) }
