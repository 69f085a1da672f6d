package hecbenchml

import (
	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// This file holds HeCBench's pad benchmark (zjin-lcf/HeCBench at f27000a,
// src/pad-cuda/kernel.cu and support/partitioner.h, Chai's in-place
// matrix padding, Gómez-Luna et al.) in its default build: T = double,
// REGS = 32, static partitioning (no DYNAMIC_PARTITION). Each task moves
// REGS·blockDim.x elements from the end of the matrix backwards through
// registers; thread 0 of the block spins on the task's flag, set by the
// task before it once that task has loaded, and then sets the next one:
// an inter-block chain that needs every block of the grid resident, as
// it is on a GPU (the tests launch no more blocks than the device has
// workers).

// padRegs is common.h's REGS.
const padRegs = 32

// Partitioner is partitioner.h's Partitioner as the device sees it
// without DYNAMIC_PARTITION.
type Partitioner struct {
	NTasks  int
	Cut     int
	Current int
}

// partitionerCreate is partitioner.h's partitioner_create.
func partitionerCreate(nTasks int, alpha float32) Partitioner {
	var p Partitioner
	p.NTasks = nTasks
	if alpha >= 0.0 && alpha <= 1.0 {
		p.Cut = int(float32(p.NTasks) * alpha)
	}
	return p
}

// gpuFirst, gpuMore and gpuNext are partitioner.h's device iterators.
func gpuFirst(t *gocuda.Thread, p *Partitioner) int {
	p.Current = p.Cut + t.BlockIdx.X
	return p.Current
}

func gpuMore(p *Partitioner) bool { return p.Current < p.NTasks }

func gpuNext(t *gocuda.Thread, p *Partitioner) int {
	p.Current = p.Current + t.GridDim.X
	return p.Current
}

// PaddingKernel is Padding_kernel of pad-cuda: matrix (m rows of n) is
// padded in place to m rows of n+pad in matrixOut (the same buffer).
//
//gocuda:kernel PaddingKernel
func paddingKernel(t *gocuda.Thread, n, m, pad, nTasks int, alpha float32, matrixOut, matrix []float64, flags []int32) {
	p := partitionerCreate(nTasks, alpha)

	matrixSize := m * (n + pad)
	matrixSizeAlign := (matrixSize + t.BlockDim.X*padRegs - 1) / (t.BlockDim.X * padRegs) * (t.BlockDim.X * padRegs)

	for myS := gpuFirst(t, &p); gpuMore(&p); myS = gpuNext(t, &p) {

		// Declare on-chip memory
		var reg [padRegs]float64
		pos := matrixSizeAlign - 1 - (myS*padRegs*t.BlockDim.X + t.ThreadIdx.X)
		mySRow := pos / (n + pad)
		myX := pos % (n + pad)
		pos2 := mySRow*n + myX
		// Load in on-chip memory
		for j := 0; j < padRegs; j++ {
			if pos2 >= 0 && myX < n && pos2 < matrixSize {
				reg[j] = matrix[pos2]
			} else {
				reg[j] = 0
			}
			pos -= t.BlockDim.X
			mySRow = pos / (n + pad)
			myX = pos % (n + pad)
			pos2 = mySRow*n + myX
		}

		t.SyncThreads()

		// Set global synch
		if t.ThreadIdx.X == 0 {
			for atomic.Add(&flags[myS], 0) == 0 {
			}
			atomic.Add(&flags[myS+1], 1)
		}
		t.SyncThreads()

		pos = matrixSizeAlign - 1 - (myS*padRegs*t.BlockDim.X + t.ThreadIdx.X)
		// Store to global memory
		for j := 0; j < padRegs; j++ {
			if pos >= 0 && pos < matrixSize {
				matrixOut[pos] = reg[j]
			}
			pos -= t.BlockDim.X
		}
	}
}
