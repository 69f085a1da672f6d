package hecbenchatok

import "github.com/gocuda/gocuda/gocuda"

// This file holds four of the twenty kernels of HeCBench's crs benchmark
// (zjin-lcf/HeCBench at f27000a, src/crs-cuda/kernels.cu, after
// G-CRS, Cauchy Reed-Solomon coding on GPUs): gcrs_m_M_w_W_coding_dotprod
// for (M, W) = (1, 4), (1, 5), (2, 4) and (4, 8), which differ only in
// the number of code words (M) and the word size (W). Each thread of a
// group of W threads XORs the input longs its bit-matrix row selects;
// the threads past the last whole group, and those past the data, return
// before a loop of two barriers a turn. long is int64, unsigned int
// uint32, the pointer arithmetic *(in + i*size + idx) an index.

// GcrsM1W4CodingDotprodKernel is gcrs_m_1_w_4_coding_dotprod of kernels.cu.
//
//gocuda:kernel GcrsM1W4CodingDotprodKernel
func gcrsM1W4CodingDotprod(t *gocuda.Thread, k, index int, in, out []int64, bm []uint32, size int) {
	sharedData := gocuda.DynamicShared[int64](t)

	w := 4
	var i, j int
	var result int64

	const fullOneBit uint64 = 0xFFFFFFFFFFFFFFFF

	worksizePerblock := t.BlockDim.X / w * w
	idx := uint32(worksizePerblock*t.BlockIdx.X + t.ThreadIdx.X)

	if t.ThreadIdx.X >= worksizePerblock {
		return
	}

	if idx >= uint32(size) {
		return
	}

	groupOffset := (t.ThreadIdx.X / w) * w
	groupInnerOffset := t.ThreadIdx.X % w
	// row for each thread in the bitmatrix * row size which is k * w

	bitInt := uint32(0x01)
	var matrixInt uint32

	for i = 0; i < k; i++ {
		sharedData[t.ThreadIdx.X] = in[i*size+int(idx)]

		t.SyncThreads()

		for j = 0; j < w; j++ {
			matrixInt = bm[index]
			result = result ^ int64(uint64((matrixInt&(bitInt<<groupInnerOffset))>>groupInnerOffset)*fullOneBit&uint64(sharedData[groupOffset+j]))

			index++
		}
		t.SyncThreads()
	}

	out[idx] = result
}

// GcrsM1W5CodingDotprodKernel is gcrs_m_1_w_5_coding_dotprod of kernels.cu.
//
//gocuda:kernel GcrsM1W5CodingDotprodKernel
func gcrsM1W5CodingDotprod(t *gocuda.Thread, k, index int, in, out []int64, bm []uint32, size int) {
	sharedData := gocuda.DynamicShared[int64](t)

	w := 5
	var i, j int
	var result int64

	const fullOneBit uint64 = 0xFFFFFFFFFFFFFFFF

	worksizePerblock := t.BlockDim.X / w * w
	idx := uint32(worksizePerblock*t.BlockIdx.X + t.ThreadIdx.X)

	if t.ThreadIdx.X >= worksizePerblock {
		return
	}

	if idx >= uint32(size) {
		return
	}

	groupOffset := (t.ThreadIdx.X / w) * w
	groupInnerOffset := t.ThreadIdx.X % w
	// row for each thread in the bitmatrix * row size which is k * w

	bitInt := uint32(0x01)
	var matrixInt uint32

	for i = 0; i < k; i++ {
		sharedData[t.ThreadIdx.X] = in[i*size+int(idx)]

		t.SyncThreads()

		for j = 0; j < w; j++ {
			matrixInt = bm[index]
			result = result ^ int64(uint64((matrixInt&(bitInt<<groupInnerOffset))>>groupInnerOffset)*fullOneBit&uint64(sharedData[groupOffset+j]))

			index++
		}
		t.SyncThreads()
	}

	out[idx] = result
}

// GcrsM2W4CodingDotprodKernel is gcrs_m_2_w_4_coding_dotprod of kernels.cu.
//
//gocuda:kernel GcrsM2W4CodingDotprodKernel
func gcrsM2W4CodingDotprod(t *gocuda.Thread, k, index int, in, out []int64, bm []uint32, size int) {
	sharedData := gocuda.DynamicShared[int64](t)

	w := 4
	var i, j int
	var result [2]int64

	result[0] = 0
	result[1] = 0

	const fullOneBit uint64 = 0xFFFFFFFFFFFFFFFF

	worksizePerblock := t.BlockDim.X / w * w
	idx := uint32(worksizePerblock*t.BlockIdx.X + t.ThreadIdx.X)

	if t.ThreadIdx.X >= worksizePerblock {
		return
	}

	if idx >= uint32(size) {
		return
	}

	groupOffset := (t.ThreadIdx.X / w) * w
	groupInnerOffset := t.ThreadIdx.X % w
	// row for each thread in the bitmatrix * row size which is k * w

	bitInt := uint32(0x01)
	var matrixInt uint32

	for i = 0; i < k; i++ {
		sharedData[t.ThreadIdx.X] = in[i*size+int(idx)]

		t.SyncThreads()

		for j = 0; j < w; j++ {
			matrixInt = bm[index]
			result[0] = result[0] ^ int64(uint64((matrixInt&(bitInt<<groupInnerOffset))>>groupInnerOffset)*fullOneBit&uint64(sharedData[groupOffset+j]))
			result[1] = result[1] ^ int64(uint64((matrixInt&(bitInt<<(groupInnerOffset+w)))>>(groupInnerOffset+w))*fullOneBit&uint64(sharedData[groupOffset+j]))

			index++
		}
		t.SyncThreads()
	}

	out[idx] = result[0]
	out[idx+uint32(size)] = result[1]
}

// GcrsM4W8CodingDotprodKernel is gcrs_m_4_w_8_coding_dotprod of kernels.cu.
//
//gocuda:kernel GcrsM4W8CodingDotprodKernel
func gcrsM4W8CodingDotprod(t *gocuda.Thread, k, index int, in, out []int64, bm []uint32, size int) {
	sharedData := gocuda.DynamicShared[int64](t)

	w := 8
	var i, j int
	var result [4]int64

	result[0] = 0
	result[1] = 0
	result[2] = 0
	result[3] = 0

	const fullOneBit uint64 = 0xFFFFFFFFFFFFFFFF

	worksizePerblock := t.BlockDim.X / w * w
	idx := uint32(worksizePerblock*t.BlockIdx.X + t.ThreadIdx.X)

	if t.ThreadIdx.X >= worksizePerblock {
		return
	}

	if idx >= uint32(size) {
		return
	}

	groupOffset := (t.ThreadIdx.X / w) * w
	groupInnerOffset := t.ThreadIdx.X % w
	// row for each thread in the bitmatrix * row size which is k * w

	bitInt := uint32(0x01)
	var matrixInt uint32

	for i = 0; i < k; i++ {
		sharedData[t.ThreadIdx.X] = in[i*size+int(idx)]

		t.SyncThreads()

		for j = 0; j < w; j++ {
			matrixInt = bm[index]
			result[0] = result[0] ^ int64(uint64((matrixInt&(bitInt<<groupInnerOffset))>>groupInnerOffset)*fullOneBit&uint64(sharedData[groupOffset+j]))
			result[1] = result[1] ^ int64(uint64((matrixInt&(bitInt<<(groupInnerOffset+w)))>>(groupInnerOffset+w))*fullOneBit&uint64(sharedData[groupOffset+j]))
			result[2] = result[2] ^ int64(uint64((matrixInt&(bitInt<<(groupInnerOffset+2*w)))>>(groupInnerOffset+2*w))*fullOneBit&uint64(sharedData[groupOffset+j]))
			result[3] = result[3] ^ int64(uint64((matrixInt&(bitInt<<(groupInnerOffset+3*w)))>>(groupInnerOffset+3*w))*fullOneBit&uint64(sharedData[groupOffset+j]))

			index++
		}
		t.SyncThreads()
	}

	out[idx] = result[0]
	out[idx+uint32(size)] = result[1]
	out[idx+2*uint32(size)] = result[2]
	out[idx+3*uint32(size)] = result[3]
}
