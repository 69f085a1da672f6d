package corpus

import (
	"unsafe"

	"github.com/gocuda/gocuda/gocuda"
)

// This file holds more kernels of the SHOC benchmark suite (vetter/shoc,
// src/cuda/level1): sparse matrix-vector products, molecular dynamics and
// the 2-D stencil, for T = float.

// toFloat4s is the (vecT*) cast of a float pointer: s viewed as
// len(s)/4 float4s.
func toFloat4s(s []float32) []float4 {
	if len(s) < 4 {
		return nil
	}
	return unsafe.Slice((*float4)(unsafe.Pointer(&s[0])), len(s)/4)
}

// SpmvCsrScalarKernel is spmv_csr_scalar_kernel of spmv/Spmv.cu: a
// thread per row of a CSR matrix; the dense vector, read through the
// texture vecTex in SHOC, is vec.
//
//gocuda:kernel SpmvCsrScalarKernel
func spmvCsrScalarKernel(t *gocuda.Thread, val []float32, cols, rowDelimiters []int32, dim int, out, vec []float32) {
	myRow := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X

	if myRow < dim {
		var tt float32 = 0.0
		start := rowDelimiters[myRow]
		end := rowDelimiters[myRow+1]
		for j := start; j < end; j++ {
			col := cols[j]
			tt += val[j] * vec[col]
		}
		out[myRow] = tt
	}
}

// spmvBlockSize is Spmv.cu's BLOCK_SIZE.
const spmvBlockSize = 128

// SpmvCsrVectorKernel is spmv_csr_vector_kernel of spmv/Spmv.cu: a warp
// per row, lanes striding over its entries, then a reduction of the
// lanes' sums in volatile shared memory with no barrier or __syncwarp,
// relying on lockstep warps as ShocReduceKernel does. Launch it with
// BLOCK_SIZE (128) threads per block.
//
//gocuda:kernel SpmvCsrVectorKernel
func spmvCsrVectorKernel(t *gocuda.Thread, val []float32, cols, rowDelimiters []int32, dim int, out, vec []float32) {
	// Thread ID in block
	tt := t.ThreadIdx.X
	// Thread ID within warp
	id := tt & (gocuda.WarpSize - 1)
	warpsPerBlock := t.BlockDim.X / gocuda.WarpSize
	// One row per warp
	myRow := (t.BlockIdx.X * warpsPerBlock) + (tt / gocuda.WarpSize)

	partialSums := gocuda.Shared[float32](t, spmvBlockSize)

	if myRow < dim {
		warpStart := int(rowDelimiters[myRow])
		warpEnd := int(rowDelimiters[myRow+1])
		var mySum float32
		for j := warpStart + id; j < warpEnd; j += gocuda.WarpSize {
			col := cols[j]
			mySum += val[j] * vec[col]
		}
		partialSums[tt] = mySum

		// Reduce partial sums
		if id < 16 {
			partialSums[tt] += partialSums[tt+16]
		}
		if id < 8 {
			partialSums[tt] += partialSums[tt+8]
		}
		if id < 4 {
			partialSums[tt] += partialSums[tt+4]
		}
		if id < 2 {
			partialSums[tt] += partialSums[tt+2]
		}
		if id < 1 {
			partialSums[tt] += partialSums[tt+1]
		}

		// Write result
		if id == 0 {
			out[myRow] = partialSums[tt]
		}
	}
}

// SpmvEllpackrKernel is spmv_ellpackr_kernel of spmv/Spmv.cu: a thread per
// row of an ELLPACK-R matrix (column-major padded entries with per-row
// lengths).
//
//gocuda:kernel SpmvEllpackrKernel
func spmvEllpackrKernel(t *gocuda.Thread, val []float32, cols, rowLengths []int32, dim int, out, vec []float32) {
	tt := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X

	if tt < dim {
		var result float32 = 0.0
		m := int(rowLengths[tt])
		for i := 0; i < m; i++ {
			ind := i*dim + tt
			result += val[ind] * vec[cols[ind]]
		}
		out[tt] = result
	}
}

// ComputeLjForceKernel is compute_lj_force<float, float4, float4, false,
// texReader_sp> of md/MD.cu: a thread per atom sums the Lennard-Jones
// forces of its neighbour list (neighCount entries, stored neighbour-major
// with stride inum) within the cutoff.
//
//gocuda:kernel ComputeLjForceKernel
func computeLjForce(t *gocuda.Thread, force3, position []float4, neighCount int, neighList []int32, cutsq, lj1, lj2 float32, inum int) {
	// Global ID - one thread per atom
	idx := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X

	// Position of this thread's atom
	ipos := position[idx]

	// Force accumulator
	f := float4{0.0, 0.0, 0.0, 0}

	j := 0
	for j < neighCount {
		jidx := neighList[j*inum+idx]
		jpos := position[jidx]

		// Calculate distance
		delx := ipos.X - jpos.X
		dely := ipos.Y - jpos.Y
		delz := ipos.Z - jpos.Z
		r2inv := delx*delx + dely*dely + delz*delz

		// If distance is less than cutoff, calculate force and add to accumulator
		if r2inv < cutsq {
			r2inv = 1.0 / r2inv
			r6inv := r2inv * r2inv * r2inv
			force := r2inv * r6inv * (lj1*r6inv - lj2)
			f.X += delx * force
			f.Y += dely * force
			f.Z += delz * force
		}
		j++
	}

	// store the results
	force3[idx] = f
}

// toGlobalRow, toGlobalCol and toFlatIdx are the index helpers of
// stencil2d/CUDAStencilKernel.cu; toFlatIdx assumes a halo of width 1.
func toGlobalRow(gidRow, lszRow, lidRow int) int { return gidRow*lszRow + lidRow }
func toGlobalCol(gidCol, lszCol, lidCol int) int { return gidCol*lszCol + lidCol }
func toFlatIdx(row, col, rowWidth int) int       { return (row+1)*(rowWidth+2) + (col + 1) }

// StencilKernel is StencilKernel<float> of
// stencil2d/CUDAStencilKernel.cu: a 9-point weighted stencil in which each
// thread of a 1×lCols block takes a strip of nStripItems rows: the block
// copies its strips and a halo into extern shared memory (the first and
// last columns' threads also the side halos), syncs, and writes the new
// values. Rows are padded to a multiple of alignment. Launch it on a
// gRows/nStripItems × gCols/lCols grid with (nStripItems+2)·(lCols+2)
// floats of dynamic shared memory.
//
//gocuda:kernel StencilKernel
func stencilKernel(t *gocuda.Thread, data, newData []float32, alignment, nStripItems int, wCenter, wCardinal, wDiagonal float32) {
	// .x is the row and .y the column
	gidRow := t.BlockIdx.X
	gidCol := t.BlockIdx.Y
	gszCol := t.GridDim.Y
	lidRow := t.ThreadIdx.X
	lidCol := t.ThreadIdx.Y
	lszRow := nStripItems
	lszCol := t.BlockDim.Y

	// our logical global data coordinates (without halo)
	gRow := toGlobalRow(gidRow, lszRow, lidRow)
	gCol := toGlobalCol(gidCol, lszCol, lidCol)

	// determine pitch of rows (without halo)
	nCols := gszCol*lszCol + 2 // assume halo is there for computing padding
	nPaddedCols := nCols
	if nCols%alignment != 0 {
		nPaddedCols = nCols + (alignment - (nCols % alignment))
	}
	gRowWidth := nPaddedCols - 2 // remove the halo

	// Copy my global data item to a shared local buffer.
	sh := gocuda.DynamicShared[float32](t)

	lRowWidth := lszCol
	for i := 0; i < lszRow+2; i++ {
		lidx := toFlatIdx(lidRow-1+i, lidCol, lRowWidth)
		gidx := toFlatIdx(gRow-1+i, gCol, gRowWidth)
		sh[lidx] = data[gidx]
	}

	// Copy the "left" and "right" halo rows into our local memory buffer.
	if lidCol == 0 {
		for i := 0; i < lszRow+2; i++ {
			lidx := toFlatIdx(lidRow-1+i, lidCol-1, lRowWidth)
			gidx := toFlatIdx(gRow-1+i, gCol-1, gRowWidth)
			sh[lidx] = data[gidx]
		}
	} else if lidCol == lszCol-1 {
		for i := 0; i < lszRow+2; i++ {
			lidx := toFlatIdx(lidRow-1+i, lidCol+1, lRowWidth)
			gidx := toFlatIdx(gRow-1+i, gCol+1, gRowWidth)
			sh[lidx] = data[gidx]
		}
	}

	// let all those loads finish
	t.SyncThreads()

	// do my part of the smoothing operation
	for i := 0; i < lszRow; i++ {
		cidx := toFlatIdx(lidRow+i, lidCol, lRowWidth)
		nidx := toFlatIdx(lidRow-1+i, lidCol, lRowWidth)
		sidx := toFlatIdx(lidRow+1+i, lidCol, lRowWidth)
		eidx := toFlatIdx(lidRow+i, lidCol+1, lRowWidth)
		widx := toFlatIdx(lidRow+i, lidCol-1, lRowWidth)
		neidx := toFlatIdx(lidRow-1+i, lidCol+1, lRowWidth)
		seidx := toFlatIdx(lidRow+1+i, lidCol+1, lRowWidth)
		nwidx := toFlatIdx(lidRow-1+i, lidCol-1, lRowWidth)
		swidx := toFlatIdx(lidRow+1+i, lidCol-1, lRowWidth)

		centerValue := sh[cidx]
		cardinalValueSum := sh[nidx] + sh[sidx] + sh[eidx] + sh[widx]
		diagonalValueSum := sh[neidx] + sh[seidx] + sh[nwidx] + sh[swidx]
		newData[toFlatIdx(gRow+i, gCol, gRowWidth)] = wCenter*centerValue +
			wCardinal*cardinalValueSum +
			wDiagonal*diagonalValueSum
	}
}
