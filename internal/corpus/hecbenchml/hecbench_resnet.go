package hecbenchml

import "github.com/gocuda/gocuda/gocuda"

// This file holds HeCBench's resnet-kernels benchmark (zjin-lcf/HeCBench
// at f27000a, src/resnet-kernels-cuda/Kernel128_one.cu and
// Kernel256_one.cu, after Jia et al.'s ResNet 1×1 convolution kernels):
// the 1×1 convolutions with batch-norm, each block four lines of a 14×14
// tile, its input, a slab of the weights, the outputs, bias and scale in
// dynamic shared memory carved up by pointer arithmetic, with two
// barriers a slab. The Winograd kernels of Kernel128_winograd.cu and
// Kernel256_winograd.cu are not ported.

// Kernel512One128Kernel is kernel_512_one_128 of Kernel128_one.cu:
// 512 input channels to 128 output channels, with ReLU; blocks of 128×4.
//
//gocuda:kernel Kernel512One128Kernel
func kernel512One128Kernel(t *gocuda.Thread, A, B, bnBias, bnScale, C []float32) {
	tile, inChannel, line := t.BlockIdx.X, t.ThreadIdx.X, t.ThreadIdx.Y
	ind := line*128 + inChannel

	shared_ := gocuda.DynamicShared[float32](t)
	weights := shared_[512*4:]
	output := weights[128*64:]
	input := shared_
	bias := output[4*128:]
	scale := bias[128:]

	for i := 0; i < 4; i++ {
		input[ind+i*512] = A[tile*2048+i*512+ind]
	}
	bias[inChannel] = bnBias[inChannel]
	scale[inChannel] = bnScale[inChannel]
	output[ind] = 0.0
	t.SyncThreads()

	for k := 0; k < 512; k += 64 {
		BStart := B[k*128:]
		for i := 0; i < 16; i++ {
			weights[ind+i*512] = BStart[i*512+ind]
		}
		t.SyncThreads()

		AStart := input[k:]
		for p := 0; p < 64; p++ {
			output[ind] += AStart[line*512+p] * weights[inChannel+p*128]
		}
		t.SyncThreads()
	}

	CStart, res := C[tile*512:], scale[inChannel]*output[ind]+bias[inChannel]
	if res > 0 {
		CStart[ind] = res
	} else {
		CStart[ind] = 0
	}
}

// Kernel128One512Kernel is kernel_128_one_512 of Kernel128_one.cu: 128
// input channels to 512 output channels, a quarter of them a block
// (blockIdx.y), without ReLU.
//
//gocuda:kernel Kernel128One512Kernel
func kernel128One512Kernel(t *gocuda.Thread, A, B, bnBias, bnScale, C []float32) {
	tile, part, inChannel, line := t.BlockIdx.X, t.BlockIdx.Y, t.ThreadIdx.X, t.ThreadIdx.Y
	ind := line*128 + inChannel

	shared_ := gocuda.DynamicShared[float32](t)
	weights, input := shared_[128*4:], shared_
	output := weights[128*64:]
	bias := output[4*128:]
	scale := bias[128:]

	input[ind] = A[tile*512+ind]
	bias[inChannel] = bnBias[part*128+inChannel]
	scale[inChannel] = bnScale[part*128+inChannel]
	output[ind] = 0.0
	t.SyncThreads()

	for k := 0; k < 128; k += 64 {
		for i := 0; i < 16; i++ {
			weights[ind+512*i] = B[(k+i*4+line)*512+part*128+inChannel]
		}
		t.SyncThreads()

		AStart := input[k:]
		for p := 0; p < 64; p++ {
			output[ind] += AStart[line*128+p] * weights[inChannel+p*128]
		}
		t.SyncThreads()
	}

	CStart := C[tile*2048+part*128:]
	res := scale[inChannel]*output[ind] + bias[inChannel]
	CStart[line*512+inChannel] = res
}

// Kernel1024One256Kernel is kernel_1024_one_256 of Kernel256_one.cu:
// 1024 input channels to 256 output channels, with ReLU; blocks of 256×4.
//
//gocuda:kernel Kernel1024One256Kernel
func kernel1024One256Kernel(t *gocuda.Thread, A, B, bnBias, bnScale, C []float32) {
	tile, inChannel, line := t.BlockIdx.X, t.ThreadIdx.X, t.ThreadIdx.Y
	ind := line*256 + inChannel

	shared_ := gocuda.DynamicShared[float32](t)
	weights := shared_[1024*4:]
	output := weights[256*16:]
	input := shared_
	bias := output[4*256:]
	scale := bias[256:]

	for i := 0; i < 4; i++ {
		input[ind+i*1024] = A[tile*4096+i*1024+ind]
	}
	bias[inChannel] = bnBias[inChannel]
	scale[inChannel] = bnScale[inChannel]
	output[ind] = 0.0
	t.SyncThreads()

	for k := 0; k < 1024; k += 16 {
		BStart := B[k*256:]
		for i := 0; i < 4; i++ {
			weights[ind+i*1024] = BStart[i*1024+ind]
		}
		t.SyncThreads()

		AStart := input[k:]
		for p := 0; p < 16; p++ {
			output[ind] += AStart[line*1024+p] * weights[inChannel+p*256]
		}
		t.SyncThreads()
	}

	CStart, res := C[tile*1024:], scale[inChannel]*output[ind]+bias[inChannel]
	if res > 0 {
		CStart[ind] = res
	} else {
		CStart[ind] = 0
	}
}

// Kernel256One1024Kernel is kernel_256_one_1024 of Kernel256_one.cu: 256
// input channels to 1024 output channels, a quarter of them a block,
// without ReLU.
//
//gocuda:kernel Kernel256One1024Kernel
func kernel256One1024Kernel(t *gocuda.Thread, A, B, bnBias, bnScale, C []float32) {
	tile, part, inChannel, line := t.BlockIdx.X, t.BlockIdx.Y, t.ThreadIdx.X, t.ThreadIdx.Y
	ind := line*256 + inChannel

	shared_ := gocuda.DynamicShared[float32](t)
	weights, input := shared_[256*4:], shared_
	output := weights[256*32:]
	bias := output[4*256:]
	scale := bias[256:]

	input[ind] = A[tile*1024+ind]
	bias[inChannel] = bnBias[part*256+inChannel]
	scale[inChannel] = bnScale[part*256+inChannel]
	output[ind] = 0.0
	t.SyncThreads()

	for k := 0; k < 256; k += 32 {
		for i := 0; i < 8; i++ {
			weights[ind+1024*i] = B[(k+i*4+line)*1024+part*256+inChannel]
		}
		t.SyncThreads()

		AStart := input[k:]
		for p := 0; p < 32; p++ {
			output[ind] += AStart[line*256+p] * weights[inChannel+p*256]
		}
		t.SyncThreads()
	}

	CStart := C[tile*4096+part*256:]
	CStart[line*1024+inChannel] = scale[inChannel]*output[ind] + bias[inChannel]
}
