package difftest

import "github.com/gocuda/gocuda/gocuda"

// ScaledGuardKernel marks, in out[2*tid] and out[2*tid+1], the threads
// whose index times k is below lim and at most lim: the compiled form
// runs each guard's loop for the threads below a bound computed from k
// and lim (compiled.ScaledBelow), and the whole block where k is not
// positive or the product may wrap.
//
//gocuda:kernel ScaledGuardKernel
func scaledGuard(t *gocuda.Thread, out []int32, k, lim int) {
	tid := t.ThreadIdx.X
	if index := k * tid; index < lim {
		out[2*tid] = 1
	}
	if lim >= tid*k {
		out[2*tid+1] = 1
	}
}
