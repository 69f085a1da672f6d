package hecbenchatok

import "github.com/gocuda/gocuda/gocuda"

// This file holds HeCBench's eikonal benchmark (zjin-lcf/HeCBench at
// f27000a, src/eikonal-cuda/kernel.cu and common_def.h, Jeong's Fast
// Iterative Method for the Eikonal equation on a 3-D grid of 4×4×4
// blocks): run_solver, nIter Jacobi sweeps of a block's shared 6×6×6
// tile (its halo loaded by the threads of its faces) between barriers,
// run_reduction, a tree of barriers ANDing the block's convergence
// flags, and run_check_neighbor, one sweep of the blocks next to the
// active ones. The active blocks are a list, so each kernel's work is
// under an if on the block's place in it. DOUBLE is double (FLOAT
// unset); sqrtf of a double converts it to float, as CUDA's sqrtf does;
// dim3 idx is three variables; the SOL macro an index.

// The eikonal constants of common_def.h.
const (
	ekInf         = 1e20
	ekBlockLength = 4
	ekEps         = 1e-16
)

// getTimeEikonal is get_time_eikonal of kernel.cu.
func getTimeEikonal(a, b, c, s float64) float64 {
	var ret, tmp float64

	// a > b > c
	if a < b {
		tmp = a
		a = b
		b = tmp
	}
	if b < c {
		tmp = b
		b = c
		c = tmp
	}
	if a < b {
		tmp = a
		a = b
		b = tmp
	}

	ret = ekInf

	if c < ekInf {
		ret = c + s

		if ret > b {
			tmp = ((b + c) + float64(sqrtf(float32(2.0*s*s-(b-c)*(b-c))))) * 0.5

			if tmp > b {
				ret = tmp
			}

			if ret > a {
				tmp = (a+b+c)/3.0 + float64(sqrtf(float32(2.0*(a*(b-a)+b*(c-b)+c*(a-c))+3.0*s*s)))/3.0

				if tmp > a {
					ret = tmp
				}
			}
		}
	}

	return ret
}

// RunSolverKernel is run_solver of kernel.cu.
//
//gocuda:kernel RunSolverKernel
func runSolver(t *gocuda.Thread, spd []float64, mask []bool, solIn, solOut []float64, con []bool, list []uint32, xdim, ydim, zdim, nIter int, nActiveBlock uint32) {
	listIdx := uint32(t.BlockIdx.Y*t.GridDim.X + t.BlockIdx.X)

	if listIdx < nActiveBlock {
		// retrieve actual block index from the active list
		blockIdx := list[listIdx]

		var F float64
		var isValid bool
		blocksize := uint32(ekBlockLength * ekBlockLength * ekBlockLength)
		baseAddr := blockIdx * blocksize

		xgridlength := uint32(xdim / ekBlockLength)
		ygridlength := uint32(ydim / ekBlockLength)
		zgridlength := uint32(zdim / ekBlockLength)

		// compute block index
		bx := blockIdx % xgridlength
		tmpIdx := (blockIdx - bx) / xgridlength
		by := tmpIdx % ygridlength
		bz := (tmpIdx - by) / ygridlength

		tx := uint32(t.ThreadIdx.X)
		ty := uint32(t.ThreadIdx.Y)
		tz := uint32(t.ThreadIdx.Z)
		tIdx := tz*ekBlockLength*ekBlockLength + ty*ekBlockLength + tx

		sol := gocuda.Shared[[ekBlockLength + 2][ekBlockLength + 2]float64](t, ekBlockLength+2)

		// copy global to shared memory
		idxX, idxY, idxZ := tx+1, ty+1, tz+1

		sol[idxX][idxY][idxZ] = solIn[baseAddr+tIdx]
		F = spd[baseAddr+tIdx]
		if F > 0 {
			F = 1.0 / F // F = 1/f
		}
		isValid = mask[baseAddr+tIdx]

		var newBaseAddr, newTIdx uint32

		// 1-neighborhood values
		if tx == 0 {
			if bx == 0 { // end of the grid
				newTIdx = tIdx
				newBaseAddr = baseAddr
			} else {
				newTIdx = tIdx + ekBlockLength - 1
				newBaseAddr = (blockIdx - 1) * blocksize
			}
			sol[tx][idxY][idxZ] = solIn[newBaseAddr+newTIdx]
		}

		if tx == ekBlockLength-1 {
			if bx == xgridlength-1 { // end of the grid
				newTIdx = tIdx
				newBaseAddr = baseAddr
			} else {
				newTIdx = tIdx - (ekBlockLength - 1)
				newBaseAddr = (blockIdx + 1) * blocksize
			}
			sol[tx+2][idxY][idxZ] = solIn[newBaseAddr+newTIdx]
		}

		if ty == 0 {
			if by == 0 {
				newTIdx = tIdx
				newBaseAddr = baseAddr
			} else {
				newTIdx = tIdx + (ekBlockLength-1)*ekBlockLength
				newBaseAddr = (blockIdx - xgridlength) * blocksize
			}
			sol[idxX][ty][idxZ] = solIn[newBaseAddr+newTIdx]
		}

		if ty == ekBlockLength-1 {
			if by == ygridlength-1 {
				newTIdx = tIdx
				newBaseAddr = baseAddr
			} else {
				newTIdx = tIdx - (ekBlockLength-1)*ekBlockLength
				newBaseAddr = (blockIdx + xgridlength) * blocksize
			}
			sol[idxX][ty+2][idxZ] = solIn[newBaseAddr+newTIdx]
		}

		if tz == 0 {
			if bz == 0 {
				newTIdx = tIdx
				newBaseAddr = baseAddr
			} else {
				newTIdx = tIdx + (ekBlockLength-1)*ekBlockLength*ekBlockLength
				newBaseAddr = (blockIdx - xgridlength*ygridlength) * blocksize
			}
			sol[idxX][idxY][tz] = solIn[newBaseAddr+newTIdx]
		}

		if tz == ekBlockLength-1 {
			if bz == zgridlength-1 {
				newTIdx = tIdx
				newBaseAddr = baseAddr
			} else {
				newTIdx = tIdx - (ekBlockLength-1)*ekBlockLength*ekBlockLength
				newBaseAddr = (blockIdx + xgridlength*ygridlength) * blocksize
			}
			sol[idxX][idxY][tz+2] = solIn[newBaseAddr+newTIdx]
		}

		t.SyncThreads()

		var a, b, c, oldT, newT float64

		for iter := 0; iter < nIter; iter++ {
			//
			// compute new value
			//
			oldT = sol[idxX][idxY][idxZ]
			newT = oldT

			if isValid {
				a = min(sol[tx][idxY][idxZ], sol[tx+2][idxY][idxZ])
				b = min(sol[idxX][ty][idxZ], sol[idxX][ty+2][idxZ])
				c = min(sol[idxX][idxY][tz], sol[idxX][idxY][tz+2])

				tmp := getTimeEikonal(a, b, c, F)

				newT = min(tmp, oldT)
			}
			t.SyncThreads()

			if isValid {
				sol[idxX][idxY][idxZ] = newT
			}

			t.SyncThreads() // this may not required
		}

		residue := oldT - newT

		// write back to global memory
		con[baseAddr+tIdx] = residue < ekEps
		solOut[baseAddr+tIdx] = newT
	}
}

// RunReductionKernel is run_reduction of kernel.cu.
//
//gocuda:kernel RunReductionKernel
func runReduction(t *gocuda.Thread, con, listVol []bool, list []uint32, nActiveBlock uint32) {
	listIdx := uint32(t.BlockIdx.Y*t.GridDim.X + t.BlockIdx.X)

	if listIdx < nActiveBlock {
		blockIdx := list[listIdx]

		conv := gocuda.Shared[bool](t, ekBlockLength*ekBlockLength*ekBlockLength)

		blocksize := uint32(ekBlockLength * ekBlockLength * ekBlockLength / 2)
		baseAddr := blockIdx * blocksize * 2
		tx := uint32(t.ThreadIdx.X)
		ty := uint32(t.ThreadIdx.Y)
		tz := uint32(t.ThreadIdx.Z)
		tIdx := tz*ekBlockLength*ekBlockLength + ty*ekBlockLength + tx

		conv[tIdx] = con[baseAddr+tIdx]
		conv[tIdx+blocksize] = con[baseAddr+tIdx+blocksize]

		t.SyncThreads()

		for i := blocksize; i > 0; i /= 2 {
			if tIdx < i {
				var b1, b2 bool
				b1 = conv[tIdx]
				b2 = conv[tIdx+i]
				conv[tIdx] = b1 && b2
			}
			t.SyncThreads()
		}

		if tIdx == 0 {
			listVol[blockIdx] = !conv[0] // active list is negation of tile convergence (active = not converged)
		}
	}
}

// RunCheckNeighborKernel is run_check_neighbor of kernel.cu.
//
//gocuda:kernel RunCheckNeighborKernel
func runCheckNeighbor(t *gocuda.Thread, spd []float64, mask []bool, solIn, solOut []float64, con []bool, list []uint32, xdim, ydim, zdim int, nActiveBlock, nTotalBlock uint32) {
	listIdx := uint32(t.BlockIdx.Y*t.GridDim.X + t.BlockIdx.X)

	if listIdx < nTotalBlock {
		var F float64
		var isValid bool
		sol := gocuda.Shared[[ekBlockLength + 2][ekBlockLength + 2]float64](t, ekBlockLength+2)

		blockIdx := list[listIdx]
		blocksize := uint32(ekBlockLength * ekBlockLength * ekBlockLength)
		baseAddr := blockIdx * blocksize

		tx := uint32(t.ThreadIdx.X)
		ty := uint32(t.ThreadIdx.Y)
		tz := uint32(t.ThreadIdx.Z)
		tIdx := tz*ekBlockLength*ekBlockLength + ty*ekBlockLength + tx

		if listIdx < nActiveBlock { // copy value
			solOut[baseAddr+tIdx] = solIn[baseAddr+tIdx]
		} else {
			xgridlength := uint32(xdim / ekBlockLength)
			ygridlength := uint32(ydim / ekBlockLength)
			zgridlength := uint32(zdim / ekBlockLength)

			// compute block index
			bx := blockIdx % xgridlength
			tmpIdx := (blockIdx - bx) / xgridlength
			by := tmpIdx % ygridlength
			bz := (tmpIdx - by) / ygridlength

			// copy global to shared memory
			idxX, idxY, idxZ := tx+1, ty+1, tz+1
			sol[idxX][idxY][idxZ] = solIn[baseAddr+tIdx]
			F = spd[baseAddr+tIdx]
			if F > 0 {
				F = 1.0 / F
			}
			isValid = mask[baseAddr+tIdx]

			var newBaseAddr, newTIdx uint32

			// 1-neighborhood values
			if tx == 0 {
				if bx == 0 { // end of the grid
					newTIdx = tIdx
					newBaseAddr = baseAddr
				} else {
					newTIdx = tIdx + ekBlockLength - 1
					newBaseAddr = (blockIdx - 1) * blocksize
				}
				sol[tx][idxY][idxZ] = solIn[newBaseAddr+newTIdx]
			}

			if tx == ekBlockLength-1 {
				if bx == xgridlength-1 { // end of the grid
					newTIdx = tIdx
					newBaseAddr = baseAddr
				} else {
					newTIdx = tIdx - (ekBlockLength - 1)
					newBaseAddr = (blockIdx + 1) * blocksize
				}
				sol[tx+2][idxY][idxZ] = solIn[newBaseAddr+newTIdx]
			}

			if ty == 0 {
				if by == 0 {
					newTIdx = tIdx
					newBaseAddr = baseAddr
				} else {
					newTIdx = tIdx + (ekBlockLength-1)*ekBlockLength
					newBaseAddr = (blockIdx - xgridlength) * blocksize
				}
				sol[idxX][ty][idxZ] = solIn[newBaseAddr+newTIdx]
			}

			if ty == ekBlockLength-1 {
				if by == ygridlength-1 {
					newTIdx = tIdx
					newBaseAddr = baseAddr
				} else {
					newTIdx = tIdx - (ekBlockLength-1)*ekBlockLength
					newBaseAddr = (blockIdx + xgridlength) * blocksize
				}
				sol[idxX][ty+2][idxZ] = solIn[newBaseAddr+newTIdx]
			}

			if tz == 0 {
				if bz == 0 {
					newTIdx = tIdx
					newBaseAddr = baseAddr
				} else {
					newTIdx = tIdx + (ekBlockLength-1)*ekBlockLength*ekBlockLength
					newBaseAddr = (blockIdx - xgridlength*ygridlength) * blocksize
				}
				sol[idxX][idxY][tz] = solIn[newBaseAddr+newTIdx]
			}

			if tz == ekBlockLength-1 {
				if bz == zgridlength-1 {
					newTIdx = tIdx
					newBaseAddr = baseAddr
				} else {
					newTIdx = tIdx - (ekBlockLength-1)*ekBlockLength*ekBlockLength
					newBaseAddr = (blockIdx + xgridlength*ygridlength) * blocksize
				}
				sol[idxX][idxY][tz+2] = solIn[newBaseAddr+newTIdx]
			}

			t.SyncThreads()

			var a, b, c, oldT, newT float64

			//
			// compute new value
			//
			oldT = sol[idxX][idxY][idxZ]
			newT = oldT

			if isValid {
				a = min(sol[tx][idxY][idxZ], sol[tx+2][idxY][idxZ])
				b = min(sol[idxX][ty][idxZ], sol[idxX][ty+2][idxZ])
				c = min(sol[idxX][idxY][tz], sol[idxX][idxY][tz+2])

				tmp := getTimeEikonal(a, b, c, F)
				newT = min(tmp, oldT)

				solOut[baseAddr+tIdx] = newT
			}
			// write back to global memory
			residue := oldT - newT
			con[baseAddr+tIdx] = residue < ekEps
		}
	}
}
