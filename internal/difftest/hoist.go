package difftest

import "github.com/gocuda/gocuda/gocuda"

// HoistedWeightsKernel blends out with in by two weights the whole grid
// reads at the same indices, between its stores to out: the compiled
// form loads them once a row, where the row's check finds that out does
// not hold them.
//
//gocuda:kernel HoistedWeightsKernel
func hoistedWeights(t *gocuda.Thread, in, w, out []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(out) {
		out[i] = w[0]*in[i] + w[1]*out[i]
	}
}

// OwnWeightKernel stores twice its input, then adds the weight of its
// block, w[blockIdx.x], which it reads after that store. Launched with
// one thread a block and w the same slice as out, the weight is the
// element the thread has just written: the row's check must find that
// out holds it, and the thread read it after its store.
//
//gocuda:kernel OwnWeightKernel
func ownWeight(t *gocuda.Thread, in, w, out []float32) {
	b := t.BlockIdx.X
	i := b*t.BlockDim.X + t.ThreadIdx.X
	if i < len(out) {
		out[i] = 2 * in[i]
		out[i] += w[b]
	}
}
