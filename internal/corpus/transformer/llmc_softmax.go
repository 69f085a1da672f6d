package transformer

import (
	"math"

	"github.com/gocuda/gocuda/cg"
	"github.com/gocuda/gocuda/gocuda"
)

// This file holds the softmax kernels of llm.c's kernel laboratory
// (karpathy/llm.c at f1e2ace, dev/cuda/softmax_forward.cu, float32
// throughout): the naive one, the fused block reduction, the warp-shuffle
// versions, the online softmax with a cg::reduce over a struct, the
// unrolled one for large C and the warp-per-row online one; with
// common.h's warpReduceSum.

// warpReduceSum is warpReduceSum of dev/cuda/common.h: a butterfly sum
// over the warp.
func warpReduceSum(t *gocuda.Thread, val float32) float32 {
	for offset := 16; offset > 0; offset /= 2 {
		val += gocuda.ShflXorSync(t, 0xFFFFFFFF, val, offset, gocuda.WarpSize)
	}
	return val
}

// warpReduceMax is warpReduceMax of softmax_forward.cu: the maximum over
// the warp, in lane 0.
func warpReduceMax(t *gocuda.Thread, val float32) float32 {
	for offset := 16; offset > 0; offset /= 2 {
		val = fmaxf(val, gocuda.ShflDownSync(t, 0xFFFFFFFF, val, offset, gocuda.WarpSize))
	}
	return val
}

// SoftmaxForward1Kernel is softmax_forward_kernel1 of softmax_forward.cu:
// one thread a row, the sum in double.
//
//gocuda:kernel SoftmaxForward1Kernel
func softmaxForward1Kernel(t *gocuda.Thread, out, inp []float32, N, C int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < N {
		inpRow := inp[i*C:]
		outRow := out[i*C:]

		maxval := float32(math.Inf(-1))
		for j := 0; j < C; j++ {
			if inpRow[j] > maxval {
				maxval = inpRow[j]
			}
		}
		sum := 0.0
		for j := 0; j < C; j++ {
			outRow[j] = expf(inpRow[j] - maxval)
			sum += float64(outRow[j])
		}
		for j := 0; j < C; j++ {
			outRow[j] /= float32(sum)
		}
	}
}

// SoftmaxForward2Kernel is softmax_forward_kernel2 of softmax_forward.cu:
// one block a row, two shared-memory tree reductions (max, then sum).
//
//gocuda:kernel SoftmaxForward2Kernel
func softmaxForward2Kernel(t *gocuda.Thread, out, inp []float32, N, C int) {
	shared := gocuda.DynamicShared[float32](t)
	idx := t.BlockIdx.X
	tid := t.ThreadIdx.X
	blockSize := t.BlockDim.X
	x := inp[idx*C:]
	maxval := float32(math.Inf(-1))
	for i := tid; i < C; i += blockSize {
		maxval = fmaxf(maxval, x[i])
	}
	shared[tid] = maxval
	for stride := blockSize / 2; stride >= 1; stride /= 2 {
		t.SyncThreads()
		if tid < stride {
			shared[tid] = fmaxf(shared[tid], shared[tid+stride])
		}
	}
	t.SyncThreads()
	offset := shared[0]
	for i := tid; i < C; i += blockSize {
		out[idx*C+i] = expf(x[i] - offset)
	}
	t.SyncThreads()
	x = out[idx*C:]
	sumval := float32(0.0)
	for i := tid; i < C; i += blockSize {
		sumval += x[i]
	}
	shared[tid] = sumval
	for stride := blockSize / 2; stride >= 1; stride /= 2 {
		t.SyncThreads()
		if tid < stride {
			shared[tid] += shared[tid+stride]
		}
	}
	t.SyncThreads()
	sum := shared[0]
	for i := tid; i < C; i += blockSize {
		out[idx*C+i] = x[i] / sum
	}
}

// SoftmaxForward3Kernel is softmax_forward_kernel3 of softmax_forward.cu:
// one 32-thread block a row, warp shuffles for the max and the sum.
//
//gocuda:kernel SoftmaxForward3Kernel
func softmaxForward3Kernel(t *gocuda.Thread, out, inp []float32, N, C int) {
	_ = gocuda.DynamicShared[float32](t) // extern __shared__ float shared[], unused
	idx := t.BlockIdx.X
	tid := t.ThreadIdx.X
	x := inp[idx*C:]

	maxval := float32(math.Inf(-1))
	for i := tid; i < C; i += t.BlockDim.X {
		maxval = fmaxf(maxval, x[i])
	}
	maxval = warpReduceMax(t, maxval)

	offset := gocuda.ShflSync(t, 0xFFFFFFFF, maxval, 0, gocuda.WarpSize)

	for i := tid; i < C; i += t.BlockDim.X {
		out[idx*C+i] = expf(x[i] - offset)
	}

	x = out[idx*C:]
	sumval := float32(0.0)
	for i := tid; i < C; i += t.BlockDim.X {
		sumval += x[i]
	}
	sumval = warpReduceSum(t, sumval)

	for i := tid; i < C; i += t.BlockDim.X {
		out[idx*C+i] = x[i] / sumval
	}
}

// SoftmaxForward4Kernel is softmax_forward_kernel4 of softmax_forward.cu:
// one block a row, warp shuffles then thread 0 over the warps' results in
// shared memory.
//
//gocuda:kernel SoftmaxForward4Kernel
func softmaxForward4Kernel(t *gocuda.Thread, out, inp []float32, N, C int) {
	shared := gocuda.DynamicShared[float32](t)
	idx := t.BlockIdx.X
	tid := t.ThreadIdx.X
	warpID := t.ThreadIdx.X / 32
	laneID := t.ThreadIdx.X % 32

	warpsPerBlock := t.BlockDim.X / 32

	maxOrSumStorage := shared

	x := inp[idx*C:]

	maxval := float32(math.Inf(-1))
	for i := tid; i < C; i += t.BlockDim.X {
		maxval = fmaxf(maxval, x[i])
	}
	maxval = warpReduceMax(t, maxval)

	if laneID == 0 {
		maxOrSumStorage[warpID] = maxval
	}
	t.SyncThreads()

	if tid == 0 {
		val := maxOrSumStorage[tid]
		for i := 1; i < warpsPerBlock; i++ {
			val = fmaxf(val, maxOrSumStorage[i])
		}
		maxOrSumStorage[0] = val
	}
	t.SyncThreads()
	offset := maxOrSumStorage[0]

	for i := tid; i < C; i += t.BlockDim.X {
		out[idx*C+i] = expf(x[i] - offset)
	}

	x = out[idx*C:]
	sumval := float32(0.0)
	for i := tid; i < C; i += t.BlockDim.X {
		sumval += x[i]
	}
	sumval = warpReduceSum(t, sumval)

	if laneID == 0 {
		maxOrSumStorage[warpID] = sumval
	}
	t.SyncThreads()

	if tid == 0 {
		val := maxOrSumStorage[tid]
		for i := 1; i < warpsPerBlock; i++ {
			val += maxOrSumStorage[i]
		}
		maxOrSumStorage[0] = val
	}
	t.SyncThreads()
	sum := maxOrSumStorage[0]

	for i := tid; i < C; i += t.BlockDim.X {
		out[idx*C+i] = x[i] / sum
	}
}

// SoftmaxForwardOnline1Kernel is softmax_forward_online_kernel1 of
// softmax_forward.cu: one thread a row, the online normalizer (max and sum
// in one pass) in double.
//
//gocuda:kernel SoftmaxForwardOnline1Kernel
func softmaxForwardOnline1Kernel(t *gocuda.Thread, out, inp []float32, N, C int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < N {
		inpRow := inp[i*C:]
		outRow := out[i*C:]

		maxval := float32(math.Inf(-1))
		sum := 0.0
		for j := 0; j < C; j++ {
			maxvalPrev := maxval
			currentVal := inpRow[j]
			if currentVal > maxval {
				maxval = currentVal
				sum = sum*float64(expf(maxvalPrev-maxval)) + float64(expf(currentVal-maxval))
			} else {
				sum += float64(expf(currentVal - maxval))
			}
		}

		for j := 0; j < C; j++ {
			outRow[j] = float32(float64(expf(inpRow[j]-maxval)) / sum)
		}
	}
}

// SumMax is struct SumMax of softmax_forward.cu.
type SumMax struct {
	maxval float32
	sum    float32
}

// reduceSumMaxOp is reduce_sum_max_op of softmax_forward.cu: the online
// softmax's combination of two (max, sum) pairs.
func reduceSumMaxOp(a, b SumMax) SumMax {
	aBigger := a.maxval > b.maxval
	var biggerM, smallerM SumMax
	if aBigger {
		biggerM = a
	} else {
		biggerM = b
	}
	if aBigger {
		smallerM = b
	} else {
		smallerM = a
	}
	var res SumMax
	res.maxval = biggerM.maxval
	res.sum = biggerM.sum + smallerM.sum*expf(smallerM.maxval-biggerM.maxval)
	return res
}

// SoftmaxForwardOnline2Kernel is softmax_forward_online_kernel2 of
// softmax_forward.cu: one warp a row, a cg::reduce of SumMax pairs with
// reduce_sum_max_op.
//
//gocuda:kernel SoftmaxForwardOnline2Kernel
func softmaxForwardOnline2Kernel(t *gocuda.Thread, out, inp []float32, N, C int) {
	block := cg.ThisThreadBlock(t)
	warp := cg.TiledPartition(block, 32)
	idx := t.BlockIdx.X*warp.MetaGroupSize() + warp.MetaGroupRank()
	if idx >= N {
		return
	}

	x := inp[idx*C:]

	var smPartial SumMax
	smPartial.maxval = float32(math.Inf(-1))
	smPartial.sum = 0.0

	for i := warp.ThreadRank(); i < C; i += warp.Size() {
		smPartial = reduceSumMaxOp(smPartial, SumMax{x[i], 1.0})
	}

	smTotal := cg.Reduce(warp, smPartial, reduceSumMaxOp)

	for i := warp.ThreadRank(); i < C; i += warp.Size() {
		// __stcs(out + idx * C + i, ...): a streaming store
		out[idx*C+i] = expf(x[i]-smTotal.maxval) / smTotal.sum
	}
}

// SoftmaxForward7Kernel is softmax_forward_kernel7 of softmax_forward.cu:
// kernel4 unrolled eight times for large C, reads clamped to the row,
// threads past C leaving early after filling their warp's slots.
//
//gocuda:kernel SoftmaxForward7Kernel
func softmaxForward7Kernel(t *gocuda.Thread, out, inp []float32, N, C int) {
	const UNROLL_FACTOR = 8
	warpsPerBlock := t.BlockDim.X / 32

	shared := gocuda.DynamicShared[float32](t)
	idx := t.BlockIdx.X
	tid := t.ThreadIdx.X
	warpID := t.ThreadIdx.X / 32
	laneID := t.ThreadIdx.X % 32

	maxvals := shared
	sumvals := shared[warpsPerBlock:]

	if tid >= C {
		maxvals[warpID] = float32(math.Inf(-1))
		sumvals[warpID] = 0.0
		return
	}

	x := inp[idx*C:]
	y := out[idx*C:]

	maxval := float32(math.Inf(-1))
	for i := tid; i < C; i += t.BlockDim.X * UNROLL_FACTOR {
		for u := 0; u < UNROLL_FACTOR; u++ {
			maxval = fmaxf(maxval, x[min(C-1, i+u*t.BlockDim.X)])
		}
	}

	maxval = warpReduceMax(t, maxval)
	if laneID == 0 {
		maxvals[warpID] = maxval
	}
	t.SyncThreads()
	if tid == 0 {
		val := maxvals[tid]
		for i := 1; i < warpsPerBlock; i++ {
			val = fmaxf(val, maxvals[i])
		}
		maxvals[0] = val
	}
	t.SyncThreads()
	offset := maxvals[0]

	sumval := float32(0.0)
	for i := tid; i < C; i += t.BlockDim.X * UNROLL_FACTOR {
		var regArray [UNROLL_FACTOR]float32
		for u := 0; u < UNROLL_FACTOR; u++ {
			regArray[u] = x[min(C-1, i+u*t.BlockDim.X)] // __ldcs
		}
		for u := 0; u < UNROLL_FACTOR; u++ {
			if i+u*t.BlockDim.X < C {
				output := expf(regArray[u] - offset)
				y[min(C-1, i+u*t.BlockDim.X)] = output
				sumval += output
			}
		}
	}

	sumval = warpReduceSum(t, sumval)
	if laneID == 0 {
		sumvals[warpID] = sumval
	}
	t.SyncThreads()
	if tid == 0 {
		val := sumvals[tid]
		for i := 1; i < warpsPerBlock; i++ {
			val += sumvals[i]
		}
		sumvals[0] = val
	}
	t.SyncThreads()
	sum := sumvals[0]

	for i := tid; i < C; i += t.BlockDim.X * UNROLL_FACTOR {
		var regArray [UNROLL_FACTOR]float32
		for u := 0; u < UNROLL_FACTOR; u++ {
			regArray[u] = y[min(C-1, i+u*t.BlockDim.X)]
		}
		for u := 0; u < UNROLL_FACTOR; u++ {
			if i+u*t.BlockDim.X < C {
				y[i+u*t.BlockDim.X] = regArray[u] / sum
			}
		}
	}
}

// SoftmaxForwardOnline8Kernel is softmax_forward_online_kernel8 of
// softmax_forward.cu: one warp a row, the online max and sum combined by
// shuffles, then broadcast from lane 0.
//
//gocuda:kernel SoftmaxForwardOnline8Kernel
func softmaxForwardOnline8Kernel(t *gocuda.Thread, out, inp []float32, N, C int) {
	warpsPerBlock := t.BlockDim.X / gocuda.WarpSize
	tid := t.ThreadIdx.X

	if tid >= C {
		return
	}

	warpID := tid / gocuda.WarpSize
	laneID := tid % gocuda.WarpSize
	row := t.BlockIdx.X*warpsPerBlock + warpID

	if row >= N {
		return
	}

	x := inp[row*C:]
	y := out[row*C:]

	maxval, sumval := float32(math.Inf(-1)), float32(0.0)
	var bigger float32
	for i := laneID; i < C; i += gocuda.WarpSize {
		bigger = fmaxf(maxval, x[i])
		sumval = sumval*expf(maxval-bigger) + expf(x[i]-bigger)
		maxval = bigger
	}

	var offsetMaxval, offsetSumval float32
	for offset := gocuda.WarpSize / 2; offset > 0; offset >>= 1 {
		t.SyncWarp(0xFFFFFFFF)
		offsetMaxval = gocuda.ShflDownSync(t, 0xFFFFFFFF, maxval, offset, gocuda.WarpSize)
		offsetSumval = gocuda.ShflDownSync(t, 0xFFFFFFFF, sumval, offset, gocuda.WarpSize)
		if offsetMaxval > maxval {
			sumval *= expf(maxval - offsetMaxval)
			maxval = offsetMaxval
		} else {
			offsetSumval *= expf(offsetMaxval - maxval)
		}
		sumval += offsetSumval
	}

	maxval = gocuda.ShflSync(t, 0xFFFFFFFF, maxval, 0, gocuda.WarpSize)
	sumval = gocuda.ShflSync(t, 0xFFFFFFFF, sumval, 0, gocuda.WarpSize)

	for i := laneID; i < C; i += gocuda.WarpSize {
		y[i] = expf(x[i]-maxval) / sumval
	}
}
