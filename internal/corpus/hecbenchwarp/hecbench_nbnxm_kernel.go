package hecbenchwarp

import (
	"unsafe"

	"github.com/gocuda/gocuda/gocuda"
)

// This file holds nbnxmKernelTest of nbnxm-cuda's main.cu (see
// hecbench_nbnxm.go).

// NbnxmKernel is nbnxmKernelTest of nbnxm-cuda: block z takes i
// super-cluster a_plistSci[z], loads its atoms (shifted) into shared
// memory, walks its j-cluster groups (a warp skipping those its mask
// leaves out, by continue), accumulates the pair forces, reduces the j
// forces by shuffles after each j cluster and the i forces at the end.
//
//gocuda:kernel NbnxmKernel
func nbnxmKernel(t *gocuda.Thread, aXq []Float4, aF, aShiftVec, aFShift []NbFloat3, aPlistCJ4 []NbCj4, aPlistSci []NbSci,
	aPlistExcl []NbExcl, aAtomTypes []int32, aNbfp []NbFloat2, numTypes int32, rCoulombSq, ewaldBeta, epsFac float32, calcShift bool) {
	const prunedClusterPairSize = nbClSize * nbSplitClSize

	/* thread/block/warp id-s */
	tidxi := uint32(t.ThreadIdx.X)
	tidxj := uint32(t.ThreadIdx.Y)
	tidx := tidxj*nbClSize + tidxi
	bidx := uint32(t.BlockIdx.Z)

	imeiIdx := tidx / prunedClusterPairSize

	const localMemSize = nbNumClusterPerSupercluster*nbClSize*int(unsafe.Sizeof(Float4{})) + // sm_xq
		nbClSize*nbClSize*nbDim*4 + // sm_reductionBuffer
		nbNumClusterPerSupercluster*nbClSize*4 // sm_atomTypeI

	localPtr := gocuda.Shared[uint8](t, localMemSize)
	ptr := 0 // localPtr is read only

	smXq := unsafe.Slice((*Float4)(unsafe.Pointer(&localPtr[ptr])), nbNumClusterPerSupercluster*nbClSize)
	ptr += nbNumClusterPerSupercluster * nbClSize * int(unsafe.Sizeof(Float4{}))
	smReductionBuffer := unsafe.Slice((*float32)(unsafe.Pointer(&localPtr[ptr])), nbClSize*nbClSize*nbDim)
	ptr += nbClSize * nbClSize * nbDim * 4
	smAtomTypeI := unsafe.Slice((*int32)(unsafe.Pointer(&localPtr[ptr])), nbNumClusterPerSupercluster*nbClSize)

	fCiBufX := [nbNumClusterPerSupercluster]float32{0}
	fCiBufY := [nbNumClusterPerSupercluster]float32{0}
	fCiBufZ := [nbNumClusterPerSupercluster]float32{0}

	nbSci := aPlistSci[bidx]
	sci := nbSci.Sci
	cij4Start := nbSci.Cj4IndStart
	cij4End := nbSci.Cj4IndEnd
	nbScishift := nbSci.Shift

	// Only needed if props.elecEwaldAna
	beta2 := ewaldBeta * ewaldBeta
	beta3 := ewaldBeta * ewaldBeta * ewaldBeta

	for i := int32(0); i < nbNumClusterPerSupercluster; i += nbClSize {
		/* Pre-load i-atom x and q into shared memory */
		ci := sci*nbNumClusterPerSupercluster + int32(tidxj) + i
		ai := ci*nbClSize + int32(tidxi)

		shift := aShiftVec[nbScishift]
		xqi := aXq[ai]
		addFloat4(&xqi, Float4{shift[0], shift[1], shift[2], 0.0})
		xqi.W *= epsFac
		smXq[(int32(tidxj)+i)*nbClSize+int32(tidxi)] = xqi
		smAtomTypeI[(int32(tidxj)+i)*nbClSize+int32(tidxi)] = aAtomTypes[ai]
	}
	t.SyncThreads()

	// Only needed if (doExclusionForces)
	nonSelfInteraction := !(nbScishift == nbCentralShiftIndex && tidxj <= tidxi)

	// loop over the j clusters = seen by any of the atoms in the current super-cluster
	for j4 := cij4Start; j4 < cij4End; j4 += 1 {
		imask := aPlistCJ4[j4].Imei[imeiIdx].Imask
		if imask == 0 {
			continue
		}
		wexclIdx := aPlistCJ4[j4].Imei[imeiIdx].ExclInd
		wexcl := aPlistExcl[wexclIdx].Pair[tidx&(prunedClusterPairSize-1)]

		for jm := 0; jm < nbJgroupSize; jm++ {
			maskSet := imask&(nbSuperClInteractionMask<<(jm*nbNumClusterPerSupercluster)) != 0
			if !maskSet {
				continue
			}
			maskJI := uint32(1) << (jm * nbNumClusterPerSupercluster)
			cj := aPlistCJ4[j4].Cj[jm]
			aj := cj*nbClSize + int32(tidxj)

			// load j atom data
			xqj := aXq[aj]

			xj := NbFloat3{xqj.X, xqj.Y, xqj.Z}
			qj := xqj.W
			var atomTypeJ int32 // Only needed if (!props.vdwComb)
			atomTypeJ = aAtomTypes[aj]

			fCjBuf := NbFloat3{0.0, 0.0, 0.0}

			for i := int32(0); i < nbNumClusterPerSupercluster; i++ {
				if imask&maskJI != 0 {
					// i cluster index
					ci := sci*nbNumClusterPerSupercluster + i
					// all threads load an atom from i cluster ci into shmem!
					xqi := smXq[i*nbClSize+int32(tidxi)]
					xi := NbFloat3{xqi.X, xqi.Y, xqi.Z}

					// distance between i and j atoms
					rv := xi.sub(xj)
					r2 := rv.norm2()

					var pairExclMask float32
					if wexcl&maskJI != 0 {
						pairExclMask = 1.0
					} else {
						pairExclMask = 0.0
					}

					// cutoff & exclusion check

					notExcluded := nonSelfInteraction || (ci != cj)

					// Check optimal way of branching here.
					if (r2 < rCoulombSq) && notExcluded {
						qi := xqi.W
						var atomTypeI int32 // Only needed if (!props.vdwComb)
						var c6c12 NbFloat2

						/* LJ 6*C6 and 12*C12 */
						atomTypeI = smAtomTypeI[i*nbClSize+int32(tidxi)]
						c6c12 = aNbfp[numTypes*atomTypeI+atomTypeJ]

						// c6 and c12 are unused and garbage iff props.vdwCombLB && !doCalcEnergies
						c6 := c6c12.X
						c12 := c6c12.Y

						// Ensure distance do not become so small that r^-12 overflows
						r2 = max(r2, nbMinDistanceSquared)

						rInv := frsqrtRn(r2)
						r2Inv := rInv * rInv
						var r6Inv, fInvR float32
						r6Inv = r2Inv * r2Inv * r2Inv
						r6Inv *= pairExclMask
						fInvR = r6Inv * (c12*r6Inv - c6) * r2Inv

						fInvR += qi * qj *
							(pairExclMask*r2Inv*rInv + pmeCorrF(beta2*r2)*beta3)

						forceIJ := rv.scale(fInvR)

						/* accumulate j forces in registers */
						fCjBuf.subAssign(forceIJ)
						/* accumulate i forces in registers */
						fCiBufX[i] += forceIJ[0]
						fCiBufY[i] += forceIJ[1]
						fCiBufZ[i] += forceIJ[2]
					} // (r2 < rCoulombSq) && notExcluded
				} // (imask & maskJI)
				/* shift the mask bit by 1 */
				maskJI += maskJI
			} // for (int i = 0; i < c_nbnxnGpuNumClusterPerSupercluster; i++)
			/* reduce j forces */
			reduceForceJ(t, smReductionBuffer, fCjBuf, int32(tidxi), int32(tidxj), aj, aF)
		} // for (int jm = 0; jm < c_nbnxnGpuJgroupSize; jm++)
	} // for (int j4 = cij4Start; j4 < cij4End; j4 += 1)

	{
		nbSci := aPlistSci[bidx]
		sci := nbSci.Sci

		// skip central shifts when summing shift forces
		doCalcShift := (calcShift && nbSci.Shift != nbCentralShiftIndex)

		reduceForceIAndFShiftXYZ(t,
			smReductionBuffer, fCiBufX[:], fCiBufY[:], fCiBufZ[:], doCalcShift, int32(tidxi), int32(tidxj), sci, nbSci.Shift, aF, aFShift)
	}
}
