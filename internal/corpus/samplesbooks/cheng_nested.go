package samplesbooks

import "github.com/gocuda/gocuda/gocuda"

// This file holds the nested reduction of chapter 3 of "Professional
// CUDA C Programming" (deeperlearning/professional-cuda-c-programming at
// ee58310, examples/chapter03/nestedReduce.cu): a kernel that launches
// itself, by dynamic parallelism, on the first half of its block's data.

// GpuRecursiveReduceKernel is gpuRecursiveReduce of nestedReduce.cu: each
// block of isize threads sums the isize ints of gIdata it covers into
// gOdata[blockIdx.x]. The first half of the threads add the second half's
// elements to theirs; after a barrier thread 0 launches a child grid of
// one block of isize/2 threads on the block's data and result, and waits
// for it (cudaDeviceSynchronize: a launch from a gocuda kernel returns
// when the child has finished); a block of two threads adds its two
// elements. The kernel takes the device to launch on, which CUDA's
// device runtime has implicitly; a child's failure fails the kernel with
// the child's error.
//
//gocuda:kernel GpuRecursiveReduceKernel
func gpuRecursiveReduce(t *gocuda.Thread, dev *gocuda.Device, gIdata, gOdata []int32, isize uint32) {
	tid := uint32(t.ThreadIdx.X)

	idata := gIdata[t.BlockIdx.X*t.BlockDim.X:]
	odata := gOdata[t.BlockIdx.X:]

	if isize == 2 && tid == 0 {
		gOdata[t.BlockIdx.X] = idata[0] + idata[1]
		return
	}

	istride := isize >> 1
	if istride > 1 && tid < istride {
		idata[tid] += idata[tid+istride]
	}

	t.SyncThreads()

	if tid == 0 {
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: int(istride)}}
		if err := dev.Launch(cfg, GpuRecursiveReduceKernel(dev, idata, odata, istride)); err != nil {
			panic(err)
		}
	}

	t.SyncThreads()
}
