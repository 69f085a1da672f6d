package transformer

import "math"

// The CUDA math library's single-precision functions the kernels call,
// computed in float64 and rounded once (the __-prefixed fast intrinsics,
// __expf, __logf, __fdividef, are their accurate counterparts here).
func expf(x float32) float32     { return float32(math.Exp(float64(x))) }
func logf(x float32) float32     { return float32(math.Log(float64(x))) }
func sqrtf(x float32) float32    { return float32(math.Sqrt(float64(x))) }
func rsqrtf(x float32) float32   { return float32(1 / math.Sqrt(float64(x))) }
func fabsf(x float32) float32    { return float32(math.Abs(float64(x))) }
func fmaxf(x, y float32) float32 { return float32(math.Max(float64(x), float64(y))) }

// fabs is the double-precision fabs.
func fabs(x float64) float64 { return math.Abs(x) }
