package corpus

import (
	"math"

	"github.com/gocuda/gocuda/gocuda"
)

// This file ports five HeCBench kernels (zjin-lcf/HeCBench at f27000a,
// src/*-cuda) that race as their authors wrote them, races that
// compute-sanitizer's racecheck would report on a GPU: sosfil-cuda's sosfilt
// (main.cu), romberg-cuda's romberg (main.cu), split-cuda's
// radixSortBlocksKeysK with its helpers scanwarp, scan4 and rank4
// (main.cu), lanczos-cuda's warp_multiply_kernel (lanczos.cu) and
// surfel-cuda's surfel_render_tile (main.cu). Each keeps its original's
// control flow, barriers and shared memory; only the syntax is Go's: an
// extern __shared__ array is gocuda.DynamicShared, a __shared__ array
// gocuda.Shared, a volatile shared array a plain one (gocuda has no
// registers to cache it in), a template type parameter a type parameter
// and a template value parameter an argument, uint4 a struct, a
// reinterpret_cast of a uint* to a uint4* four consecutive elements, a
// kernel parameter the kernel assigns to a local copy of it, and a
// pointer into an array a subslice. gocuda check reports every one of
// these races (cmd/gocuda's TestCorpusRealRaces), on the launches of
// hecbench_races_test.go.

// sosWidth is sosfil-cuda's sos_width (reference.h): the coefficients of
// a second-order section.
const sosWidth = 6

// Sosfilt is sosfil-cuda's sosfilt: a block per signal, a thread per
// second-order section, the sections a pipeline through s_out. Launch it
// with n_signals blocks of n_sections threads and (n_sections +
// n_signals*n_sections*zi_width + n_sections*6) elements of T of dynamic
// shared memory. Its race: in every step thread tx reads s_out[tx-1] (the
// output of the section before it, of the step before) and thread tx-1
// writes s_out[tx-1] (its output of this step) with no barrier between,
// within a warp and across the two warps' boundary alike.
func Sosfilt[T float32 | float64](nSignals, nSamples, nSections, ziWidth int, sos, zi, xIn []T) func(*gocuda.Thread) {
	return func(t *gocuda.Thread) {
		smem := gocuda.DynamicShared[T](t)
		sOut := smem
		sZi := sOut[nSections:]
		sSos := sZi[nSections*ziWidth:]

		tx := t.ThreadIdx.X
		ty := t.BlockIdx.X

		// Reset shared memory
		sOut[tx] = 0

		// Load zi
		for i := 0; i < ziWidth; i++ {
			sZi[tx*ziWidth+i] = zi[ty*nSections*ziWidth+tx*ziWidth+i]
		}

		// Load SOS
		for i := 0; i < sosWidth; i++ {
			sSos[tx*sosWidth+i] = sos[tx*sosWidth+i]
		}

		t.SyncThreads()

		loadSize := nSections - 1
		unloadSize := nSamples - loadSize

		var temp, xN T

		if ty < nSignals {
			// Loading phase
			for n := 0; n < loadSize; n++ {
				if tx == 0 {
					xN = xIn[ty*nSamples+n]
				} else {
					xN = sOut[tx-1] // SOS LOAD READ
				}

				// Use direct II transposed structure
				temp = sSos[tx*sosWidth+0]*xN + sZi[tx*ziWidth+0]

				sZi[tx*ziWidth+0] =
					sSos[tx*sosWidth+1]*xN - sSos[tx*sosWidth+4]*temp + sZi[tx*ziWidth+1]

				sZi[tx*ziWidth+1] = sSos[tx*sosWidth+2]*xN - sSos[tx*sosWidth+5]*temp

				sOut[tx] = temp // SOS LOAD WRITE

				t.SyncThreads()
			}

			// Processing phase
			for n := loadSize; n < nSamples; n++ {
				if tx == 0 {
					xN = xIn[ty*nSamples+n]
				} else {
					xN = sOut[tx-1] // SOS PROCESS READ
				}

				// Use direct II transposed structure
				temp = sSos[tx*sosWidth+0]*xN + sZi[tx*ziWidth+0]

				sZi[tx*ziWidth+0] =
					sSos[tx*sosWidth+1]*xN - sSos[tx*sosWidth+4]*temp + sZi[tx*ziWidth+1]

				sZi[tx*ziWidth+1] = sSos[tx*sosWidth+2]*xN - sSos[tx*sosWidth+5]*temp

				if tx < loadSize {
					sOut[tx] = temp // SOS PROCESS WRITE
				} else {
					xIn[ty*nSamples+(n-loadSize)] = temp
				}

				t.SyncThreads()
			}

			// Unloading phase
			for n := 0; n < nSections; n++ {
				// retire threads that are less than n
				if tx > n {
					xN = sOut[tx-1] // SOS UNLOAD READ

					// Use direct II transposed structure
					temp = sSos[tx*sosWidth+0]*xN + sZi[tx*ziWidth+0]

					sZi[tx*ziWidth+0] =
						sSos[tx*sosWidth+1]*xN - sSos[tx*sosWidth+4]*temp + sZi[tx*ziWidth+1]

					sZi[tx*ziWidth+1] = sSos[tx*sosWidth+2]*xN - sSos[tx*sosWidth+5]*temp

					if tx < loadSize {
						sOut[tx] = temp // SOS UNLOAD WRITE
					} else {
						xIn[ty*nSamples+(n+unloadSize)] = temp
					}
				}
				t.SyncThreads()
			}
		}
	}
}

// rowSize is romberg-cuda's ROW_SIZE: the rows of the Romberg table.
const rowSize = 17

// rombergF is romberg-cuda's integrand f.
func rombergF(x float64) float64 {
	return math.Exp(x) * math.Sin(x)
}

// getFirstSetBitPos is romberg-cuda's getFirstSetBitPos: the 1-based
// position of n's lowest set bit, through a float's log2.
func getFirstSetBitPos(n int) int {
	return int(uint32(float32(math.Log2(float64(float32(n&-n)))) + 1))
}

// Romberg is romberg-cuda's romberg: each block integrates f over its
// share of [a, b] into result[blockIdx.x]. Launch it with rowSize ×
// blockDim.x float64s of dynamic shared memory. Its race: threads 0 to
// 16 each sum a column of the block's partial sums into smem[threadIdx.x],
// and thread 0 then reads smem[1] to smem[16] with no barrier between.
func Romberg(a, b float64, result []float64) func(*gocuda.Thread) {
	return func(t *gocuda.Thread) {
		a, b := a, b // kernel parameters: each thread's own copies
		smem := gocuda.DynamicShared[float64](t)
		diff := (b - a) / float64(t.GridDim.X)
		var step float64
		var k int
		maxEval := 1 << (rowSize - 1)
		b = a + float64(t.BlockIdx.X+1)*diff
		a += float64(t.BlockIdx.X) * diff

		step = (b - a) / float64(maxEval)

		var localCol [rowSize]float64 // specific to the row size
		for i := 0; i < rowSize; i++ {
			localCol[i] = 0.0
		}
		if t.ThreadIdx.X == 0 {
			k = t.BlockDim.X
			localCol[0] = rombergF(a) + rombergF(b)
		} else {
			k = t.ThreadIdx.X
		}

		for ; k < maxEval; k += t.BlockDim.X {
			localCol[rowSize-getFirstSetBitPos(k)] += 2.0 * rombergF(a+step*float64(k))
		}

		for i := 0; i < rowSize; i++ {
			smem[rowSize*t.ThreadIdx.X+i] = localCol[i]
		}
		t.SyncThreads()

		if t.ThreadIdx.X < rowSize {
			sum := 0.0
			for i := t.ThreadIdx.X; i < t.BlockDim.X*rowSize; i += rowSize {
				sum += smem[i]
			}
			smem[t.ThreadIdx.X] = sum // ROMBERG SUM
		}

		if t.ThreadIdx.X == 0 {
			table := localCol[:]
			table[0] = smem[0]

			for k := 1; k < rowSize; k++ {
				table[k] = table[k-1] + smem[k] // ROMBERG TABLE
			}

			for k := 0; k < rowSize; k++ {
				table[k] *= (b - a) / float64(int(1)<<(k+1))
			}

			for col := 0; col < rowSize-1; col++ {
				for row := rowSize - 1; row > col; row-- {
					table[row] = table[row] + (table[row]-table[row-1])/float64((int(1)<<(2*col+1))-1)
				}
			}

			result[t.BlockIdx.X] = table[rowSize-1]
		}
	}
}

// splitWarpSize is split-cuda's WARP_SIZE.
const splitWarpSize = 32

// uint4 is CUDA's uint4.
type uint4 struct{ x, y, z, w uint32 }

// scanwarp is split-cuda's scanwarp: an inclusive scan of each warp's
// vals through sData (volatile in the original), two slots a lane, with
// no __syncwarp between the steps: each lane reads the slots of the lanes
// 1, 2, 4, 8 and 16 below it while those lanes write them, which only
// lockstep warps make safe.
func scanwarp(t *gocuda.Thread, val uint32, sData []uint32, maxlevel int) uint32 {
	// The following is the same as 2 * RadixSort::WARP_SIZE * warpId + threadInWarp =
	// 64*(threadIdx.x >> 5) + (threadIdx.x & (RadixSort::WARP_SIZE - 1))
	localID := t.ThreadIdx.X
	idx := 2*localID - (localID & (splitWarpSize - 1))
	sData[idx] = 0 // SCAN ZERO
	idx += splitWarpSize
	sData[idx] = val // SCAN VAL

	if 0 <= maxlevel {
		sData[idx] += sData[idx-1] // SCAN 1
	}
	if 1 <= maxlevel {
		sData[idx] += sData[idx-2] // SCAN 2
	}
	if 2 <= maxlevel {
		sData[idx] += sData[idx-4] // SCAN 4
	}
	if 3 <= maxlevel {
		sData[idx] += sData[idx-8] // SCAN 8
	}
	if 4 <= maxlevel {
		sData[idx] += sData[idx-16] // SCAN 16
	}

	return sData[idx] - val // convert inclusive -> exclusive
}

// scan4 is split-cuda's scan4: an exclusive scan of the block's four
// values a thread, by warp scans.
func scan4(t *gocuda.Thread, idata uint4, ptr []uint32) uint4 {
	idx := t.ThreadIdx.X

	val4 := idata
	var sum [3]uint32
	sum[0] = val4.x
	sum[1] = val4.y + sum[0]
	sum[2] = val4.z + sum[1]

	val := val4.w + sum[2]

	val = scanwarp(t, val, ptr, 4)
	t.SyncThreads()

	if (idx & (splitWarpSize - 1)) == splitWarpSize-1 {
		ptr[idx>>5] = val + val4.w + sum[2]
	}
	t.SyncThreads()

	if idx < splitWarpSize {
		ptr[idx] = scanwarp(t, ptr[idx], ptr, 2) // SCAN WARPS
	}

	t.SyncThreads()

	val += ptr[idx>>5]

	val4.x = val
	val4.y = val + sum[0]
	val4.z = val + sum[1]
	val4.w = val + sum[2]

	return val4
}

// rank4 is split-cuda's rank4: each of a thread's four keys' rank in the
// block's split by preds.
func rank4(t *gocuda.Thread, preds uint4, sMem, numtrue []uint32) uint4 {
	localID := t.ThreadIdx.X
	localSize := t.BlockDim.X

	address := scan4(t, preds, sMem)

	if localID == localSize-1 {
		numtrue[0] = address.w + preds.w
	}
	t.SyncThreads()

	var rank uint4
	idx := uint32(localID * 4)
	rank.x = numtrue[0] + idx - address.x
	if preds.x != 0 {
		rank.x = address.x
	}
	rank.y = numtrue[0] + idx + 1 - address.y
	if preds.y != 0 {
		rank.y = address.y
	}
	rank.z = numtrue[0] + idx + 2 - address.z
	if preds.z != 0 {
		rank.z = address.z
	}
	rank.w = numtrue[0] + idx + 3 - address.w
	if preds.w != 0 {
		rank.w = address.w
	}

	return rank
}

// b2u is C's conversion of a bool to an unsigned int.
func b2u(b bool) uint32 {
	if b {
		return 1
	}
	return 0
}

// RadixSortBlocksKeysK is split-cuda's radixSortBlocksKeysK: each block
// of 128 threads sorts its 512 keys of keysIn (four a thread) into
// keysOut by bits startbit to startbit+nbits-1, a split a bit. Its races
// are scanwarp's.
func RadixSortBlocksKeysK(keysIn, keysOut []uint32, nbits, startbit uint32) func(*gocuda.Thread) {
	return func(t *gocuda.Thread) {
		globalID := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
		numtrue := gocuda.Shared[uint32](t, 1)
		sMem := gocuda.Shared[uint32](t, 4*128)

		key := uint4{keysIn[4*globalID], keysIn[4*globalID+1], keysIn[4*globalID+2], keysIn[4*globalID+3]}

		t.SyncThreads()

		// radixSortBlockKeysOnly(&key, nbits, startbit, sMem, numtrue);
		localID := t.ThreadIdx.X
		localSize := t.BlockDim.X

		for shift := startbit; shift < (startbit + nbits); shift++ {
			var lsb uint4
			lsb.x = b2u((key.x>>shift)&0x1 == 0)
			lsb.y = b2u((key.y>>shift)&0x1 == 0)
			lsb.z = b2u((key.z>>shift)&0x1 == 0)
			lsb.w = b2u((key.w>>shift)&0x1 == 0)

			var r uint4

			r = rank4(t, lsb, sMem, numtrue)

			// This arithmetic strides the ranks across 4 CTA_SIZE regions
			sMem[int(r.x&3)*localSize+int(r.x>>2)] = key.x
			sMem[int(r.y&3)*localSize+int(r.y>>2)] = key.y
			sMem[int(r.z&3)*localSize+int(r.z>>2)] = key.z
			sMem[int(r.w&3)*localSize+int(r.w>>2)] = key.w
			t.SyncThreads()

			// The above allows us to read without 4-way bank conflicts:
			key.x = sMem[localID]
			key.y = sMem[localID+localSize]
			key.z = sMem[localID+2*localSize]
			key.w = sMem[localID+3*localSize]

			t.SyncThreads()
		}

		// keysOut[globalId] = key;
		keysOut[4*globalID], keysOut[4*globalID+1], keysOut[4*globalID+2], keysOut[4*globalID+3] = key.x, key.y, key.z, key.w
	}
}

// lanczosThreadsPerBlock is lanczos-cuda's THREADS_PER_BLOCK.
const lanczosThreadsPerBlock = 256

// WarpMultiplyKernel is lanczos-cuda's warp_multiply_kernel: y = M·x for
// a CSR matrix, group_size threads (a power of two, at most a warp) a
// row, reduced through shared memory (volatile in the original) with no
// barrier or __syncwarp: lanes below half read result[threadIdx.x+half]
// while the lanes above write it ("Threads in a warp are synchronized, so
// we can do this"). Launch it with blocks of 256 threads.
func WarpMultiplyKernel[T float32 | float64](groupSize, rows, beginRow int, rowPtr, colInd []int32, values, x, y []T) func(*gocuda.Thread) {
	return func(t *gocuda.Thread) {
		index := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
		r := index/groupSize + beginRow
		lane := index % groupSize
		result := gocuda.Shared[T](t, lanczosThreadsPerBlock)

		result[t.ThreadIdx.X] = 0 // LANCZOS ZERO
		if r < rows {
			start := int(rowPtr[r])
			end := int(rowPtr[r+1])
			for i := start + lane; i < end; i += groupSize {
				result[t.ThreadIdx.X] += values[i] * x[colInd[i]] // LANCZOS PARTIAL
			}
			// Threads in a warp are synchronized, so we can do this
			half := groupSize / 2
			for half > 0 {
				if lane < half {
					result[t.ThreadIdx.X] += result[t.ThreadIdx.X+half] // LANCZOS REDUCE
				}
				half /= 2
			}
			if lane == 0 {
				y[r] = result[t.ThreadIdx.X]
			}
		}
	}
}

// The columns of a surfel in surfel-cuda's table (reference.h).
const (
	colPX = iota
	colPY
	colPZ
	colNX
	colNY
	colNZ
	colRSq
	colDim
)

// SurfelRenderTile is surfel-cuda's surfel_render_tile<T, TILE>: each
// thread of a 2D grid casts its pixel's ray against the N surfels of s
// and writes the nearest hit's depth to d, the block staging TILE
// surfels at a time in shared memory. Its race: one barrier a tile, after
// the load, none after the reads, so the threads that reach the next
// tile's load overwrite the surfels other threads are still reading.
func SurfelRenderTile[T float32 | float64](tile int, s []T, n int, f T, w, h int, d []T) func(*gocuda.Thread) {
	return func(t *gocuda.Thread) {
		x := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
		y := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y

		if x >= w || y >= h {
			return
		}

		// Camera ray
		rayx := T(x) - T(w-1)*T(0.5)
		rayy := T(y) - T(h-1)*T(0.5)
		rayz := f

		dMin := T(1e20)

		// Shared memory for surfels
		sh := gocuda.Shared[T](t, tile*colDim)

		for base := 0; base < n; base += tile {

			tid := t.ThreadIdx.Y*t.BlockDim.X + t.ThreadIdx.X
			if tid < tile && base+tid < n {
				for k := 0; k < colDim; k++ {
					sh[tid*colDim+k] = s[(base+tid)*colDim+k] // SURFEL LOAD
				}
			}
			t.SyncThreads()

			tileCount := min(tile, n-base)

			for i := 0; i < tileCount; i++ {

				px := sh[i*colDim+colPX] // SURFEL READ
				py := sh[i*colDim+colPY]
				pz := sh[i*colDim+colPZ]

				nx := sh[i*colDim+colNX]
				ny := sh[i*colDim+colNY]
				nz := sh[i*colDim+colNZ]

				rSqMax := sh[i*colDim+colRSq]

				dsDotRay := rayx*nx + rayy*ny + rayz*nz
				pDotn := px*nx + py*ny + pz*nz
				alpha := pDotn / dsDotRay
				tt := rayz * alpha // the original's t, which would hide the thread

				dx := rayx*alpha - px
				dy := rayy*alpha - py
				dz := rayz*alpha - pz

				rSq := dx*dx + dy*dy + dz*dz
				if rSq < rSqMax && tt < dMin {
					dMin = tt
				}
			}
		}

		if dMin > T(100) {
			d[y*w+x] = 0
		} else {
			d[y*w+x] = dMin
		}
	}
}
