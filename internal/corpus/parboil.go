package corpus

import (
	"math"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/mem"
)

// This file holds kernels of the Parboil benchmarks (abduld/Parboil,
// benchmarks/<name>/src/cuda). Their __constant__ arrays are arguments
// viewing constant memory (mem.ConstView).

const (
	sgemmTileN        = 16
	sgemmTileTBHeight = 8
	sgemmTileM        = sgemmTileN * sgemmTileTBHeight
)

// SgemmNTKernel is mysgemmNT of sgemm/src/cuda/sgemm_kernel.cu: C =
// alpha·A·Bᵀ + beta·C, column-major, register-tiled: each thread of a
// 16×8 block keeps a row of TILE_N partial results in a local array while
// the block stages TILE_TB_HEIGHT×TILE_N tiles of B in shared memory.
// m and n are multiples of TILE_M (128) and TILE_N (16), k of
// TILE_TB_HEIGHT (8); launch it on an m/128 × n/16 grid.
//
//gocuda:kernel SgemmNTKernel
func mysgemmNT(t *gocuda.Thread, a []float32, lda int, b []float32, ldb int, c []float32, ldc int, k int, alpha, beta float32) {
	// Partial results
	var cc [sgemmTileN]float32
	for i := 0; i < sgemmTileN; i++ {
		cc[i] = 0.0
	}
	mid := t.ThreadIdx.Y*t.BlockDim.X + t.ThreadIdx.X // flattened id
	m := t.BlockIdx.X*sgemmTileM + mid
	n := t.BlockIdx.Y*sgemmTileN + t.ThreadIdx.X
	bS := gocuda.Shared[[sgemmTileN]float32](t, sgemmTileTBHeight)

	for i := 0; i < k; i += sgemmTileTBHeight {
		var av float32
		bS[t.ThreadIdx.Y][t.ThreadIdx.X] = b[n+(i+t.ThreadIdx.Y)*ldb]
		t.SyncThreads()
		for j := 0; j < sgemmTileTBHeight; j++ {
			av = a[m+(i+j)*lda]
			for kk := 0; kk < sgemmTileN; kk++ {
				cc[kk] += av * bS[j][kk]
			}
		}
		t.SyncThreads()
	}

	tt := ldc*t.BlockIdx.Y*sgemmTileN + m
	for i := 0; i < sgemmTileN; i++ {
		c[tt+i*ldc] = c[tt+i*ldc]*beta + alpha*cc[i]
	}
}

// index3D is stencil/src/cuda/common.h's Index3D macro.
func index3D(nx, ny, i, j, k int) int { return i + nx*(j+ny*k) }

// StencilCoarsenKernel is block2D_hybrid_coarsen_x of
// stencil/src/cuda/kernels.cu: a 7-point 3-D Jacobi step marching along z,
// each thread taking two points along x (thread coarsening), the current
// plane in extern shared memory and the planes below and above in
// registers, with barriers around each plane's swap. Launch it with
// tx×ty blocks on a ceil(nx/2tx) × ceil(ny/ty) grid and 2·tx·ty floats of
// dynamic shared memory.
//
//gocuda:kernel StencilCoarsenKernel
func block2DHybridCoarsenX(t *gocuda.Thread, c0, c1 float32, a0, anext []float32, nx, ny, nz int) {
	// thread coarsening along x direction
	i := t.BlockIdx.X*t.BlockDim.X*2 + t.ThreadIdx.X
	i2 := t.BlockIdx.X*t.BlockDim.X*2 + t.ThreadIdx.X + t.BlockDim.X
	j := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	shID := t.ThreadIdx.X + t.ThreadIdx.Y*t.BlockDim.X*2
	shID2 := t.ThreadIdx.X + t.BlockDim.X + t.ThreadIdx.Y*t.BlockDim.X*2

	// shared memory
	shA0 := gocuda.DynamicShared[float32](t)
	shA0[shID] = 0.0
	shA0[shID2] = 0.0
	t.SyncThreads()

	// get available region for load and store
	wRegion := i > 0 && j > 0 && (i < (nx - 1)) && (j < (ny - 1))
	wRegion2 := j > 0 && (i2 < nx-1) && (j < ny-1)
	xLBound := t.ThreadIdx.X == 0
	xHBound := (t.ThreadIdx.X + t.BlockDim.X) == (t.BlockDim.X*2 - 1)
	yLBound := t.ThreadIdx.Y == 0
	yHBound := t.ThreadIdx.Y == (t.BlockDim.Y - 1)

	// registers for bottom and top planes, doubled for the coarsening
	var bottom, bottom2, top, top2 float32 = 0.0, 0.0, 0.0, 0.0

	// load data for bottom and current
	if (i < nx) && (j < ny) {
		bottom = a0[index3D(nx, ny, i, j, 0)]
		shA0[shID] = a0[index3D(nx, ny, i, j, 1)]
	}
	if (i2 < nx) && (j < ny) {
		bottom2 = a0[index3D(nx, ny, i2, j, 0)]
		shA0[shID2] = a0[index3D(nx, ny, i2, j, 1)]
	}

	t.SyncThreads()

	for k := 1; k < nz-1; k++ {
		var aLeftRight, aUp, aDown float32

		// load required data on xy planes: from shared memory if it is
		// there, from global memory if not
		if (i < nx) && (j < ny) {
			top = a0[index3D(nx, ny, i, j, k+1)]
		}

		if wRegion {
			if yHBound {
				aUp = a0[index3D(nx, ny, i, j+1, k)]
			} else {
				aUp = shA0[shID+2*t.BlockDim.X]
			}
			if yLBound {
				aDown = a0[index3D(nx, ny, i, j-1, k)]
			} else {
				aDown = shA0[shID-2*t.BlockDim.X]
			}
			if xLBound {
				aLeftRight = a0[index3D(nx, ny, i-1, j, k)]
			} else {
				aLeftRight = shA0[shID-1]
			}

			anext[index3D(nx, ny, i, j, k)] = (top+bottom+aUp+aDown+shA0[shID+1]+aLeftRight)*c1 -
				shA0[shID]*c0
		}

		// load another block
		if (i2 < nx) && (j < ny) {
			top2 = a0[index3D(nx, ny, i2, j, k+1)]
		}

		if wRegion2 {
			if yHBound {
				aUp = a0[index3D(nx, ny, i2, j+1, k)]
			} else {
				aUp = shA0[shID2+2*t.BlockDim.X]
			}
			if yLBound {
				aDown = a0[index3D(nx, ny, i2, j-1, k)]
			} else {
				aDown = shA0[shID2-2*t.BlockDim.X]
			}
			if xHBound {
				aLeftRight = a0[index3D(nx, ny, i2+1, j, k)]
			} else {
				aLeftRight = shA0[shID2+1]
			}

			anext[index3D(nx, ny, i2, j, k)] = (top2+bottom2+aUp+aDown+aLeftRight+shA0[shID2-1])*c1 -
				shA0[shID2]*c0
		}

		// swap data
		t.SyncThreads()
		bottom = shA0[shID]
		shA0[shID] = top
		bottom2 = shA0[shID2]
		shA0[shID2] = top2
		t.SyncThreads()
	}
}

// SpmvJDSKernel is spmv_jds of spmv/src/cuda/jds_kernels.cu: a thread per
// row of a JDS (jagged diagonal storage) matrix, with a software-pipelined
// loop over the row's diagonals; jdsPtr and shZcnt are the __constant__
// arrays jds_ptr_int (the diagonals' offsets) and sh_zcnt_int (the
// diagonals per warp of rows).
//
//gocuda:kernel SpmvJDSKernel
func spmvJDS(t *gocuda.Thread, dstVector, dData []float32, dIndex, dPerm []int32, xVec []float32, dNzcnt []int32, dim int, jdsPtr, shZcnt mem.ConstView[int32]) {
	ix := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	warpID := ix >> 5

	if ix < dim {
		var sum float32 = 0.0
		bound := int(shZcnt.At(warpID))
		// prefetch 0
		j := int(jdsPtr.At(0)) + ix
		d := dData[j]
		i := dIndex[j]
		tt := xVec[i]
		if bound > 1 { // bound >= 2
			// prefetch 1
			j = int(jdsPtr.At(1)) + ix
			i = dIndex[j]
			var in int32
			var dn, tn float32
			for k := 2; k < bound; k++ {
				// prefetch k-1
				dn = dData[j]
				// prefetch k
				j = int(jdsPtr.At(k)) + ix
				in = dIndex[j]
				// prefetch k-1
				tn = xVec[i]
				// compute k-2
				sum += d * tt
				// sweep to k
				i = in
				// sweep to k-1
				d = dn
				tt = tn
			}
			// fetch last
			dn = dData[j]
			tn = xVec[i]
			// compute last-1
			sum += d * tt
			// sweep to last
			d = dn
			tt = tn
		}
		// compute last
		sum += d * tt
		// write out data
		dstVector[dPerm[ix]] = sum
	}
}

// mriq's constants: PIx2, the threads per block of the two kernels and
// the k-space elements per launch of ComputeQ.
const (
	mriqPIx2                  float32 = 6.2831853071795864769252867665590058
	mriqPhiMagThreadsPerBlock         = 512
	mriqQThreadsPerBlock              = 256
	mriqQKElemsPerGrid                = 1024
)

// kValues is mri-q's kValues, an element of k-space in constant memory.
type kValues struct{ Kx, Ky, Kz, PhiMag float32 }

// cosf and sinf are CUDA's cosf and sinf (not the fast __cosf), computed
// here in double precision and rounded.
func cosf(x float32) float32 { return float32(math.Cos(float64(x))) }
func sinf(x float32) float32 { return float32(math.Sin(float64(x))) }

// ComputePhiMagKernel is ComputePhiMag_GPU of mri-q/src/cuda/computeQ.cu:
// |phi|² per k-space sample.
//
//gocuda:kernel ComputePhiMagKernel
func computePhiMagGPU(t *gocuda.Thread, phiR, phiI, phiMag []float32, numK int) {
	indexK := t.BlockIdx.X*mriqPhiMagThreadsPerBlock + t.ThreadIdx.X
	if indexK < numK {
		real := phiR[indexK]
		imag := phiI[indexK]
		phiMag[indexK] = real*real + imag*imag
	}
}

// ComputeQKernel is ComputeQ_GPU of mri-q/src/cuda/computeQ.cu: a thread
// per voxel accumulates Q over a tile of up to 1024 k-space samples in
// constant memory (ck), two per step after an odd first one. The grid
// covers numX exactly (a multiple of 256).
//
//gocuda:kernel ComputeQKernel
func computeQGPU(t *gocuda.Thread, numK, kGlobalIndex int, x, y, z, qr, qi []float32, ck mem.ConstView[kValues]) {
	// Determine the element of the X arrays computed by this thread
	xIndex := t.BlockIdx.X*mriqQThreadsPerBlock + t.ThreadIdx.X

	sX := x[xIndex]
	sY := y[xIndex]
	sZ := z[xIndex]
	sQr := qr[xIndex]
	sQi := qi[xIndex]

	// Loop over all elements of K in constant mem to compute a partial value for X.
	kIndex := 0
	if numK%2 != 0 {
		expArg := mriqPIx2 * (ck.At(0).Kx*sX + ck.At(0).Ky*sY + ck.At(0).Kz*sZ)
		sQr += ck.At(0).PhiMag * cosf(expArg)
		sQi += ck.At(0).PhiMag * sinf(expArg)
		kIndex++
		kGlobalIndex++
	}

	for ; (kIndex < mriqQKElemsPerGrid) && (kGlobalIndex < numK); kIndex, kGlobalIndex = kIndex+2, kGlobalIndex+2 {
		expArg := mriqPIx2 * (ck.At(kIndex).Kx*sX +
			ck.At(kIndex).Ky*sY +
			ck.At(kIndex).Kz*sZ)
		sQr += ck.At(kIndex).PhiMag * cosf(expArg)
		sQi += ck.At(kIndex).PhiMag * sinf(expArg)

		kIndex1 := kIndex + 1
		expArg1 := mriqPIx2 * (ck.At(kIndex1).Kx*sX +
			ck.At(kIndex1).Ky*sY +
			ck.At(kIndex1).Kz*sZ)
		sQr += ck.At(kIndex1).PhiMag * cosf(expArg1)
		sQi += ck.At(kIndex1).PhiMag * sinf(expArg1)
	}

	qr[xIndex] = sQr
	qi[xIndex] = sQi
}
