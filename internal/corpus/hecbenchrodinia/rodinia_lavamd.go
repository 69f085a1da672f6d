package hecbenchrodinia

import (
	"math"

	"github.com/gocuda/gocuda/gocuda"
)

// This file holds kernel_gpu_cuda of Rodinia 3.1's lavaMD (yuhc/gpu-rodinia
// at 9c10d3e, cuda/lavaMD/kernel/kernel_gpu_cuda.cu and main.h): the
// forces on the particles of a home box from the particles of its
// neighbor boxes and itself, a block per box, each neighbor box staged in
// shared memory between barriers. fp is double; the DOT macro is a
// function.

// main.h's NUMBER_PAR_PER_BOX and NUMBER_THREADS.
const (
	lavaNumberParPerBox = 100
	lavaNumberThreads   = 128
)

// lavaThreeVector is main.h's THREE_VECTOR.
type lavaThreeVector struct{ x, y, z float64 }

// lavaFourVector is main.h's FOUR_VECTOR.
type lavaFourVector struct{ v, x, y, z float64 }

// lavaNei is main.h's nei_str.
type lavaNei struct {
	x, y, z int32
	number  int32
	offset  int64
}

// lavaBox is main.h's box_str.
type lavaBox struct {
	x, y, z int32
	number  int32
	offset  int64
	nn      int32
	nei     [26]lavaNei
}

// lavaPar is main.h's par_str.
type lavaPar struct{ alpha float64 }

// lavaDim is main.h's dim_str.
type lavaDim struct {
	curArg, archArg, coresArg, boxes1dArg int32
	numberBoxes, boxMem                   int64
	spaceElem, spaceMem, spaceMem2        int64
}

// lavaDot is main.h's DOT macro.
func lavaDot(A, B lavaFourVector) float64 {
	return ((A.x) * (B.x)) + ((A.y) * (B.y)) + ((A.z) * (B.z))
}

// LavaMDKernel is kernel_gpu_cuda of lavaMD: block bx adds to the forces
// fv of its box's particles the contributions of the particles of the box
// and of its nn neighbors. Launch it with NUMBER_THREADS (128) threads
// per block and a block per box.
//
//gocuda:kernel LavaMDKernel
func kernelGpuCuda(t *gocuda.Thread, dParGpu lavaPar, dDimGpu lavaDim, dBoxGpu []lavaBox, dRvGpu []lavaFourVector, dQvGpu []float64, dFvGpu []lavaFourVector) {

	//	THREAD PARAMETERS

	bx := t.BlockIdx.X  // get current horizontal block index (0-n)
	tx := t.ThreadIdx.X // get current horizontal thread index (0-n)
	// int ax = bx*NUMBER_THREADS+tx;
	// int wbx = bx;
	wtx := tx

	//	DO FOR THE NUMBER OF BOXES

	if int64(bx) < dDimGpu.numberBoxes {
		// while(wbx<box_indexes_counter){

		//	Extract input parameters

		// parameters
		a2 := 2.0 * dParGpu.alpha * dParGpu.alpha

		// home box
		var firstI int
		var rA []lavaFourVector
		var fA []lavaFourVector
		rAShared := gocuda.Shared[lavaFourVector](t, 100)

		// nei box
		var pointer int
		k := 0
		var firstJ int
		var rB []lavaFourVector
		var qB []float64
		j := 0
		rBShared := gocuda.Shared[lavaFourVector](t, 100)
		qBShared := gocuda.Shared[float64](t, 100)

		// common
		var r2 float64
		var u2 float64
		var vij float64
		var fs float64
		var fxij float64
		var fyij float64
		var fzij float64
		var d lavaThreeVector

		//	Home box

		//	Setup parameters

		// home box - box parameters
		firstI = int(dBoxGpu[bx].offset)

		// home box - distance, force, charge and type parameters
		rA = dRvGpu[firstI:]
		fA = dFvGpu[firstI:]

		//	Copy to shared memory

		// home box - shared memory
		for wtx < lavaNumberParPerBox {
			rAShared[wtx] = rA[wtx]
			wtx = wtx + lavaNumberThreads
		}
		wtx = tx

		// synchronize threads  - not needed, but just to be safe
		t.SyncThreads()

		//	nei box loop

		// loop over neiing boxes of home box
		for k = 0; k < (1 + int(dBoxGpu[bx].nn)); k++ {

			//	nei box - get pointer to the right box

			if k == 0 {
				pointer = bx // set first box to be processed to home box
			} else {
				pointer = int(dBoxGpu[bx].nei[k-1].number) // remaining boxes are nei boxes
			}

			//	Setup parameters

			// nei box - box parameters
			firstJ = int(dBoxGpu[pointer].offset)

			// nei box - distance, (force), charge and (type) parameters
			rB = dRvGpu[firstJ:]
			qB = dQvGpu[firstJ:]

			//	Setup parameters

			// nei box - shared memory
			for wtx < lavaNumberParPerBox {
				rBShared[wtx] = rB[wtx]
				qBShared[wtx] = qB[wtx]
				wtx = wtx + lavaNumberThreads
			}
			wtx = tx

			// synchronize threads because in next section each thread accesses data brought in by different threads here
			t.SyncThreads()

			//	Calculation

			// loop for the number of particles in the home box
			// for (int i=0; i<nTotal_i; i++){
			for wtx < lavaNumberParPerBox {

				// loop for the number of particles in the current nei box
				for j = 0; j < lavaNumberParPerBox; j++ {

					r2 = rAShared[wtx].v + rBShared[j].v - lavaDot(rAShared[wtx], rBShared[j])
					u2 = a2 * r2
					vij = math.Exp(-u2)
					fs = 2 * vij

					d.x = rAShared[wtx].x - rBShared[j].x
					fxij = fs * d.x
					d.y = rAShared[wtx].y - rBShared[j].y
					fyij = fs * d.y
					d.z = rAShared[wtx].z - rBShared[j].z
					fzij = fs * d.z

					fA[wtx].v += (qBShared[j] * vij)
					fA[wtx].x += (qBShared[j] * fxij)
					fA[wtx].y += (qBShared[j] * fyij)
					fA[wtx].z += (qBShared[j] * fzij)

				}

				// increment work thread index
				wtx = wtx + lavaNumberThreads

			}

			// reset work index
			wtx = tx

			// synchronize after finishing force contributions from current nei box not to cause conflicts when starting next box
			t.SyncThreads()

			//	Calculation END

		}

		//	nei box loop END

	}

}
