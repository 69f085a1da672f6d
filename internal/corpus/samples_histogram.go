package corpus

import (
	"unsafe"

	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/cg"
	"github.com/gocuda/gocuda/gocuda"
)

// This file holds the histograms of NVIDIA/cuda-samples,
// Samples/2_Concepts_and_Techniques/histogram (histogram64.cu,
// histogram256.cu and histogram_common.h).

const (
	histogram64BinCount         = 64
	histogram256BinCount        = 256
	uintBits                    = 32
	log2WarpSize                = 5
	sharedMemoryBanks           = 16
	histogram64ThreadblockSize  = 4 * sharedMemoryBanks
	histogramWarpCount          = 6
	histogram256ThreadblockSize = histogramWarpCount * gocuda.WarpSize
	histogram256ThreadblockMem  = histogramWarpCount * histogram256BinCount
	histogramMergeBlockSize     = 256
)

// addByte64 is histogram64.cu's addByte: a thread's own byte counter.
func addByte64(sThreadBase []uint8, data uint32) {
	sThreadBase[data*histogram64ThreadblockSize]++
}

// addWord64 is histogram64.cu's addWord: the higher six bits of each byte
// of a word.
func addWord64(sThreadBase []uint8, data uint32) {
	addByte64(sThreadBase, (data>>2)&0x3F)
	addByte64(sThreadBase, (data>>10)&0x3F)
	addByte64(sThreadBase, (data>>18)&0x3F)
	addByte64(sThreadBase, (data>>26)&0x3F)
}

// Histogram64Kernel is histogram64Kernel of histogram64.cu: per-thread
// byte-sized subhistograms in shared memory, at a position permuted to
// avoid bank conflicts and cleared as 32-bit words, then the first 64
// threads sum a bin each over the block's threads. Launch it with 64
// threads per block, each thread reading at most 63 uint4s.
//
//gocuda:kernel Histogram64Kernel
func histogram64Kernel(t *gocuda.Thread, dPartialHistograms []uint32, dData []uint4, dataCount int) {
	cta := cg.ThisThreadBlock(t)
	tx := uint32(t.ThreadIdx.X)
	threadPos := ((tx & ^uint32(sharedMemoryBanks*4-1)) << 0) |
		((tx & (sharedMemoryBanks - 1)) << 2) |
		((tx & (sharedMemoryBanks * 3)) >> 4)

	// Per-thread histogram storage
	sHist := gocuda.Shared[uint8](t, histogram64ThreadblockSize*histogram64BinCount)
	sThreadBase := sHist[threadPos:]

	// Initialize shared memory (writing 32-bit words)
	sHistWords := unsafe.Slice((*uint32)(unsafe.Pointer(&sHist[0])), len(sHist)/4)
	for i := 0; i < histogram64BinCount/4; i++ {
		sHistWords[t.ThreadIdx.X+i*histogram64ThreadblockSize] = 0
	}

	cta.Sync()

	for pos := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X; pos < dataCount; pos += t.BlockDim.X * t.GridDim.X {
		data := dData[pos]
		addWord64(sThreadBase, data.X)
		addWord64(sThreadBase, data.Y)
		addWord64(sThreadBase, data.Z)
		addWord64(sThreadBase, data.W)
	}

	// Accumulate per-thread histograms into per-block and write to global memory
	cta.Sync()

	if t.ThreadIdx.X < histogram64BinCount {
		sHistBase := sHist[t.ThreadIdx.X*histogram64ThreadblockSize:]

		var sum uint32
		pos := 4 * (t.ThreadIdx.X & (sharedMemoryBanks - 1))

		for i := 0; i < histogram64ThreadblockSize/4; i++ {
			sum += uint32(sHistBase[pos+0]) + uint32(sHistBase[pos+1]) + uint32(sHistBase[pos+2]) + uint32(sHistBase[pos+3])
			pos = (pos + 4) & (histogram64ThreadblockSize - 1)
		}

		dPartialHistograms[t.BlockIdx.X*histogram64BinCount+t.ThreadIdx.X] = sum
	}
}

// MergeHistogram64Kernel is mergeHistogram64Kernel of histogram64.cu: one
// block per bin sums that bin over the partial histograms, then reduces
// the threads' sums by a tree in shared memory.
//
//gocuda:kernel MergeHistogram64Kernel
func mergeHistogram64Kernel(t *gocuda.Thread, dHistogram, dPartialHistograms []uint32, histogramCount int) {
	cta := cg.ThisThreadBlock(t)
	data := gocuda.Shared[uint32](t, histogramMergeBlockSize)

	var sum uint32

	for i := t.ThreadIdx.X; i < histogramCount; i += histogramMergeBlockSize {
		sum += dPartialHistograms[t.BlockIdx.X+i*histogram64BinCount]
	}

	data[t.ThreadIdx.X] = sum

	for stride := histogramMergeBlockSize / 2; stride > 0; stride >>= 1 {
		cta.Sync()

		if t.ThreadIdx.X < stride {
			data[t.ThreadIdx.X] += data[t.ThreadIdx.X+stride]
		}
	}

	if t.ThreadIdx.X == 0 {
		dHistogram[t.BlockIdx.X] = data[0]
	}
}

// addByte256 is histogram256.cu's addByte: an atomic add to the warp's
// subhistogram.
func addByte256(sWarpHist []uint32, data uint32, threadTag uint32) {
	atomic.Add(&sWarpHist[data], 1)
}

// addWord256 is histogram256.cu's addWord: the four bytes of a word.
func addWord256(sWarpHist []uint32, data uint32, tag uint32) {
	addByte256(sWarpHist, (data>>0)&0xFF, tag)
	addByte256(sWarpHist, (data>>8)&0xFF, tag)
	addByte256(sWarpHist, (data>>16)&0xFF, tag)
	addByte256(sWarpHist, (data>>24)&0xFF, tag)
}

// Histogram256Kernel is histogram256Kernel of histogram256.cu: per-warp
// subhistograms in shared memory updated with shared-memory atomics over a
// grid-stride loop, then each thread sums bins over the warps. Launch it
// with 192 threads (six warps) per block.
//
//gocuda:kernel Histogram256Kernel
func histogram256Kernel(t *gocuda.Thread, dPartialHistograms, dData []uint32, dataCount int) {
	cta := cg.ThisThreadBlock(t)
	// Per-warp subhistogram storage
	sHist := gocuda.Shared[uint32](t, histogram256ThreadblockMem)
	sWarpHist := sHist[(t.ThreadIdx.X>>log2WarpSize)*histogram256BinCount:]

	// Clear shared memory storage for current threadblock before processing
	for i := 0; i < histogram256ThreadblockMem/histogram256ThreadblockSize; i++ {
		sHist[t.ThreadIdx.X+i*histogram256ThreadblockSize] = 0
	}

	// Cycle through the entire data set, update subhistograms for each warp
	tag := uint32(t.ThreadIdx.X) << (uintBits - log2WarpSize)

	cta.Sync()

	for pos := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X; pos < dataCount; pos += t.BlockDim.X * t.GridDim.X {
		data := dData[pos]
		addWord256(sWarpHist, data, tag)
	}

	// Merge per-warp histograms into per-block and write to global memory
	cta.Sync()

	for bin := t.ThreadIdx.X; bin < histogram256BinCount; bin += histogram256ThreadblockSize {
		var sum uint32

		for i := 0; i < histogramWarpCount; i++ {
			sum += sHist[bin+i*histogram256BinCount] & 0xFFFFFFFF
		}

		dPartialHistograms[t.BlockIdx.X*histogram256BinCount+bin] = sum
	}
}

// MergeHistogram256Kernel is mergeHistogram256Kernel of histogram256.cu:
// MergeHistogram64Kernel for 256 bins, its shared array declared after
// the loop.
//
//gocuda:kernel MergeHistogram256Kernel
func mergeHistogram256Kernel(t *gocuda.Thread, dHistogram, dPartialHistograms []uint32, histogramCount int) {
	cta := cg.ThisThreadBlock(t)

	var sum uint32

	for i := t.ThreadIdx.X; i < histogramCount; i += histogramMergeBlockSize {
		sum += dPartialHistograms[t.BlockIdx.X+i*histogram256BinCount]
	}

	data := gocuda.Shared[uint32](t, histogramMergeBlockSize)
	data[t.ThreadIdx.X] = sum

	for stride := histogramMergeBlockSize / 2; stride > 0; stride >>= 1 {
		cta.Sync()

		if t.ThreadIdx.X < stride {
			data[t.ThreadIdx.X] += data[t.ThreadIdx.X+stride]
		}
	}

	if t.ThreadIdx.X == 0 {
		dHistogram[t.BlockIdx.X] = data[0]
	}
}
