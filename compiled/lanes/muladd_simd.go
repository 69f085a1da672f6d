//go:build goexperiment.simd && amd64

package lanes

import "simd/archsimd"

// AddMulSlice returns x + y*s[i] in lane i, for s[0] to s[7]: a step's
// sum of products, sum += w * x[j], where w is the same for its eight
// threads and x[j] is consecutive. It multiplies, then adds, rounding
// each, as the scalar code does: a fused multiply-add would round once
// and differ from it.
func AddMulSlice(x Float32x8, y float32, s []float32) Float32x8 {
	return x.Add(archsimd.BroadcastFloat32x8(y).Mul(archsimd.LoadFloat32x8Slice(s)))
}
