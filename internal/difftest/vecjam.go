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

// VecJamTwoKernel gives thread i < len(out) the sums of in[i+2r-d] and
// of its squares over d from 0 to 2r, a window read backwards whose
// loads are each checked in place: two sums carried, which the SIMD build
// runs two vector steps at a time. Where in is too short for the last
// threads' windows, the launch fails at the first of them, as on the
// runtime path.
//
//gocuda:kernel VecJamTwoKernel
func vecJamTwo(t *gocuda.Thread, in, out []float32, r int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= len(out) {
		return
	}
	var a, b float32
	for d := 0; d <= 2*r; d++ {
		v := in[i+2*r-d]
		a += v
		b += v * v
	}
	out[i] = a - b
}
