package hecbenchwarp

import (
	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// This file holds HeCBench's stddev benchmark (zjin-lcf/HeCBench at
// f27000a, src/stddev-cuda/main.cu, after RAFT's stats::stddev):
// sopKernel<Type, IdxType, TPB, ColsPerBlk> sums the squares of each
// column of a row-major matrix, a block's threads striding over rows and
// adding into a shared column sum and then the global one by atomicAdd,
// and sampleKernel<Type, IdxType> takes the square root of the mean. Type
// is float32 and IdxType int32, main.cu's instantiation; TPB and
// ColsPerBlk, template value parameters, are the host's constants.

// stddevTPB and stddevColsPerBlk are the template arguments the host's
// stddev passes.
const (
	stddevTPB        = 256
	stddevColsPerBlk = 32
)

// StddevSampleKernel is sampleKernel of stddev-cuda: std[i] becomes
// sqrt(std[i] / N).
//
//gocuda:kernel StddevSampleKernel
func stddevSampleKernel(t *gocuda.Thread, std []float32, D, N int32) {
	i := int32(t.BlockDim.X*t.BlockIdx.X + t.ThreadIdx.X)
	if i < D {
		std[i] = sqrtf(std[i] / float32(N))
	}
}

// StddevSopKernel is sopKernel of stddev-cuda: the sum of products of each
// column, through a __shared__ array of ColsPerBlk partial sums.
//
//gocuda:kernel StddevSopKernel
func stddevSopKernel(t *gocuda.Thread, std, data []float32, D, N int32) {
	const RowsPerBlkPerIter = stddevTPB / stddevColsPerBlk
	thisColId := int32(t.ThreadIdx.X % stddevColsPerBlk)
	thisRowId := int32(t.ThreadIdx.X / stddevColsPerBlk)
	colId := thisColId + (int32(t.BlockIdx.Y) * stddevColsPerBlk)
	rowId := thisRowId + (int32(t.BlockIdx.X) * RowsPerBlkPerIter)
	threadData := float32(0)
	stride := int32(RowsPerBlkPerIter * t.GridDim.X)
	for i := rowId; i < N; i += stride {
		var val float32
		if colId < D {
			val = data[i*D+colId]
		} else {
			val = 0
		}
		threadData += val * val
	}

	sstd := gocuda.Shared[float32](t, stddevColsPerBlk)
	if t.ThreadIdx.X < stddevColsPerBlk {
		sstd[t.ThreadIdx.X] = 0
	}
	t.SyncThreads()

	atomic.Add(&sstd[thisColId], threadData)
	t.SyncThreads()

	if t.ThreadIdx.X < stddevColsPerBlk {
		atomic.Add(&std[colId], sstd[thisColId])
	}
}
