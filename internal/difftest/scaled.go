package difftest

import "github.com/gocuda/gocuda/gocuda"

// ScaledGuardKernel marks, in out[3*tid], out[3*tid+1] and out[3*tid+2],
// the threads whose index times k is below lim, at most lim, and below
// lim less off: the compiled form runs each guard's loop for the threads
// below a bound computed from k, lim and off (compiled.ScaledBelow,
// ScaledOffBelow), and the whole block where k is not positive or the sum
// may wrap.
//
//gocuda:kernel ScaledGuardKernel
func scaledGuard(t *gocuda.Thread, out []int32, k, lim, off int) {
	tid := t.ThreadIdx.X
	if index := k * tid; index < lim {
		out[3*tid] = 1
	}
	t.SyncThreads() // each guard its loop's last statement, which bounds the loop
	if lim >= tid*k {
		out[3*tid+1] = 1
	}
	t.SyncThreads()
	if index := k * tid; index+off < lim {
		out[3*tid+2] = 1
	}
}

// EveryGuardKernel marks, in out[2*i] for thread i of the block (x
// fastest), the threads whose x is c modulo m, and in out[2*i+1] those
// that do not return on a guard that x is not c+1 modulo m: the compiled
// form runs each loop's rows m threads at a time from the first thread
// admitted (compiled.EveryFrom), and every thread where m is not positive
// or c is no residue of it.
//
//gocuda:kernel EveryGuardKernel
func everyGuard(t *gocuda.Thread, out []int32, m, c int) {
	i := t.ThreadIdx.Y*t.BlockDim.X + t.ThreadIdx.X
	if t.ThreadIdx.X%m == c {
		out[2*i] = 1
	}
	t.SyncThreads()
	if c+1 != t.ThreadIdx.X%m {
		return
	}
	out[2*i+1] = 1
}
