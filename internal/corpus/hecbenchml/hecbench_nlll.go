package hecbenchml

import "github.com/gocuda/gocuda/gocuda"

// This file holds HeCBench's nlll benchmark (zjin-lcf/HeCBench at
// f27000a, src/nlll-cuda/main.cu, after PyTorch's NLLLoss2d):
// nll_loss_forward_reduce2d_kernel<float, float, int, NLL_LOSS_THREADS>
// as driver<float, int> instantiates it, one block whose threads sum
// strided frames into two __shared__ arrays that thread 0 then adds up.

// NllLossForwardReduce2dKernel is nll_loss_forward_reduce2d_kernel of
// nlll-cuda: the template's NLL_LOSS_THREADS is the argument nllLossThreads
// (the block size), weights nil for C's nullptr.
//
//gocuda:kernel NllLossForwardReduce2dKernel
func nllLossForwardReduce2dKernel(t *gocuda.Thread, output, totalWeight, input []float32, target []int32, weights []float32, sizeAverage bool, nframe, kdim, ignoreIndex int64, nllLossThreads int) {
	smInputs := gocuda.Shared[float32](t, nllLossThreads)
	accWeight := gocuda.Shared[float32](t, nllLossThreads)

	tid := t.ThreadIdx.X
	smInputs[tid] = float32(0)
	accWeight[tid] = float32(0)

	for i := tid; int64(i) < nframe; i += nllLossThreads {
		tg := target[i]
		if int64(tg) != ignoreIndex {
			var curWeight float32
			if weights != nil {
				curWeight = weights[tg]
			} else {
				curWeight = float32(1)
			}
			smInputs[tid] -= input[int64(i)*kdim+int64(tg)] * curWeight
			accWeight[tid] += curWeight
		}
	}

	t.SyncThreads()

	if tid == 0 {
		outputAcc := float32(0)
		totalWeightAcc := float32(0)
		for i := 0; i < nllLossThreads; i++ {
			outputAcc += smInputs[i]
			totalWeightAcc += accWeight[i]
		}
		totalWeight[0] = totalWeightAcc
		if sizeAverage {
			output[0] = outputAcc / totalWeightAcc
		} else {
			output[0] = outputAcc
		}
	}
}
