package hecbenchltoz

import "github.com/gocuda/gocuda/gocuda"

// This file holds kernels of HeCBench's lsqt benchmark (zjin-lcf/HeCBench
// at f27000a, src/lsqt-cuda/vector.cu, Fan's linear-scaling quantum
// transport, real = double): gpu_set_zero, gpu_apply_sz,
// gpu_find_inner_product_1 and gpu_find_inner_product_2, the last two
// with warp_reduce (a volatile shared reduction stepped by __syncwarp,
// called under tid < 32).

// lsqtBlockSize is vector.cu's BLOCK_SIZE.
const lsqtBlockSize = 256

// GpuSetZeroKernel is gpu_set_zero of lsqt-cuda.
//
//gocuda:kernel GpuSetZeroKernel
func gpuSetZeroKernel(t *gocuda.Thread, numberOfElements int, gStateReal, gStateImag []float64) {
	n := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if n < numberOfElements {
		gStateReal[n] = 0
		gStateImag[n] = 0
	}
}

// GpuApplySzKernel is gpu_apply_sz of lsqt-cuda: the odd elements
// negated.
//
//gocuda:kernel GpuApplySzKernel
func gpuApplySzKernel(t *gocuda.Thread, n int, inReal, inImag, outReal, outImag []float64) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < n {
		if i%2 == 0 {
			outReal[i] = inReal[i]
			outImag[i] = inImag[i]
		} else {
			outReal[i] = -inReal[i]
			outImag[i] = -inImag[i]
		}
	}
}

// lsqtWarpReduce is warp_reduce of lsqt-cuda: s[0] becomes the sum of
// s[0:64], the first warp stepping together by __syncwarp.
func lsqtWarpReduce(t *gocuda.Thread, s []float64, tid int) {
	v := s[tid]
	v += s[tid+32]
	t.SyncWarp(0xffffffff)
	s[tid] = v
	t.SyncWarp(0xffffffff)
	v += s[tid+16]
	t.SyncWarp(0xffffffff)
	s[tid] = v
	t.SyncWarp(0xffffffff)
	v += s[tid+8]
	t.SyncWarp(0xffffffff)
	s[tid] = v
	t.SyncWarp(0xffffffff)
	v += s[tid+4]
	t.SyncWarp(0xffffffff)
	s[tid] = v
	t.SyncWarp(0xffffffff)
	v += s[tid+2]
	t.SyncWarp(0xffffffff)
	s[tid] = v
	t.SyncWarp(0xffffffff)
	v += s[tid+1]
	t.SyncWarp(0xffffffff)
	s[tid] = v
}

// GpuFindInnerProduct1Kernel is gpu_find_inner_product_1 of lsqt-cuda:
// block b's partial sum of the complex inner product <final|random>.
//
//gocuda:kernel GpuFindInnerProduct1Kernel
func gpuFindInnerProduct1Kernel(t *gocuda.Thread, numberOfAtoms int, gFinalStateReal, gFinalStateImag, gRandomStateReal, gRandomStateImag, gInnerProductReal, gInnerProductImag []float64, gOffset int) {
	tid := t.ThreadIdx.X
	n := t.BlockIdx.X*t.BlockDim.X + tid
	var m int
	var a, b, c, d float64
	sDataReal := gocuda.Shared[float64](t, lsqtBlockSize)
	sDataImag := gocuda.Shared[float64](t, lsqtBlockSize)
	sDataReal[tid] = 0.0
	sDataImag[tid] = 0.0
	if n < numberOfAtoms {
		a = gFinalStateReal[n]
		b = gFinalStateImag[n]
		c = gRandomStateReal[n]
		d = gRandomStateImag[n]
		sDataReal[tid] = (a*c + b*d)
		sDataImag[tid] = (b*c - a*d)
	}
	t.SyncThreads()
	/*
	  if (tid < 256) {
	    m = tid + 256;
	    s_data_real[tid] += s_data_real[m];
	    s_data_imag[tid] += s_data_imag[m];
	  }
	  __syncthreads();
	*/
	if tid < 128 {
		m = tid + 128
		sDataReal[tid] += sDataReal[m]
		sDataImag[tid] += sDataImag[m]
	}
	t.SyncThreads()
	if tid < 64 {
		m = tid + 64
		sDataReal[tid] += sDataReal[m]
		sDataImag[tid] += sDataImag[m]
	}
	t.SyncThreads()
	if tid < 32 {
		lsqtWarpReduce(t, sDataReal, tid)
		lsqtWarpReduce(t, sDataImag, tid)
	}
	if tid == 0 {
		gInnerProductReal[t.BlockIdx.X+gOffset] = sDataReal[0]
		gInnerProductImag[t.BlockIdx.X+gOffset] = sDataImag[0]
	}
}

// GpuFindInnerProduct2Kernel is gpu_find_inner_product_2 of lsqt-cuda:
// block b sums the partial sums of moment b.
//
//gocuda:kernel GpuFindInnerProduct2Kernel
func gpuFindInnerProduct2Kernel(t *gocuda.Thread, numberOfAtoms int, gInnerProduct1Real, gInnerProduct1Imag, gInnerProduct2Real, gInnerProduct2Imag []float64) {
	//<<<para.number_of_energy_points, BLOCK_SIZE)>>>
	tid := t.ThreadIdx.X
	var patch, n, m int
	sDataReal := gocuda.Shared[float64](t, lsqtBlockSize)
	sDataImag := gocuda.Shared[float64](t, lsqtBlockSize)
	sDataReal[tid] = 0.0
	sDataImag[tid] = 0.0
	numberOfBlocks := (numberOfAtoms-1)/lsqtBlockSize + 1
	numberOfPatches := (numberOfBlocks-1)/lsqtBlockSize + 1

	for patch = 0; patch < numberOfPatches; patch++ {
		n = tid + patch*lsqtBlockSize
		if n < numberOfBlocks {
			m = t.BlockIdx.X*numberOfBlocks + n
			sDataReal[tid] += gInnerProduct1Real[m]
			sDataImag[tid] += gInnerProduct1Imag[m]
		}
	}
	t.SyncThreads()
	/*
	  if (tid < 256) {
	    m = tid + 256;
	    s_data_real[tid] += s_data_real[m];
	    s_data_imag[tid] += s_data_imag[m];
	  }
	  __syncthreads();
	*/
	if tid < 128 {
		m = tid + 128
		sDataReal[tid] += sDataReal[m]
		sDataImag[tid] += sDataImag[m]
	}
	t.SyncThreads()
	if tid < 64 {
		m = tid + 64
		sDataReal[tid] += sDataReal[m]
		sDataImag[tid] += sDataImag[m]
	}
	t.SyncThreads()
	if tid < 32 {
		lsqtWarpReduce(t, sDataReal, tid)
		lsqtWarpReduce(t, sDataImag, tid)
	}
	if tid == 0 {
		gInnerProduct2Real[t.BlockIdx.X] = sDataReal[0]
		gInnerProduct2Imag[t.BlockIdx.X] = sDataImag[0]
	}
}
