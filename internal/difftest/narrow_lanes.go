package difftest

import "github.com/gocuda/gocuda/gocuda"

// NarrowLanesKernel mixes float32 and float64 lanes: each thread adds its
// float32 element, converted, to a float64 one, and rounds the sum back
// to float32. In the SIMD build the loop runs four threads a step, the
// float32 elements in 128-bit vectors converted as Go converts each (NaN,
// -0, subnormals, and sums out of float32's range included).
//
//gocuda:kernel NarrowLanesKernel
func narrowLanes(t *gocuda.Thread, x []float32, y []float64, z []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(x) && i < len(y) && i < len(z) {
		s := y[i]*0.5 + float64(x[i])
		y[i] = s
		z[i] = float32(s) * x[i]
	}
}
