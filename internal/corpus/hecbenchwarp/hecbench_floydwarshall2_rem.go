package hecbenchwarp

import "github.com/gocuda/gocuda/gocuda"

// This file holds the second half of floydwarshall2-cuda's main.cu (see
// hecbench_floydwarshall2.go): FWrowcol_64 and FWrem_64.

// FwRowcolKernel is FWrowcol_64 of floydwarshall2-cuda: blocks 0 to
// subm1-1 update the tiles of tile row x (the pivot column from kcols
// through shared memory, the pivot row through shared memory, one barrier
// a pivot), blocks subm1 to 2·subm1-1 the tiles of tile column x (the
// pivot column by __shfl_sync, the pivot row from krows), each writing
// back only the elements that changed.
//
//gocuda:kernel FwRowcolKernel
func fwRowcolKernel(t *gocuda.Thread, adjMat []int32, upper int32, krows, kcols []int32, x, subm1 int32) {
	temp := gocuda.Shared[int32](t, fwTile*fwTile)
	krow := gocuda.Shared[int32](t, fwTile*fwTile)

	warpA := int32(t.ThreadIdx.X / fwWS) // i: 0-31, upper half
	warpB := warpA + fwWS                // i: 32-63, lower half
	laneA := int32(t.ThreadIdx.X % fwWS) // j: 0-31, left half
	laneB := laneA + fwWS                // j: 32-63, right half

	y := int32(t.BlockIdx.X)
	if y < subm1 {
		if y >= x {
			y++
		}
		iA := warpA + x*fwTile
		iB := warpB + x*fwTile
		jA := laneA + y*fwTile
		jB := laneB + y*fwTile

		idx0AA := iA*upper + jA
		idx0AB := iA*upper + jB
		idx0BA := iB*upper + jA
		idx0BB := iB*upper + jB

		idx1A := warpA
		idx1B := warpB
		idx2A := laneA
		idx2B := laneB

		temp[warpA*fwTile+laneA] = kcols[iA*upper+laneA+x*fwTile]
		temp[warpA*fwTile+laneB] = kcols[iA*upper+laneB+x*fwTile]
		temp[warpB*fwTile+laneA] = kcols[iB*upper+laneA+x*fwTile]
		temp[warpB*fwTile+laneB] = kcols[iB*upper+laneB+x*fwTile]
		t.SyncThreads()

		ijAA := adjMat[idx0AA]
		ijAB := adjMat[idx0AB]
		ijBA := adjMat[idx0BA]
		ijBB := adjMat[idx0BB]

		origAA := ijAA
		origAB := ijAB
		origBA := ijBA
		origBB := ijBB

		for k := int32(0); k < fwTile; k++ {
			if warpA == k {
				krow[idx2A] = ijAA
			}
			if warpA == k {
				krow[idx2B] = ijAB
			}
			if warpB == k {
				krow[idx2A] = ijBA
			}
			if warpB == k {
				krow[idx2B] = ijBB
			}
			t.SyncThreads()

			ikA := temp[idx1A]
			ikB := temp[idx1B]
			krA := krow[idx2A]
			krB := krow[idx2B]

			ijAA = min(ijAA, ikA+krA)
			ijAB = min(ijAB, ikA+krB)
			ijBA = min(ijBA, ikB+krA)
			ijBB = min(ijBB, ikB+krB)

			if warpA == k {
				krows[idx0AA] = ijAA
			}
			if warpA == k {
				krows[idx0AB] = ijAB
			}
			if warpB == k {
				krows[idx0BA] = ijBA
			}
			if warpB == k {
				krows[idx0BB] = ijBB
			}

			idx1A += fwTile
			idx1B += fwTile
			idx2A += fwTile
			idx2B += fwTile
		}
		if ijAA != origAA {
			adjMat[idx0AA] = ijAA
		}
		if ijAB != origAB {
			adjMat[idx0AB] = ijAB
		}
		if ijBA != origBA {
			adjMat[idx0BA] = ijBA
		}
		if ijBB != origBB {
			adjMat[idx0BB] = ijBB
		}
	} else {
		y -= subm1
		if y >= x {
			y++
		}
		iA := warpA + y*fwTile
		iB := warpB + y*fwTile
		jA := laneA + x*fwTile
		jB := laneB + x*fwTile

		idx0AA := iA*upper + jA
		idx0AB := iA*upper + jB
		idx0BA := iB*upper + jA
		idx0BB := iB*upper + jB

		idx1AA := laneA*fwTile + warpA
		idx1AB := laneB*fwTile + warpA
		idx1BA := laneA*fwTile + warpB
		idx1BB := laneB*fwTile + warpB

		idx2A := (x*fwTile)*upper + jA
		idx2B := (x*fwTile)*upper + jB

		ijAA := adjMat[idx0AA]
		ijAB := adjMat[idx0AB]
		ijBA := adjMat[idx0BA]
		ijBB := adjMat[idx0BB]

		origAA := ijAA
		origAB := ijAB
		origBA := ijBA
		origBB := ijBB

		for k := int32(0); k < fwTile; k++ {
			var ikA, ikB int32
			if k < fwWS {
				ikA = gocuda.ShflSync(t, ^uint32(0), ijAA, int(k), 32)
				ikB = gocuda.ShflSync(t, ^uint32(0), ijBA, int(k), 32)
			}
			if k >= fwWS {
				ikA = gocuda.ShflSync(t, ^uint32(0), ijAB, int(k-fwWS), 32)
				ikB = gocuda.ShflSync(t, ^uint32(0), ijBB, int(k-fwWS), 32)
			}

			krA := krows[idx2A]
			krB := krows[idx2B]

			ijAA = min(ijAA, ikA+krA)
			ijAB = min(ijAB, ikA+krB)
			ijBA = min(ijBA, ikB+krA)
			ijBB = min(ijBB, ikB+krB)

			if laneA == k {
				temp[idx1AA] = ijAA
			}
			if laneA == k {
				temp[idx1BA] = ijBA
			}
			if laneB == k {
				temp[idx1AB] = ijAB
			}
			if laneB == k {
				temp[idx1BB] = ijBB
			}

			idx2A += upper
			idx2B += upper
		}
		t.SyncThreads()
		kcols[idx0AA] = temp[warpA*fwTile+laneA]
		kcols[idx0AB] = temp[warpA*fwTile+laneB]
		kcols[idx0BA] = temp[warpB*fwTile+laneA]
		kcols[idx0BB] = temp[warpB*fwTile+laneB]

		if ijAA != origAA {
			adjMat[idx0AA] = ijAA
		}
		if ijAB != origAB {
			adjMat[idx0AB] = ijAB
		}
		if ijBA != origBA {
			adjMat[idx0BA] = ijBA
		}
		if ijBB != origBB {
			adjMat[idx0BB] = ijBB
		}
	}
}

// FwRemKernel is FWrem_64 of floydwarshall2-cuda: block (y, z) updates
// the tile off tile row and column x from the pivot row and column tiles
// in shared memory, and the block of the next diagonal tile also closes it
// (the pivot column by __shfl_sync, one barrier a pivot) and saves its
// rows and columns for the next x.
//
//gocuda:kernel FwRemKernel
func fwRemKernel(t *gocuda.Thread, adjMat []int32, upper int32, krows, kcols []int32, x, subm1 int32) {
	y := int32(t.BlockIdx.X) / subm1
	z := int32(t.BlockIdx.X) % subm1
	if y >= x {
		y++
	}
	if z >= x {
		z++
	}

	warpA := int32(t.ThreadIdx.X / fwWS)
	warpB := warpA + fwWS
	laneA := int32(t.ThreadIdx.X % fwWS)
	laneB := laneA + fwWS

	iA := warpA + y*fwTile
	iB := warpB + y*fwTile
	jA := laneA + z*fwTile
	jB := laneB + z*fwTile

	idx0AA := iA*upper + jA // upper left
	idx0AB := iA*upper + jB // upper right
	idx0BA := iB*upper + jA // lower left
	idx0BB := iB*upper + jB // lower right

	sKJ := gocuda.Shared[int32](t, fwTile*fwTile)
	sIK := gocuda.Shared[int32](t, fwTile*fwTile)

	sKJ[warpA*fwTile+laneA] = krows[(x*fwTile+warpA)*upper+jA]
	sKJ[warpA*fwTile+laneB] = krows[(x*fwTile+warpA)*upper+jB]
	sKJ[warpB*fwTile+laneA] = krows[(x*fwTile+warpB)*upper+jA]
	sKJ[warpB*fwTile+laneB] = krows[(x*fwTile+warpB)*upper+jB]

	sIK[warpA*fwTile+laneA] = kcols[iA*upper+laneA+x*fwTile]
	sIK[warpA*fwTile+laneB] = kcols[iA*upper+laneB+x*fwTile]
	sIK[warpB*fwTile+laneA] = kcols[iB*upper+laneA+x*fwTile]
	sIK[warpB*fwTile+laneB] = kcols[iB*upper+laneB+x*fwTile]

	ijAA := adjMat[idx0AA]
	ijAB := adjMat[idx0AB]
	ijBA := adjMat[idx0BA]
	ijBB := adjMat[idx0BB]

	origAA := ijAA
	origAB := ijAB
	origBA := ijBA
	origBB := ijBB

	t.SyncThreads()
	idx1A := warpA
	idx1B := warpB
	idx2A := laneA
	idx2B := laneB

	for k := int32(0); k < fwTile; k++ {
		skA := sKJ[idx2A]
		skB := sKJ[idx2B]

		ijAA = min(ijAA, sIK[idx1A]+skA)
		ijAB = min(ijAB, sIK[idx1A]+skB)
		ijBA = min(ijBA, sIK[idx1B]+skA)
		ijBB = min(ijBB, sIK[idx1B]+skB)

		idx1A += fwTile
		idx1B += fwTile
		idx2A += fwTile
		idx2B += fwTile
	}

	if (y == z) && (y == x+1) && (x != subm1) { // the diagonal in next iteration
		idx1AA := laneA*fwTile + warpA
		idx1AB := laneB*fwTile + warpA
		idx1BA := laneA*fwTile + warpB
		idx1BB := laneB*fwTile + warpB

		idx2A := laneA
		idx2B := laneB

		for k := int32(0); k < fwTile; k++ {
			if warpA == k {
				sKJ[idx2A] = ijAA
			}
			if warpA == k {
				sKJ[idx2B] = ijAB
			}
			if warpB == k {
				sKJ[idx2A] = ijBA
			}
			if warpB == k {
				sKJ[idx2B] = ijBB
			}
			t.SyncThreads()

			var ikA, ikB int32
			if k < fwWS {
				ikA = gocuda.ShflSync(t, ^uint32(0), ijAA, int(k), 32)
				ikB = gocuda.ShflSync(t, ^uint32(0), ijBA, int(k), 32)
			} else {
				ikA = gocuda.ShflSync(t, ^uint32(0), ijAB, int(k-fwWS), 32)
				ikB = gocuda.ShflSync(t, ^uint32(0), ijBB, int(k-fwWS), 32)
			}

			skA := sKJ[idx2A]
			skB := sKJ[idx2B]

			ijAA = min(ijAA, ikA+skA)
			ijAB = min(ijAB, ikA+skB)
			ijBA = min(ijBA, ikB+skA)
			ijBB = min(ijBB, ikB+skB)

			if warpA == k {
				krows[idx0AA] = ijAA
			}
			if warpA == k {
				krows[idx0AB] = ijAB
			}
			if warpB == k {
				krows[idx0BA] = ijBA
			}
			if warpB == k {
				krows[idx0BB] = ijBB
			}

			if laneA == k {
				sIK[idx1AA] = ijAA
			}
			if laneA == k {
				sIK[idx1BA] = ijBA
			}
			if laneB == k {
				sIK[idx1AB] = ijAB
			}
			if laneB == k {
				sIK[idx1BB] = ijBB
			}

			idx2A += fwTile
			idx2B += fwTile
		}
		t.SyncThreads()
		kcols[idx0AA] = sIK[warpA*fwTile+laneA]
		kcols[idx0AB] = sIK[warpA*fwTile+laneB]
		kcols[idx0BA] = sIK[warpB*fwTile+laneA]
		kcols[idx0BB] = sIK[warpB*fwTile+laneB]
	}

	if ijAA != origAA {
		adjMat[idx0AA] = ijAA
	}
	if ijAB != origAB {
		adjMat[idx0AB] = ijAB
	}
	if ijBA != origBA {
		adjMat[idx0BA] = ijBA
	}
	if ijBB != origBB {
		adjMat[idx0BB] = ijBB
	}
}
