package difftest

import "github.com/gocuda/gocuda/gocuda"

// MixedWidthsKernel loads and stores float32, int32 and uint32 elements
// and computes in float64, as CUDA code ported with C's double constants
// does (Rodinia's SRAD: 0.5*g2 - (1.0/16.0)*(l*l)): the SIMD build runs it
// four threads a step, its 32-bit values in vectors of four lanes. It
// compares float32 values (a mask of 32-bit lanes, widened to the step's),
// assigns a float32 variable under a condition that differs between
// lanes (a merge of 32-bit lanes under the step's mask, narrowed) and
// stores float32 elements under a float64 condition (a masked store of
// 32-bit lanes), converts the thread's index to float32, and widens
// int32 and uint32 elements to int64 with their own signedness. Its
// neighbours' reads, clamped to the slice as hotspot's are, load four
// lanes where every lane's index is inside the clamp.
//
//gocuda:kernel MixedWidthsKernel
func mixedWidths(t *gocuda.Thread, in []float32, k []int32, u []uint32, out []float32, wide []float64, big []int64, scale float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= len(out) || i >= len(in) || i >= len(k) || i >= len(u) || i >= len(wide) || i >= len(big) {
		return
	}
	x := in[i]
	d := 0.5*float64(x) - (1.0/16.0)*float64(x*x) + 0.25*float64(in[max(i-1, 0)]-in[min(i+1, len(in)-1)])
	v := float32(d) * scale
	if x > scale {
		v = float32(1.0 / (1.0 + float64(v)))
	}
	if d < 0 {
		out[i] = v + float32(i)
	} else {
		out[i] = -v
	}
	wide[i] = float64(k[i]) + float64(i)*0.25 + d
	big[i] = int64(k[i]) - int64(u[i])
}
