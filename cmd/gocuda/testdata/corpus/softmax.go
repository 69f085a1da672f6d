package corpus

import (
	"math"

	"github.com/gocuda/gocuda/gocuda"
)

// This file ports llm.c's softmax_forward_kernel4 (karpathy/llm.c,
// dev/cuda/softmax_forward.cu): a block per row; each thread takes a
// strided part of the row, warps reduce with shuffles, and shared memory
// carries the warps' maxima and sums to the block.

func warpMax(t *gocuda.Thread, v float32) float32 {
	for off := 16; off > 0; off /= 2 {
		v = max(v, gocuda.ShflXorSync(t, gocuda.FullMask, v, off, 32))
	}
	return v
}

func warpSum(t *gocuda.Thread, v float32) float32 {
	for off := 16; off > 0; off /= 2 {
		v += gocuda.ShflXorSync(t, gocuda.FullMask, v, off, 32)
	}
	return v
}

// Softmax writes the softmax of each of the rows of inp (c columns) to out.
// Every lane of a warp stores its warp's maximum and sum (the same value
// to one slot: harmless). One shared array serves for maxima, then sums;
// with reuse set, the sums overwrite it with no barrier after every
// thread has read the maximum from its first slot: the race of the
// kernel's variant that reuses one shared buffer.
func Softmax(out, inp []float32, c int, reuse bool) func(*gocuda.Thread) {
	return func(t *gocuda.Thread) {
		row, tid := t.BlockIdx.X, t.ThreadIdx.X
		warp := tid / 32
		warps := t.BlockDim.X / 32
		shared := gocuda.Shared[float32](t, 2*warps)
		maxvals, sumvals := shared[:warps], shared[warps:]
		if reuse {
			sumvals = maxvals
		}
		x := inp[row*c : (row+1)*c]
		maxval := float32(math.Inf(-1))
		for i := tid; i < c; i += t.BlockDim.X {
			maxval = max(maxval, x[i])
		}
		maxval = warpMax(t, maxval)
		maxvals[warp] = maxval // every lane: the same value
		t.SyncThreads()
		if tid == 0 {
			val := maxvals[0]
			for i := 1; i < warps; i++ {
				val = max(val, maxvals[i])
			}
			maxvals[0] = val
		}
		t.SyncThreads()
		offset := maxvals[0] // MAX
		y := out[row*c : (row+1)*c]
		var sumval float32
		for i := tid; i < c; i += t.BlockDim.X {
			y[i] = float32(math.Exp(float64(x[i] - offset)))
			sumval += y[i]
		}
		sumval = warpSum(t, sumval)
		sumvals[warp] = sumval // SUM
		t.SyncThreads()
		if tid == 0 {
			val := sumvals[0]
			for i := 1; i < warps; i++ {
				val += sumvals[i]
			}
			sumvals[0] = val
		}
		t.SyncThreads()
		sum := sumvals[0]
		for i := tid; i < c; i += t.BlockDim.X {
			y[i] /= sum
		}
	}
}
