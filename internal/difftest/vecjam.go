package difftest

import "github.com/gocuda/gocuda/gocuda"

// VecJamKernel gives thread i < n the sum over j < k of in[j*n+i+d]
// scaled by scale[j], a column walk whose running sum the vector steps
// keep in a register, which the SIMD build runs two steps at a time,
// their loops as one (kir/vecjam.go). Where in is too short for the last
// threads' last trip (d > 0), or scale for the loop (a uniform load), the
// launch fails at the thread the runtime path fails at.
//
//gocuda:kernel VecJamKernel
func vecJam(t *gocuda.Thread, in, scale, out []float32, n, k, d int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= n {
		return
	}
	var s float32
	for j := 0; j < k; j++ {
		s += in[j*n+i+d] * scale[j]
	}
	out[i] = s
}
