package llmcrodinia

import (
	"math"
	"unsafe"

	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/cg"
	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/intrinsic"
)

// This file holds the backward-pass, optimizer, classifier and matmul
// kernels of karpathy/llm.c, train_gpt2_fp32.cu (see llmc_forward.go).

// MatmulBackwardBiasKernel is matmul_backward_bias_kernel4 of
// train_gpt2_fp32.cu: dbias += dout summed over its B*T rows, one block per
// 32 columns, each warp summing every vstep-th row, then warp 0 summing
// the warps' partial sums through extern shared memory. Launch it with
// OC/32 blocks and blockDim.x floats of dynamic shared memory.
//
//gocuda:kernel MatmulBackwardBiasKernel
func matmulBackwardBiasKernel4(t *gocuda.Thread, dbias []float32, dout []float32, B, T, OC int) {
	// this kernel is launched with 1D grid_dim of OC/32
	// for example let's say block_size is 128
	smem := gocuda.DynamicShared[float32](t)  // of size block_size (128)
	warpID := t.ThreadIdx.X / gocuda.WarpSize // warp index in the block, 0,1,2,3
	laneID := t.ThreadIdx.X % gocuda.WarpSize // thread index in the warp, 0,1,2,...,31
	tl := t.BlockIdx.X * gocuda.WarpSize      // pointer to the start column for this block
	vstep := t.BlockDim.X / gocuda.WarpSize   // number of warps in a block, e.g. 4

	// pointer to the start of the column for one lane of threads
	// so e.g. 4 threads (of the same lane_id) will reduce this one column
	doutCol := dout[tl+laneID:]

	// column reductions by looping through the rows
	// each of the 4 threads offsets by its warp_id and then skips by vstep
	// together these 4 threads cover all B*T rows of this (lane_id) column
	// importantly, consecutive threads (in threadId) are processing adjacent columns,
	// leading to a coalesced memory access pattern
	doutSum := float32(0.0)
	for row := warpID; row < B*T; row += vstep {
		doutSum += doutCol[row*OC]
	}
	smem[laneID+warpID*gocuda.WarpSize] = doutSum
	t.SyncThreads()

	// warp_id 0 reduces the shared memory column-wise, linearly
	doutSum = 0.0
	if warpID == 0 {
		for j := 0; j < vstep; j++ {
			doutSum += smem[laneID+j*gocuda.WarpSize]
		}
		dbias[tl+laneID] += doutSum
	}
}

// LayernormBackwardKernel is layernorm_backward_kernel2 of
// train_gpt2_fp32.cu: one 32-thread tile per row, two cg::reduce sums,
// then dinp += the row's gradient while dbias and dweight collect in
// shared memory by atomicAdd and go to global memory by atomicAdd at the
// end. Launch it with 2*C floats of dynamic shared memory.
//
//gocuda:kernel LayernormBackwardKernel
func layernormBackwardKernel2(t *gocuda.Thread, dinp, dweight, dbias []float32,
	dout, inp, weight, mean, rstd []float32, B, T, C int) {
	shared := gocuda.DynamicShared[float32](t) // size = 2 * C

	block := cg.ThisThreadBlock(t)
	warp := cg.TiledPartition(block, 32)
	idx := t.BlockIdx.X*warp.MetaGroupSize() + warp.MetaGroupRank()
	N := B * T
	if idx >= N {
		return
	} // thread guards

	b := idx / T
	t_ := idx % T

	doutBt := dout[b*T*C+t_*C:]
	inpBt := inp[b*T*C+t_*C:]
	dinpBt := dinp[b*T*C+t_*C:]
	meanBt := mean[b*T+t_]
	rstdBt := rstd[b*T+t_]

	// the first half of shared memory is bias, second is weight
	dbiasShared := shared
	dweightShared := shared[C:]

	// init shared memory to zero
	for i := t.ThreadIdx.X; i < C; i += t.BlockDim.X {
		dbiasShared[i] = 0.0
		dweightShared[i] = 0.0
	}
	t.SyncThreads()

	// first: two reduce operations
	dnormMean := float32(0.0)
	dnormNormMean := float32(0.0)
	for i := warp.ThreadRank(); i < C; i += warp.Size() {
		normBti := (inpBt[i] - meanBt) * rstdBt
		dnormI := weight[i] * doutBt[i]
		dnormMean += dnormI
		dnormNormMean += dnormI * normBti
	}
	dnormMean = cg.Reduce(warp, dnormMean, cg.Plus[float32])
	dnormNormMean = cg.Reduce(warp, dnormNormMean, cg.Plus[float32])
	dnormMean = dnormMean / float32(C)
	dnormNormMean = dnormNormMean / float32(C)

	// now iterate again and accumulate all the gradients
	for i := warp.ThreadRank(); i < C; i += warp.Size() {
		normBti := (inpBt[i] - meanBt) * rstdBt
		dnormI := weight[i] * doutBt[i]
		// gradient contribution to bias
		atomic.Add(&dbiasShared[i], doutBt[i])
		// gradient contribution to weight
		atomic.Add(&dweightShared[i], normBti*doutBt[i])
		// gradient contribution to input
		dval := float32(0.0)
		dval += dnormI                  // term 1
		dval -= dnormMean               // term 2
		dval -= normBti * dnormNormMean // term 3
		dval *= rstdBt                  // final scale
		dinpBt[i] += dval
	}
	t.SyncThreads()

	// write to global memory
	for i := t.ThreadIdx.X; i < C; i += t.BlockDim.X {
		atomic.Add(&dbias[i], dbiasShared[i])
		atomic.Add(&dweight[i], dweightShared[i])
	}
}

// SoftmaxAutoregressiveBackwardKernel is
// softmax_autoregressive_backward_kernel of train_gpt2_fp32.cu: for each
// of T_per_block = 4 rows t (from the bottom), the block reduces
// att·datt over t2 <= t through cg::reduce and a shared array of the warps'
// sums, then writes dpreatt = scale * att * (datt - that sum). Launch it
// with blocks of BlockSize = 256 threads, grid (T/4, B*NH).
//
// No barrier separates the second cg::reduce's read of block_acc from the
// next row's write of it, so with rows longer than 32 a warp that runs
// ahead overwrites a partial sum that another warp has yet to read; the
// compiled form, which runs a block's warps one after another between
// barriers, always does.
//
//gocuda:kernel SoftmaxAutoregressiveBackwardKernel
func softmaxAutoregressiveBackwardKernel(t *gocuda.Thread, dpreatt []float32, datt, att []float32,
	B, T, C int, scale float32) {
	const BlockSize = 256
	const TPerBlock = 4
	block := cg.ThisThreadBlock(t)
	warp := cg.TiledPartition(block, 32)
	blockAcc := gocuda.Shared[float32](t, 32)

	idx := t.BlockIdx.Y
	// go through blocks in reverse order, so the slowest block starts first
	t0 := T - 1 - TPerBlock*t.BlockIdx.X

	att = att[idx*T*T:]
	datt = datt[idx*T*T:]
	dpreatt = dpreatt[idx*T*T:]

	if warp.MetaGroupRank() == 0 {
		blockAcc[warp.ThreadRank()] = 0
	}

	for to := 0; to < TPerBlock; to++ {
		t_ := t0 - to
		if t_ < 0 {
			return
		}
		attBth := att[t_*T:]
		dattBth := datt[t_*T:]
		dpreattBth := dpreatt[t_*T:]

		localSum := float32(0)
		for t2 := block.ThreadRank(); t2 <= t_; t2 += BlockSize {
			localSum += attBth[t2] * dattBth[t2]
		}

		blockAcc[warp.MetaGroupRank()] = cg.Reduce(warp, localSum, cg.Plus[float32])
		block.Sync()
		localSum = cg.Reduce(warp, blockAcc[warp.ThreadRank()], cg.Plus[float32])

		for t3 := block.ThreadRank(); t3 <= t_; t3 += BlockSize {
			// don't touch the cache. Some parts will still be here from the previous loop, and
			// we want to exploit those.
			acc := attBth[t3] * (dattBth[t3] - localSum)
			dpreattBth[t3] = scale * acc
		}
	}
}

// lerp is llm.c's lerp: linear interpolation in two fused multiply-adds.
// Reference: https://developer.nvidia.com/blog/lerp-faster-cuda
func lerp(start, end, weight float32) float32 {
	return intrinsic.FmaR(weight, end, intrinsic.FmaR(-weight, start, start, intrinsic.RN), intrinsic.RN)
}

// AdamWKernel is adamw_kernel2 of train_gpt2_fp32.cu: one AdamW step per
// parameter, the moments by lerp.
//
//gocuda:kernel AdamWKernel
func adamwKernel2(t *gocuda.Thread, paramsMemory, gradsMemory, mMemory, vMemory []float32, numParameters int,
	learningRate, beta1, beta2, beta1Correction, beta2Correction, eps, weightDecay float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= numParameters {
		return // guard
	}
	grad := gradsMemory[i]
	m := mMemory[i]
	v := vMemory[i]
	// update the first moment (momentum)
	m = lerp(grad, m, beta1)
	mMemory[i] = m
	// update the second moment (RMSprop)
	v = lerp(grad*grad, v, beta2)
	vMemory[i] = v
	m /= beta1Correction // m_hat
	v /= beta2Correction // v_hat
	paramsMemory[i] -= learningRate * (m/(sqrtf(v)+eps) + weightDecay*paramsMemory[i])
}

// softmaxParams is SoftmaxParams.
type softmaxParams struct {
	Scale  float32
	Offset float32
}

// prepareSoftmaxBlockwideNofloat4 is prepare_softmax_blockwide_nofloat4 of
// train_gpt2_fp32.cu: the maximum and the reciprocal of the exponentials'
// sum of row idx of inp, reduced in each warp by cg::reduce and across the
// warps through shared memory.
func prepareSoftmaxBlockwideNofloat4(t *gocuda.Thread, warp cg.Tile, idx int, inp []float32, V, P int) softmaxParams {
	// same but not float4
	// one row of inp, i.e. inp[idx, :] of shape (V,)

	x := inp[idx*P:]
	threadMaxval := float32(math.Inf(-1))
	threadSumval := float32(0.0)
	// do the loop in reverse to maximise probability of L2 cache hits
	// so even small L2s get some hits on the 2nd read of the same thread
	for i := V + t.ThreadIdx.X - t.BlockDim.X; i >= 0; i -= t.BlockDim.X {
		v := x[i]
		oldMaxval := threadMaxval
		threadMaxval = fmaxf(threadMaxval, v)
		threadSumval *= expf(oldMaxval - threadMaxval)
		threadSumval += expf(v - threadMaxval)
	}

	// two reductions of up to 1024 threads:
	// 1) inside warp (shuffle), 2) cross-warp (shared memory), 3) inside warp (shuffle)
	// this results in much cleaner assembly than a multi-warp cg::reduce
	sharedMaxval := gocuda.Shared[float32](t, 32)
	sharedSumval := gocuda.Shared[float32](t, 32)
	numWarps := t.BlockDim.X / 32
	warpID := t.ThreadIdx.X / 32
	laneID := t.ThreadIdx.X % 32

	// reduce maxval within each warp
	warpMaxval := cg.Reduce(warp, threadMaxval, cg.Greater[float32])
	// thread 0 in each warp writes to shared memory
	if laneID == 0 {
		sharedMaxval[warpID] = warpMaxval
	}
	t.SyncThreads()
	// each thread now loads the maxval across previous warps
	// if the thread is "out of range" of data, use -FLT_MAX as the maxval
	if laneID < numWarps {
		warpMaxval = sharedMaxval[laneID]
	} else {
		warpMaxval = -math.MaxFloat32
	}
	// now reduce the maxval among the warp threads
	blockMaxval := cg.Reduce(warp, warpMaxval, cg.Greater[float32])
	// each thread uses maxval to scale sumval to avoid numerical instability / overflow
	threadSumval *= expf(threadMaxval - blockMaxval)
	// (warp-level) reduce sumval, thread 0 in each warp saves result in shared memory
	warpSumval := cg.Reduce(warp, threadSumval, cg.Plus[float32])
	if laneID == 0 {
		sharedSumval[warpID] = warpSumval
	}
	t.SyncThreads()
	// same strategy, now reduce sumval across warps
	if laneID < numWarps {
		warpSumval = sharedSumval[laneID]
	} else {
		warpSumval = 0.0
	}
	blockSumval := cg.Reduce(warp, warpSumval, cg.Plus[float32])
	// return the softmax parameters
	return softmaxParams{1. / blockSumval, blockMaxval}
}

// FusedClassifierKernel is fused_classifier_kernel3 of
// train_gpt2_fp32.cu: one block per row of the (B*T, P) logits (V of them
// real), its softmax by prepare_softmax_blockwide_nofloat4, thread 0
// writing the row's loss, and the logits overwritten by their gradients;
// probs, when not nil, gets the probabilities, and dlosses, when nil,
// is 1/(B*T).
//
// Thread 0 reads the target's logit for the loss while the thread that
// owns the target's column overwrites it with its gradient, with no
// barrier between: the loss comes from either value.
//
//gocuda:kernel FusedClassifierKernel
func fusedClassifierKernel3(t *gocuda.Thread, logits, losses, probs []float32,
	dlosses []float32, targets []int32, B, T, V, P int) {
	block := cg.ThisThreadBlock(t)
	warp := cg.TiledPartition(block, 32)
	idx := t.BlockIdx.X
	ix := int(targets[idx])

	// softmax (reading B * T * V, same logits read again below, hopefully still in cache)
	sp := prepareSoftmaxBlockwideNofloat4(t, warp, idx, logits, V, P)

	// calculate the probability needed for the loss and update (single-threaded)
	if t.ThreadIdx.X == 0 {
		prob := expf(logits[idx*P+ix]-sp.Offset) * sp.Scale
		losses[idx] = -logf(prob)
	}

	// very sensible default for dlosses is 1/(B*T), which is the uniform loss
	var dloss float32
	if dlosses != nil {
		dloss = dlosses[idx]
	} else {
		dloss = 1.0 / float32(B*T)
	}
	// calculate the gradients directly, saves bandwidth from probs during training
	// but also supports writing probs for inference-only and debugging
	logitsVec := logits[idx*P:]
	for i := t.ThreadIdx.X; i < V; i += t.BlockDim.X {
		// this is the 2nd read of logits after the one in prepare_softmax2
		// this data will never be needed again, so we reduce cache persistence
		v := logitsVec[i]
		prob := expf(v-sp.Offset) * sp.Scale
		if probs != nil {
			probs[idx*P+i] = prob
		}
		var indicator float32
		if i == ix {
			indicator = 1.0
		} else {
			indicator = 0.0
		}
		logits[idx*P+i] = (prob - indicator) * dloss
	}
}

// ldVec is ld_vec: the float4 at address.
func ldVec(address *float32) float4 {
	return *(*float4)(unsafe.Pointer(address))
}

// stVec is st_vec: val stored as the float4 at address.
func stVec(address *float32, val float4) {
	*(*float4)(unsafe.Pointer(address)) = val
}

// MatmulForwardKernel is matmul_forward_kernel4 of train_gpt2_fp32.cu:
// out (B*T, OC) = inp (B*T, C) · weightᵀ (OC, C) + bias, each 16×16 block
// computing 128×128 outputs, 8×8 per thread, through two shared tiles of
// 128×32 loaded as float4s. B*T and OC must be multiples of 128 and C of
// 32; bias may be nil.
//
//gocuda:kernel MatmulForwardKernel
func matmulForwardKernel4(t *gocuda.Thread, out []float32, inp, weight, bias []float32, C, OC int) {
	// out is (B,T,OC). OC is short for "output channels", e.g. OC = 4 * C
	// inp is (B,T,C), weight is (OC, C), bias is (OC)
	// each thread handles 8x8 elements; each block 128 by 128 elements.
	oc := 8 * (t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y)

	// buffers to cache chunks of the input matrices
	lhsS := gocuda.Shared[[32]float32](t, 128)
	rhsS := gocuda.Shared[[32]float32](t, 128)

	// adjust our pointers for the current block
	inp = inp[128*t.BlockIdx.X*C:]
	weight = weight[128*t.BlockIdx.Y*C:]
	out = out[128*t.BlockIdx.X*OC+128*t.BlockIdx.Y:]

	var vals [8][8]float32
	if bias != nil {
		for i := 0; i < 8; i++ {
			for j := 0; j < 8; j += 4 {
				b := ldVec(&bias[oc+j])
				vals[i][j+0] = b.X
				vals[i][j+1] = b.Y
				vals[i][j+2] = b.Z
				vals[i][j+3] = b.W
			}
		}
	}

	siStart := 4 * (16*t.ThreadIdx.Y + t.ThreadIdx.X)
	for so := 0; so < C; so += 32 {
		t.SyncThreads()
		xmod8 := t.ThreadIdx.X % 8
		xby8 := t.ThreadIdx.X / 8
		xo := 4 * xmod8
		for y := 2*t.ThreadIdx.Y + xby8; y < 128; y += 32 {
			stVec(&lhsS[y][xo], ldVec(&inp[y*C+so+xo]))
			stVec(&rhsS[y][xo], ldVec(&weight[y*C+so+xo]))
		}
		t.SyncThreads()

		for si := siStart; si < siStart+32; si += 4 {
			var rhs [8]float4
			for u := 0; u < 8; u++ {
				rhs[u] = ldVec(&rhsS[u+8*t.ThreadIdx.Y][si%32])
			}

			for ii := 0; ii < 8; ii++ {
				lhs := ldVec(&lhsS[ii+8*t.ThreadIdx.X][si%32])
				for ji := 0; ji < 8; ji++ {
					vals[ii][ji] += lhs.X * rhs[ji].X
					vals[ii][ji] += lhs.Y * rhs[ji].Y
					vals[ii][ji] += lhs.Z * rhs[ji].Z
					vals[ii][ji] += lhs.W * rhs[ji].W
				}
			}
		}
	}

	for i := 0; i < 8; i++ {
		for j := 0; j < 8; j += 4 {
			var result float4
			result.X = vals[i][j+0]
			result.Y = vals[i][j+1]
			result.Z = vals[i][j+2]
			result.W = vals[i][j+3]
			stVec(&out[(8*t.ThreadIdx.X+i)*OC+8*t.ThreadIdx.Y+j], result)
		}
	}
}
