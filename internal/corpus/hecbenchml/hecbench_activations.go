package hecbenchml

import (
	"math"

	"github.com/gocuda/gocuda/gocuda"
)

// This file holds HeCBench's elementwise activation benchmarks
// (zjin-lcf/HeCBench at f27000a): glu-cuda's glu_kernel (PyTorch's GLU),
// geglu-cuda's geglu_kernel<float, float, 160, DIM_LAST, 8, FOR_LOOP>
// (vectors of 8 floats moved as an alignas struct through
// reinterpret_cast, here a [8]float32 through a slice-to-array
// conversion) and silu-cuda's five kernels (llm.c style, two of them
// float4-vectorised with a scalar tail loop).

// GluKernel is glu_kernel of glu-cuda: Y = X₁·sigmoid(X₂), X split in
// halves along the middle dimension; threads past the end return.
//
//gocuda:kernel GluKernel
func gluKernel(t *gocuda.Thread, M, splitDimSize, N int, Xdata, Ydata []float32) {
	index := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if index >= M*splitDimSize*N {
		return
	}

	xOffset := 2 * splitDimSize * N
	yOffset := splitDimSize * N
	i := index / splitDimSize / N
	j := index / N % splitDimSize
	k := index % N
	x1 := Xdata[i*xOffset+j*N+k]
	x2 := Xdata[i*xOffset+(j+splitDimSize)*N+k]
	Ydata[i*yOffset+j*N+k] = x1 * (1. / (1. + expf(-x2)))
}

// The geglu_gpu constants: the block and vector sizes.
const (
	gegluBlockDimX = 160
	gegluVecElems  = 8
)

// gegluU is geglu_kernel's struct U, VEC_ELEMS scalars.
type gegluU [gegluVecElems]float32

// gelu is geglu-cuda's gelu<float>: x·½·(1 + erf(x/√2)).
func gelu(x float32) float32 {
	const kAlpha = float32(math.Sqrt2 / 2)
	return x * float32(0.5) * (float32(1) + erff(x*kAlpha))
}

// GegluKernel is geglu_kernel of geglu-cuda for float: the template's
// DIM_LAST and FOR_LOOP are the arguments dimLast and forLoop (forLoop 1
// or 2, as the host dispatches; the local arrays have the larger size).
//
//gocuda:kernel GegluKernel
func gegluKernel(t *gocuda.Thread, out, xAndGate []float32, dimLast, forLoop int) {
	chunksPerRow := dimLast / (gegluBlockDimX * gegluVecElems)
	var ux [2]gegluU
	var ugate [2]gegluU
	var uout [2]gegluU
	for k := 0; k < forLoop; k++ {
		idxN := (t.BlockIdx.X*forLoop + k) / chunksPerRow
		idxR := ((t.BlockIdx.X*forLoop+k)%chunksPerRow*gegluBlockDimX + t.ThreadIdx.X) * gegluVecElems
		ux[k] = gegluU(xAndGate[int64(idxN*2+0)*int64(dimLast)+int64(idxR):])
		ugate[k] = gegluU(xAndGate[int64(idxN*2+1)*int64(dimLast)+int64(idxR):])
	}
	for k := 0; k < forLoop; k++ {
		for i := 0; i < gegluVecElems; i++ {
			geluOut := gelu(ugate[k][i])
			uout[k][i] = ux[k][i] * geluOut
		}
	}
	for k := 0; k < forLoop; k++ {
		idxN := (t.BlockIdx.X*forLoop + k) / chunksPerRow
		idxR := ((t.BlockIdx.X*forLoop+k)%chunksPerRow*gegluBlockDimX + t.ThreadIdx.X) * gegluVecElems
		*(*gegluU)(out[int64(idxN)*int64(dimLast)+int64(idxR):]) = uout[k]
	}
}

// SiluForwardKernel is silu_forward_kernel of silu-cuda: out = x·sigmoid(x).
//
//gocuda:kernel SiluForwardKernel
func siluForwardKernel(t *gocuda.Thread, x, out []float32, N uint64) {
	i := uint64(t.BlockDim.X)*uint64(t.BlockIdx.X) + uint64(t.ThreadIdx.X)
	if i >= N {
		return
	}
	xVal := x[i]
	out[i] = xVal / (1.0 + expf(-xVal))
}

// SiluForwardKernel2 is silu_forward_kernel2 of silu-cuda: float4s, then
// the last N%4 elements by the first threads.
//
//gocuda:kernel SiluForwardKernel2
func siluForwardKernel2(t *gocuda.Thread, x, out []float32, N uint64) {
	i := uint64(t.BlockDim.X)*uint64(t.BlockIdx.X) + uint64(t.ThreadIdx.X)
	vecCount := N / 4
	if i < vecCount {
		x4 := asFloat4(x)[i]
		var t4 Float4
		t4.X = x4.X / (1.0 + expf(-x4.X))
		t4.Y = x4.Y / (1.0 + expf(-x4.Y))
		t4.Z = x4.Z / (1.0 + expf(-x4.Z))
		t4.W = x4.W / (1.0 + expf(-x4.W))
		asFloat4(out)[i] = t4
	}
	for j := 4*vecCount + i; j < N; j += uint64(t.BlockDim.X) {
		xVal := x[j]
		out[j] = xVal / (1.0 + expf(-xVal))
	}
}

// SiluBackwardKernel is silu_backward_kernel of silu-cuda.
//
//gocuda:kernel SiluBackwardKernel
func siluBackwardKernel(t *gocuda.Thread, dout, x, dx []float32, N uint64) {
	i := uint64(t.BlockDim.X)*uint64(t.BlockIdx.X) + uint64(t.ThreadIdx.X)
	if i >= N {
		return
	}
	outVal := dout[i]
	xVal := x[i]
	expx := expf(-xVal)
	gradSilu := (1.0 + xVal*expx/(1.0+expx)) / (1.0 + expx)
	dx[i] = outVal * gradSilu
}

// SiluBackwardKernel2 is silu_backward_kernel2 of silu-cuda, through the
// sigmoid.
//
//gocuda:kernel SiluBackwardKernel2
func siluBackwardKernel2(t *gocuda.Thread, dout, x, dx []float32, N uint64) {
	i := uint64(t.BlockDim.X)*uint64(t.BlockIdx.X) + uint64(t.ThreadIdx.X)
	if i >= N {
		return
	}
	xVal := x[i]
	// sigmoid: 1 / (1 + exp(-x))
	sig := 1.0 / (1.0 + expf(-xVal))
	// gradient: sig * (1 + x * (1 - sig))
	gradSilu := sig * (1.0 + xVal*(1.0-sig))
	dx[i] = dout[i] * gradSilu
}

// SiluBackwardKernel3 is silu_backward_kernel3 of silu-cuda: kernel2's
// formula on float4s, with the scalar tail loop.
//
//gocuda:kernel SiluBackwardKernel3
func siluBackwardKernel3(t *gocuda.Thread, dout, x, dx []float32, N uint64) {
	i := uint64(t.BlockDim.X)*uint64(t.BlockIdx.X) + uint64(t.ThreadIdx.X)
	vecCount := N / 4
	if i < vecCount {
		x4 := asFloat4(x)[i]
		do4 := asFloat4(dout)[i]
		var sig4, gradSilu4 Float4
		sig4.X = 1.0 / (1.0 + expf(-x4.X))
		sig4.Y = 1.0 / (1.0 + expf(-x4.Y))
		sig4.Z = 1.0 / (1.0 + expf(-x4.Z))
		sig4.W = 1.0 / (1.0 + expf(-x4.W))
		gradSilu4.X = sig4.X * (1.0 + x4.X*(1.0-sig4.X))
		gradSilu4.Y = sig4.Y * (1.0 + x4.Y*(1.0-sig4.Y))
		gradSilu4.Z = sig4.Z * (1.0 + x4.Z*(1.0-sig4.Z))
		gradSilu4.W = sig4.W * (1.0 + x4.W*(1.0-sig4.W))
		sig4.X = do4.X * gradSilu4.X
		sig4.Y = do4.Y * gradSilu4.Y
		sig4.Z = do4.Z * gradSilu4.Z
		sig4.W = do4.W * gradSilu4.W
		asFloat4(dx)[i] = sig4
	}
	for j := 4*vecCount + i; j < N; j += uint64(t.BlockDim.X) {
		xVal := x[j]
		sig := 1.0 / (1.0 + expf(-xVal))
		gradSilu := sig * (1.0 + xVal*(1.0-sig))
		dx[j] = dout[j] * gradSilu
	}
}
