package samplesbooks

import "math"

// The CUDA math library's single-precision functions the kernels call,
// computed in float64 and rounded once (the fast intrinsic __logf is its
// accurate counterpart here).
func logf(x float32) float32    { return float32(math.Log(float64(x))) }
func expf(x float32) float32    { return float32(math.Exp(float64(x))) }
func sqrtf(x float32) float32   { return float32(math.Sqrt(float64(x))) }
func powf(x, y float32) float32 { return float32(math.Pow(float64(x), float64(y))) }
