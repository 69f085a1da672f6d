package corpus

import "github.com/gocuda/gocuda/gocuda"

// This file holds kernels of the SHOC benchmark suite (vetter/shoc,
// src/cuda/level1), instantiated for T = float. The blockSize template
// parameter is a kernel argument, equal to blockDim.x as SHOC launches
// them; a bound texture (SHOC's texReader) is read as the slice it is
// bound to, passed as an argument.

// float4 is CUDA's float4 vector type.
type float4 struct{ X, Y, Z, W float32 }

// TriadKernel is triad of triad/Triad.cu: C = A + s·B, the grid covering
// the arrays exactly.
//
//gocuda:kernel TriadKernel
func triad(t *gocuda.Thread, a, b, c []float32, s float32) {
	gid := t.ThreadIdx.X + (t.BlockIdx.X * t.BlockDim.X)
	c[gid] = a[gid] + s*b[gid]
}

// ShocReduceKernel is reduce<T, blockSize> of
// reduction/reduction_kernel.h: a grid-stride sum two elements at a time
// into extern shared memory, barrier-separated halving steps down to 64,
// then the last warp's steps with no barrier or __syncwarp, relying on
// the warp executing in lockstep (volatile shared memory). CUDA no longer
// promises that (independent thread scheduling since Volta), and neither
// does gocuda: the last steps race. n is a multiple of 2·blockSize.
//
//gocuda:kernel ShocReduceKernel
func shocReduce(t *gocuda.Thread, gIdata, gOdata []float32, n int, blockSize int) {
	tid := t.ThreadIdx.X
	i := (t.BlockIdx.X * (t.BlockDim.X * 2)) + tid
	gridSize := t.BlockDim.X * 2 * t.GridDim.X

	sdata := gocuda.DynamicShared[float32](t)

	sdata[tid] = 0.0

	// Reduce multiple elements per thread
	for i < n {
		sdata[tid] += gIdata[i] + gIdata[i+blockSize]
		i += gridSize
	}
	t.SyncThreads()

	// Reduce the contents of shared memory
	if blockSize >= 512 {
		if tid < 256 {
			sdata[tid] += sdata[tid+256]
		}
		t.SyncThreads()
	}
	if blockSize >= 256 {
		if tid < 128 {
			sdata[tid] += sdata[tid+128]
		}
		t.SyncThreads()
	}
	if blockSize >= 128 {
		if tid < 64 {
			sdata[tid] += sdata[tid+64]
		}
		t.SyncThreads()
	}
	if tid < gocuda.WarpSize {
		// warp-synchronous in the original: no __syncwarp
		if blockSize >= 64 {
			sdata[tid] += sdata[tid+32]
		}
		if blockSize >= 32 {
			sdata[tid] += sdata[tid+16]
		}
		if blockSize >= 16 {
			sdata[tid] += sdata[tid+8]
		}
		if blockSize >= 8 {
			sdata[tid] += sdata[tid+4]
		}
		if blockSize >= 4 {
			sdata[tid] += sdata[tid+2]
		}
		if blockSize >= 2 {
			sdata[tid] += sdata[tid+1]
		}
	}

	// Write result for this block to global memory
	if tid == 0 {
		gOdata[t.BlockIdx.X] = sdata[0]
	}
}

// ShocScanReduceKernel is reduce<T, blockSize> of scan/scan_kernel.h: the
// sum of each block's contiguous region (the last block takes the rest),
// then ShocReduceKernel's shared-memory steps, the last warp's also
// warp-synchronous.
//
//gocuda:kernel ShocScanReduceKernel
func shocScanReduce(t *gocuda.Thread, gIdata, gOdata []float32, n int, blockSize int) {
	// the bounds of this block's region, in whole vectors of four
	regionSize := ((n / 4) / t.GridDim.X) * 4
	blockStart := t.BlockIdx.X * regionSize

	// Give the last block any extra elements
	blockStop := blockStart + regionSize
	if t.BlockIdx.X == t.GridDim.X-1 {
		blockStop = n
	}

	tid := t.ThreadIdx.X
	i := blockStart + tid

	sdata := gocuda.DynamicShared[float32](t)

	var sum float32 = 0.0

	// Reduce multiple elements per thread
	for i < blockStop {
		sum += gIdata[i]
		i += blockSize
	}
	sdata[tid] = sum
	t.SyncThreads()

	if blockSize >= 512 {
		if tid < 256 {
			sdata[tid] += sdata[tid+256]
		}
		t.SyncThreads()
	}
	if blockSize >= 256 {
		if tid < 128 {
			sdata[tid] += sdata[tid+128]
		}
		t.SyncThreads()
	}
	if blockSize >= 128 {
		if tid < 64 {
			sdata[tid] += sdata[tid+64]
		}
		t.SyncThreads()
	}
	if tid < gocuda.WarpSize {
		// warp-synchronous in the original: no __syncwarp
		if blockSize >= 64 {
			sdata[tid] += sdata[tid+32]
		}
		if blockSize >= 32 {
			sdata[tid] += sdata[tid+16]
		}
		if blockSize >= 16 {
			sdata[tid] += sdata[tid+8]
		}
		if blockSize >= 8 {
			sdata[tid] += sdata[tid+4]
		}
		if blockSize >= 4 {
			sdata[tid] += sdata[tid+2]
		}
		if blockSize >= 2 {
			sdata[tid] += sdata[tid+1]
		}
	}

	if tid == 0 {
		gOdata[t.BlockIdx.X] = sdata[0]
	}
}

// scanLocalMem is scanLocalMem<T, blockSize> of scan/scan_kernel.h: an
// exclusive Kogge-Stone scan of the block's values through 2·blockSize
// words of shared memory, each step a read and an add between barriers,
// the steps past 16 under block-size tests.
func scanLocalMem(t *gocuda.Thread, val float32, sData []float32, blockSize int) float32 {
	// Set first half of local memory to zero to make room for scanning
	idx := t.ThreadIdx.X
	sData[idx] = 0.0

	// Set second half to block sums from global memory
	idx += blockSize
	sData[idx] = val
	t.SyncThreads()

	// Now, perform Kogge-Stone scan
	var tt float32
	tt = sData[idx-1]
	t.SyncThreads()
	sData[idx] += tt
	t.SyncThreads()

	tt = sData[idx-2]
	t.SyncThreads()
	sData[idx] += tt
	t.SyncThreads()

	tt = sData[idx-4]
	t.SyncThreads()
	sData[idx] += tt
	t.SyncThreads()

	tt = sData[idx-8]
	t.SyncThreads()
	sData[idx] += tt
	t.SyncThreads()

	tt = sData[idx-16]
	t.SyncThreads()
	sData[idx] += tt
	t.SyncThreads()

	if blockSize > 32 {
		tt = sData[idx-32]
		t.SyncThreads()
		sData[idx] += tt
		t.SyncThreads()
	}
	if blockSize > 64 {
		tt = sData[idx-64]
		t.SyncThreads()
		sData[idx] += tt
		t.SyncThreads()
	}
	if blockSize > 128 {
		tt = sData[idx-128]
		t.SyncThreads()
		sData[idx] += tt
		t.SyncThreads()
	}
	if blockSize > 256 {
		tt = sData[idx-256]
		t.SyncThreads()
		sData[idx] += tt
		t.SyncThreads()
	}
	if blockSize > 512 {
		tt = sData[idx-512]
		t.SyncThreads()
		sData[idx] += tt
		t.SyncThreads()
	}

	return sData[idx-1] // exclusive
}

// ShocScanSingleBlockKernel is scan_single_block<T, blockSize> of
// scan/scan_kernel.h: one block scans the n block sums in place,
// exclusively. Launch it with 2·blockSize floats of dynamic shared
// memory.
//
//gocuda:kernel ShocScanSingleBlockKernel
func shocScanSingleBlock(t *gocuda.Thread, gBlockSums []float32, n int, blockSize int) {
	sData := gocuda.DynamicShared[float32](t)

	var val float32
	if t.ThreadIdx.X < n {
		val = gBlockSums[t.ThreadIdx.X]
	}

	val = scanLocalMem(t, val, sData, blockSize)

	// Write out to global memory
	if t.ThreadIdx.X < n {
		gBlockSums[t.ThreadIdx.X] = val
	}
}

// ShocBottomScanKernel is bottom_scan<T, vecT, blockSize> of
// scan/scan_kernel.h: each block scans its region four elements per
// thread (a float4) in windows of blockSize vectors, each window's thread
// sums scanned by scanLocalMem and offset by a seed in shared memory: the
// block's sum from the top scan, then the last value of the window
// before. n is a multiple of 4; launch it with 2·blockSize floats of
// dynamic shared memory.
//
//gocuda:kernel ShocBottomScanKernel
func shocBottomScan(t *gocuda.Thread, gIdata, gOdata, gBlockSums []float32, n int, blockSize int) {
	sdata := gocuda.DynamicShared[float32](t)
	sSeed := gocuda.Shared[float32](t, 1)

	// Prepare for reading 4-element vectors
	gIdata4 := toFloat4s(gIdata)
	gOdata4 := toFloat4s(gOdata)
	n /= 4 // vecT is four wide

	// the bounds of the region of the array that this block will scan
	regionSize := n / t.GridDim.X
	blockStart := t.BlockIdx.X * regionSize
	blockStop := blockStart + regionSize
	if t.BlockIdx.X == t.GridDim.X-1 {
		blockStop = n
	}

	// initial starting point for this thread
	i := blockStart + t.ThreadIdx.X
	window := blockStart

	// Seed the bottom scan with the results from the top scan
	if t.ThreadIdx.X == 0 {
		sSeed[0] = gBlockSums[t.BlockIdx.X]
	}

	t.SyncThreads()

	// Scan multiple elements per thread
	for window < blockStop {
		var val4 float4
		if i < blockStop { // Make sure we don't read out of bounds
			val4 = gIdata4[i]
		} else {
			val4.X = 0.0
			val4.Y = 0.0
			val4.Z = 0.0
			val4.W = 0.0
		}

		// Serial scan in registers
		val4.Y += val4.X
		val4.Z += val4.Y
		val4.W += val4.Z

		// ExScan sums in shared memory
		res := scanLocalMem(t, val4.W, sdata, blockSize)

		// Update and write out to global memory
		val4.X += res + sSeed[0]
		val4.Y += res + sSeed[0]
		val4.Z += res + sSeed[0]
		val4.W += res + sSeed[0]

		// Make sure we don't write out of bounds
		if i < blockStop {
			gOdata4[i] = val4
		}

		t.SyncThreads()
		// Next seed will be the last value
		if t.ThreadIdx.X == blockSize-1 {
			sSeed[0] = val4.W
		}

		// Advance window
		window += blockSize
		i += blockSize
	}
}
