package hecbenchrodinia

import (
	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// This file holds bincount<output_t, input_t, IndexType, MemoryType> of
// HeCBench's bincount (src/bincount-cuda/main.cu, PyTorch's histogram
// kernel): a histogram by atomicAdd, into per-block shared-memory copies
// merged into the global one, or straight into the global one. The type
// template parameters are type parameters; MemoryType, a template value
// (an enum), is a kernel argument; FOR_KERNEL_LOOP, a macro, is written
// out.

// deviceMemoryType is main.cu's enum class DeviceMemoryType.
type deviceMemoryType int

// The DeviceMemoryType values.
const (
	memShared deviceMemoryType = iota
	memGlobal
)

// binIndex is the constraint of IndexType.
type binIndex interface{ ~int | ~int32 | ~int64 }

// binValue is the constraint of input_t.
type binValue interface{ ~float32 | ~float64 }

// binCount is the constraint of output_t.
type binCount interface {
	~int32 | ~int64 | ~uint32 | ~uint64
}

// gpuAtomicAddNoReturn is gpuAtomicAddNoReturn.
func gpuAtomicAddNoReturn[T binCount](address *T, val T) {
	atomic.Add(address, val)
}

// getBin is getBin<input_t, IndexType>: v's bin of nbins equal bins over
// [minvalue, maxvalue], maxvalue in the last.
func getBin[I binValue, X binIndex](v I, minvalue I, maxvalue I, nbins X) X {
	bin := X((v - minvalue) * I(nbins) / (maxvalue - minvalue))
	// (only applicable for histc)
	// while each bin is inclusive at the lower end and exclusive at the higher,
	// i.e. [start, end) the last bin is inclusive at both, i.e. [start, end], in
	// order to include maxvalue if exists therefore when bin == nbins, adjust bin
	// to the last bin
	if bin == nbins {
		bin--
	}
	return bin
}

// BincountKernel is bincount: output[b] counts the elements of input in
// bin b of nbins over [minvalue, maxvalue]. With memoryType memShared,
// launch it with nbins·sizeof(output_t) bytes of dynamic shared memory.
//
//gocuda:kernel BincountKernel
func bincount[O binCount, I binValue, X binIndex](t *gocuda.Thread, output []O, input []I, nbins X, minvalue I, maxvalue I,
	inputSize X, outputSize X, memoryType deviceMemoryType) {
	var smem []O

	if memoryType == memShared {
		// atomically add to block specific shared memory
		// then atomically add to the global output tensor
		smem = gocuda.DynamicShared[O](t)
		for i := X(t.ThreadIdx.X); i < nbins; i += X(t.BlockDim.X) {
			smem[i] = 0
		}
		t.SyncThreads()

		for linearIndex := X(t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X); linearIndex < inputSize; linearIndex += X(t.GridDim.X * t.BlockDim.X) {
			v := input[linearIndex]

			if v >= minvalue && v <= maxvalue {
				bin := getBin(v, minvalue, maxvalue, nbins)
				gpuAtomicAddNoReturn(&smem[bin], 1)
			}
		}
		t.SyncThreads()

		// Atomically update output bin count.
		for i := X(t.ThreadIdx.X); i < nbins; i += X(t.BlockDim.X) {
			gpuAtomicAddNoReturn(&output[i], smem[i])
		}

	} else {
		////////////////////////// Global memory //////////////////////////
		// atomically add to the output tensor
		// compute histogram for the block
		for linearIndex := X(t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X); linearIndex < inputSize; linearIndex += X(t.GridDim.X * t.BlockDim.X) {
			v := input[linearIndex]
			if v >= minvalue && v <= maxvalue {
				bin := getBin(v, minvalue, maxvalue, nbins)
				gpuAtomicAddNoReturn(&output[bin], 1)
			}
		}
	}
}
