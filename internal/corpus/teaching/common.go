package teaching

import "math"

// The CUDA math library's single-precision functions the kernels call,
// computed in float64 and rounded once.
func sqrtf(x float32) float32 { return float32(math.Sqrt(float64(x))) }
func sinf(x float32) float32  { return float32(math.Sin(float64(x))) }

// imin is the books' imin(a, b) macro (a<b?a:b).
func imin(a, b int) int {
	if a < b {
		return a
	}
	return b
}
