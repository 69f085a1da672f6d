package hecbenchstencil

import (
	"math"

	"github.com/gocuda/gocuda/gocuda"
)

// This file holds HeCBench's hwt1d (src/hwt1d-cuda/kernel.cu at f27000a,
// after AMD's APP SDK sample): dwtHaar1D, up to mLevels levels of a 1D
// Haar wavelet decomposition a block, in shared memory. size_t locals are
// ints; rsqrtf is 1/sqrt rounded once.

// rsqrtf is CUDA's rsqrtf.
func rsqrtf(x float32) float32 { return float32(1 / math.Sqrt(float64(x))) }

// DwtHaar1DKernel is dwtHaar1D: each block loads 2·blockDim samples
// (normalised by √signalLength on the first pass), halves its active
// threads each level between barriers, writes the detail coefficients at
// their place in coefsSignal and its average to AverageSignal.
//
//gocuda:kernel DwtHaar1DKernel
func dwtHaar1DKernel(t *gocuda.Thread, inSignal, coefsSignal, AverageSignal []float32, tLevels, signalLength, levelsDone, mLevels uint32) {
	localId := t.ThreadIdx.X
	groupId := t.BlockIdx.X
	localSize := t.BlockDim.X

	sharedArray := gocuda.DynamicShared[float32](t)

	/**
	 * Read input signal data from global memory
	 * to shared memory
	 */
	t0 := inSignal[groupId*localSize*2+localId]
	t1 := inSignal[groupId*localSize*2+localSize+localId]
	// Divide with signal length for normalized decomposition
	if 0 == levelsDone {
		r := rsqrtf(float32(signalLength))
		t0 *= r
		t1 *= r
	}
	sharedArray[localId] = t0
	sharedArray[localSize+localId] = t1

	t.SyncThreads()

	levels := tLevels
	if tLevels > mLevels {
		levels = mLevels
	}
	activeThreads := uint32((1 << levels) / 2)
	midOutPos := signalLength / 2

	const rsqrtTwo = float32(0.7071)
	for i := uint32(0); i < levels; i++ {
		var data0, data1 float32
		if uint32(localId) < activeThreads {
			data0 = sharedArray[2*localId]
			data1 = sharedArray[2*localId+1]
		}

		/* make sure all work items have read from sharedArray before modifying it */
		t.SyncThreads()

		if uint32(localId) < activeThreads {
			sharedArray[localId] = (data0 + data1) * rsqrtTwo
			globalPos := midOutPos + uint32(groupId)*activeThreads + uint32(localId)
			coefsSignal[globalPos] = (data0 - data1) * rsqrtTwo

			midOutPos >>= 1
		}
		activeThreads >>= 1
		t.SyncThreads()
	}

	/**
	 * Write 0th element for the next decomposition
	 * steps which are performed on host
	 */
	if 0 == localId {
		AverageSignal[groupId] = sharedArray[0]
	}
}
