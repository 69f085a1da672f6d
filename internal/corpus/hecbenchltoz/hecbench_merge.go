package hecbenchltoz

import "github.com/gocuda/gocuda/gocuda"

// This file holds HeCBench's merge benchmark (zjin-lcf/HeCBench at
// f27000a, src/merge-cuda/kernels.h, Green, McColl and Bader's GPU merge
// path), vec_t = uint32_t: workloadDiagonals (a block of 32 searches its
// diagonal of the merge matrix in a while(!found) loop of barriers over
// volatile shared scalars) and mergeSinglePath (a block of 128 merges
// windows of K = 512 elements in a while loop of barriers, each thread
// binary-searching the window in a while(true) loop with a break).

// mergeK is kernels.h's K.
const mergeK = 512

// getPositiveInfinity is kernels.h's getPositiveInfinity<uint32_t>.
func getPositiveInfinity() uint32 { return 0xFFFFFFFF }

// getNegativeInfinity is kernels.h's getNegativeInfinity<uint32_t>.
func getNegativeInfinity() uint32 { return 0 }

// WorkloadDiagonalsKernel is workloadDiagonals of merge-cuda: block b
// finds where the merge path of A and B crosses diagonal b of gridDim.x,
// writing its x and y coordinates to diagonalPathIntersections[b] and
// [b+gridDim.x+1].
//
//gocuda:kernel WorkloadDiagonalsKernel
func workloadDiagonalsKernel(t *gocuda.Thread, A []uint32, ALength uint32, B []uint32, BLength uint32, diagonalPathIntersections []uint32) {
	xTop := gocuda.Shared[int32](t, 1)
	yTop := gocuda.Shared[int32](t, 1)
	xBottom := gocuda.Shared[int32](t, 1)
	yBottom := gocuda.Shared[int32](t, 1)
	found := gocuda.Shared[int32](t, 1)
	oneorzero := gocuda.Shared[int32](t, 32)

	threadOffset := t.ThreadIdx.X - 16

	if t.ThreadIdx.X == 0 {
		// Calculate combined index around the MergePath "matrix"
		combinedIndex := int32(uint64(t.BlockIdx.X) * (uint64(ALength) + uint64(BLength)) / uint64(t.GridDim.X))

		// Figure out the coordinates of our diagonal
		if uint32(combinedIndex) < ALength {
			xTop[0] = combinedIndex
		} else {
			xTop[0] = int32(ALength)
		}
		if uint32(combinedIndex) > ALength {
			yTop[0] = combinedIndex - int32(ALength)
		} else {
			yTop[0] = 0
		}
		xBottom[0] = yTop[0]
		yBottom[0] = xTop[0]

		found[0] = 0
	}
	t.SyncThreads()

	// Search the diagonal
	for found[0] == 0 {
		// Update our coordinates within the 32-wide section of the diagonal
		currentX := xTop[0] - ((xTop[0] - xBottom[0]) >> 1) - int32(threadOffset)
		currentY := yTop[0] + ((yBottom[0] - yTop[0]) >> 1) + int32(threadOffset)

		// Are we a '1' or '0' with respect to A[x] <= B[x]
		if currentX >= int32(ALength) || currentY < 0 {
			oneorzero[t.ThreadIdx.X] = 0
		} else if currentY >= int32(BLength) || currentX < 1 {
			oneorzero[t.ThreadIdx.X] = 1
		} else {
			if A[currentX-1] <= B[currentY] {
				oneorzero[t.ThreadIdx.X] = 1
			} else {
				oneorzero[t.ThreadIdx.X] = 0
			}
		}

		t.SyncThreads()

		// If we find the meeting of the '1's and '0's, we found the
		// intersection of the path and diagonal
		if t.ThreadIdx.X > 0 && oneorzero[t.ThreadIdx.X] != oneorzero[t.ThreadIdx.X-1] {
			found[0] = 1
			diagonalPathIntersections[t.BlockIdx.X] = uint32(currentX)
			diagonalPathIntersections[t.BlockIdx.X+t.GridDim.X+1] = uint32(currentY)
		}

		t.SyncThreads()

		// Adjust the search window on the diagonal
		if t.ThreadIdx.X == 16 {
			if oneorzero[31] != 0 {
				xBottom[0] = currentX
				yBottom[0] = currentY
			} else {
				xTop[0] = currentX
				yTop[0] = currentY
			}
		}
		t.SyncThreads()
	}

	// Set the boundary diagonals (through 0,0 and A_length,B_length)
	if t.ThreadIdx.X == 0 && t.BlockIdx.X == 0 {
		diagonalPathIntersections[0] = 0
		diagonalPathIntersections[t.GridDim.X+1] = 0
		diagonalPathIntersections[t.GridDim.X] = ALength
		diagonalPathIntersections[t.GridDim.X+t.GridDim.X+1] = BLength
	}
}

// MergeSinglePathKernel is mergeSinglePath<uint32_t, false, false> of
// merge-cuda: block b merges A and B between diagonals b and b+1 into C,
// a window of K elements of each at a time. The original's A-- and B--
// (so that Atemp[1] is A[x_block_top]) are an offset of -1 in the
// indices, and BSm1[~Ax] (a pointer plus the uint32_t ~Ax, meant as the
// signed offset -Ax-1) an index K+2+threadIdX4p2-Ax-1 of A_shared
// (B_shared is A_shared + K+2, and the offset may reach below it).
//
//gocuda:kernel MergeSinglePathKernel
func mergeSinglePathKernel(t *gocuda.Thread, A []uint32, ALength uint32, B []uint32, BLength uint32, diagonalPathIntersections []uint32, C []uint32, CLength uint32) {
	// Storage space for local merge window
	AShared := gocuda.Shared[uint32](t, (mergeK+2)<<1)
	BShared := AShared[mergeK+2:]

	xBlockTop := gocuda.Shared[uint32](t, 1)
	yBlockTop := gocuda.Shared[uint32](t, 1)
	xBlockStop := gocuda.Shared[uint32](t, 1)
	yBlockStop := gocuda.Shared[uint32](t, 1)

	// Pre-calculate reused indices
	threadIdX4 := uint32(t.ThreadIdx.X + t.ThreadIdx.X)
	threadIdX4 = threadIdX4 + threadIdX4
	threadIdX4p1 := threadIdX4 + 1
	threadIdX4p2 := threadIdX4p1 + 1
	threadIdX4p3 := threadIdX4p2 + 1

	// Define global window and create sentinels
	switch t.ThreadIdx.X {
	case 0:
		xBlockTop[0] = diagonalPathIntersections[t.BlockIdx.X]
		AShared[0] = getNegativeInfinity()
	case 64:
		yBlockTop[0] = diagonalPathIntersections[t.BlockIdx.X+t.GridDim.X+1]
		AShared[mergeK+1] = getPositiveInfinity()
	case 32:
		xBlockStop[0] = diagonalPathIntersections[t.BlockIdx.X+1]
		BShared[0] = getNegativeInfinity()
	case 96:
		yBlockStop[0] = diagonalPathIntersections[t.BlockIdx.X+t.GridDim.X+2]
		BShared[mergeK+1] = getPositiveInfinity()
	default:
	}

	// A-- and B--: the windows below index from 1.
	const off = -1

	t.SyncThreads()

	// Construct and merge windows from diagonal_path_intersections[blockIdx.x]
	// to diagonal_path_intersections[blockIdx.x+1]
	for xBlockTop[0] < xBlockStop[0] || yBlockTop[0] < yBlockStop[0] {
		// Load current local window
		Atemp := int(xBlockTop[0]) + off
		Btemp := int(yBlockTop[0]) + off
		sharedX := uint32(t.ThreadIdx.X + 1)

		AShared[sharedX] = A[Atemp+int(sharedX)]
		BShared[sharedX] = B[Btemp+int(sharedX)]
		sharedX += uint32(t.BlockDim.X)
		AShared[sharedX] = A[Atemp+int(sharedX)]
		BShared[sharedX] = B[Btemp+int(sharedX)]
		sharedX += uint32(t.BlockDim.X)
		AShared[sharedX] = A[Atemp+int(sharedX)]
		BShared[sharedX] = B[Btemp+int(sharedX)]
		sharedX += uint32(t.BlockDim.X)
		AShared[sharedX] = A[Atemp+int(sharedX)]
		BShared[sharedX] = B[Btemp+int(sharedX)]

		// Make sure this is before the sync
		Ctemp := C[xBlockTop[0]+yBlockTop[0]:]

		t.SyncThreads()

		// Binary search diagonal in the local window for path
		offset := int32(threadIdX4 >> 1)
		Ax := uint32(offset + 1)
		BSm1 := mergeK + 2 + int(threadIdX4p2) // B_shared + threadIdX4p2, an index of A_shared
		BS := BSm1 + 1
		for {
			offset = (offset + 1) >> 1
			if AShared[Ax] > AShared[BSm1-int(Ax)-1] {
				if AShared[Ax-1] <= AShared[BS-int(Ax)-1] {
					//Found it
					break
				}
				Ax -= uint32(offset)
			} else {
				Ax += uint32(offset)
			}
		}

		Bx := threadIdX4p2 - Ax

		// Merge four elements starting at the found path intersection
		var Ai, Bi, Ci uint32
		Ai = AShared[Ax]
		Bi = BShared[Bx]
		if Ai > Bi {
			Ci = Bi
			Bx++
			Bi = BShared[Bx]
		} else {
			Ci = Ai
			Ax++
			Ai = AShared[Ax]
		}
		Ctemp[threadIdX4] = Ci
		if Ai > Bi {
			Ci = Bi
			Bx++
			Bi = BShared[Bx]
		} else {
			Ci = Ai
			Ax++
			Ai = AShared[Ax]
		}
		Ctemp[threadIdX4p1] = Ci
		if Ai > Bi {
			Ci = Bi
			Bx++
			Bi = BShared[Bx]
		} else {
			Ci = Ai
			Ax++
			Ai = AShared[Ax]
		}
		Ctemp[threadIdX4p2] = Ci
		if Ai > Bi {
			Ctemp[threadIdX4p3] = Bi
		} else {
			Ctemp[threadIdX4p3] = Ai
		}

		// Update for next window
		if t.ThreadIdx.X == 127 {
			xBlockTop[0] += Ax - 1
			yBlockTop[0] += Bx - 1
		}
		t.SyncThreads()
	} // Go to next window
}
