package hecbenchatok

import "math"

// The CUDA math library's single-precision functions the kernels call,
// computed in float64 and rounded once.
func expf(x float32) float32  { return float32(math.Exp(float64(x))) }
func sqrtf(x float32) float32 { return float32(math.Sqrt(float64(x))) }
