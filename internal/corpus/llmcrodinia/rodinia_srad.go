package llmcrodinia

import "github.com/gocuda/gocuda/gocuda"

// sradNumberThreads is NUMBER_THREADS of Rodinia's srad_v1 (define.c),
// the block size of its kernels; fp is float there.
const sradNumberThreads = 512

// SradReduceKernel is reduce of Rodinia 3.1's srad_v1
// (yuhc/gpu-rodinia at 9c10d3e, cuda/srad/srad_v1/reduce_kernel.cu): one
// pass of the sums of the image and of its squares, each block summing
// NUMBER_THREADS of the d_no partial sums d_mul apart in shared memory by
// a strided tree (every 2nd, 4th, ... thread), with a separate path for a
// partial last block that sums the largest power of two of its elements by
// the tree and the rest in its last busy thread; the block's sums go back
// to d_sums[bx*d_mul*NUMBER_THREADS]. main.cu launches it repeatedly, d_mul
// growing by NUMBER_THREADS, until one block is left.
//
//gocuda:kernel SradReduceKernel
func sradReduce(t *gocuda.Thread, dNe int, // number of elements in array
	dNo int, // number of sums to reduce
	dMul int, // increment
	dSums []float32, // pointer to partial sums variable (DEVICE GLOBAL MEMORY)
	dSums2 []float32) {

	// indexes
	bx := t.BlockIdx.X                                              // get current horizontal block index
	tx := t.ThreadIdx.X                                             // get current horizontal thread index
	ei := (bx * sradNumberThreads) + tx                             // unique thread id, more threads than actual elements !!!
	nf := sradNumberThreads - (t.GridDim.X*sradNumberThreads - dNo) // number of elements assigned to last block
	df := 0                                                         // divisibility factor for the last block

	// statistical
	dPsum := gocuda.Shared[float32](t, sradNumberThreads) // data for block calculations allocated by every block in its shared memory
	dPsum2 := gocuda.Shared[float32](t, sradNumberThreads)

	// counters
	var i int

	// copy data to shared memory
	if ei < dNo { // do only for the number of elements, omit extra threads

		dPsum[tx] = dSums[ei*dMul]
		dPsum2[tx] = dSums2[ei*dMul]

	}

	// Lingjie Zhang modifited at Nov 1 / 2015
	t.SyncThreads()
	// end Lingjie Zhang's modification

	// reduction of sums if all blocks are full (rare case)
	if nf == sradNumberThreads {
		// sum of every 2, 4, ..., NUMBER_THREADS elements
		for i = 2; i <= sradNumberThreads; i = 2 * i {
			// sum of elements
			if (tx+1)%i == 0 { // every ith
				dPsum[tx] = dPsum[tx] + dPsum[tx-i/2]
				dPsum2[tx] = dPsum2[tx] + dPsum2[tx-i/2]
			}
			// synchronization
			t.SyncThreads()
		}
		// final sumation by last thread in every block
		if tx == (sradNumberThreads - 1) { // block result stored in global memory
			dSums[bx*dMul*sradNumberThreads] = dPsum[tx]
			dSums2[bx*dMul*sradNumberThreads] = dPsum2[tx]
		}
	} else { // reduction of sums if last block is not full (common case)
		// for full blocks (all except for last block)
		if bx != (t.GridDim.X - 1) { //
			// sum of every 2, 4, ..., NUMBER_THREADS elements
			for i = 2; i <= sradNumberThreads; i = 2 * i { //
				// sum of elements
				if (tx+1)%i == 0 { // every ith
					dPsum[tx] = dPsum[tx] + dPsum[tx-i/2]
					dPsum2[tx] = dPsum2[tx] + dPsum2[tx-i/2]
				}
				// synchronization
				t.SyncThreads() //
			}
			// final sumation by last thread in every block
			if tx == (sradNumberThreads - 1) { // block result stored in global memory
				dSums[bx*dMul*sradNumberThreads] = dPsum[tx]
				dSums2[bx*dMul*sradNumberThreads] = dPsum2[tx]
			}
		} else { // for not full block (last block)
			// figure out divisibility
			for i = 2; i <= sradNumberThreads; i = 2 * i { //
				if nf >= i {
					df = i
				}
			}
			// sum of every 2, 4, ..., NUMBER_THREADS elements
			for i = 2; i <= df; i = 2 * i { //
				// sum of elements (only busy threads)
				if (tx+1)%i == 0 && tx < df { // every ith
					dPsum[tx] = dPsum[tx] + dPsum[tx-i/2]
					dPsum2[tx] = dPsum2[tx] + dPsum2[tx-i/2]
				}
				// synchronization (all threads)
				t.SyncThreads() //
			}
			// remainder / final summation by last thread
			if tx == (df - 1) { //
				// compute the remainder and final summation by last busy thread
				for i = (bx * sradNumberThreads) + df; i < (bx*sradNumberThreads)+nf; i++ { //
					dPsum[tx] = dPsum[tx] + dSums[i]
					dPsum2[tx] = dPsum2[tx] + dSums2[i]
				}
				// final sumation by last thread in every block
				dSums[bx*dMul*sradNumberThreads] = dPsum[tx]
				dSums2[bx*dMul*sradNumberThreads] = dPsum2[tx]
			}
		}
	}

}
