package hecbenchml

import "github.com/gocuda/gocuda/gocuda"

// This file holds HeCBench's crossEntropy benchmark (zjin-lcf/HeCBench at
// f27000a, src/crossEntropy-cuda/main.cu, after Intel's IPEX):
// loss_bwd<float, float>, the backward pass of a cross entropy fused with
// its log-softmax. The constexpr globals W and H of reference.h are
// arguments (the benchmark's 81 × 8732 is too big for a unit test);
// threadX, a #define, stays a constant.

// crossEntropyThreadX is reference.h's threadX.
const crossEntropyThreadX = 64

// exponent is main.cu's exponent(float) (__expf).
func exponent(x float32) float32 { return expf(x) }

// LossBwdKernel is loss_bwd<float, float> of crossEntropy-cuda: thread x
// of block (bx, b) takes pixel bx·threadX+x of batch b; threads past H
// return.
//
//gocuda:kernel LossBwdKernel
func lossBwdKernel(t *gocuda.Thread, logSoftmax, gradOutput, gradOutputNeg []float32, target []int64, weight []float32, mask []int64, gradPredict []float32, W, H int) {
	localIDX := t.ThreadIdx.X
	groupIDBs := t.BlockIdx.Y
	groupIDX := t.BlockIdx.X

	linearXID := groupIDX*crossEntropyThreadX + localIDX

	if linearXID >= H {
		return
	}

	offset2d := groupIDBs*H + linearXID
	idx := int(target[offset2d])
	sumOffset := groupIDBs*W*H + idx*H + linearXID

	var tmpGrad float32
	if mask[offset2d] != 0 {
		tmpGrad = -(gradOutput[offset2d] + gradOutputNeg[offset2d])
	} else {
		tmpGrad = -gradOutput[offset2d]
	}

	tmpGrad = tmpGrad * weight[offset2d]

	sumValue := tmpGrad * logSoftmax[sumOffset]

	for i := 0; i < W; i++ {
		inOffset := groupIDBs*W*H + i*H + linearXID
		tmpSfm := exponent(logSoftmax[inOffset]) * sumValue
		res := float32(0.)
		if i == idx {
			res = tmpGrad - tmpSfm
		} else {
			res = -tmpSfm
		}
		gradPredict[inOffset] = res
	}
}
