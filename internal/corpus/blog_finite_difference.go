package corpus

import "github.com/gocuda/gocuda/gocuda"

// This file holds the kernels of Mark Harris's "Finite Difference Methods
// in CUDA C/C++" posts (NVIDIA-developer-blog/code-samples,
// series/cuda-cpp/finite-difference/finite-difference.cu): eighth-order
// derivatives of a periodic mx×my×mz grid along x, y and z, through
// shared-memory pencils with a 4-wide periodic halo. The post's 64³ grid
// is 32³ here, to keep the runtime path's tests short (mx and my must be
// multiples of lPencils). The post's __constant__ coefficients (c_ax...)
// are kernel arguments, which CUDA also passes through constant memory.

const (
	fdMx       = 32
	fdMy       = 32
	fdMz       = 32
	fdSPencils = 4  // small # pencils
	fdLPencils = 32 // large # pencils
)

// DerivativeXKernel is derivative_x: a thread per point, sPencils x-lines
// per block of mx×sPencils threads.
//
//gocuda:kernel DerivativeXKernel
func derivativeX(t *gocuda.Thread, f, df []float32, cAx, cBx, cCx, cDx float32) {
	sF := gocuda.Shared[[fdMx + 8]float32](t, fdSPencils) // 4-wide halo

	i := t.ThreadIdx.X
	j := t.BlockIdx.X*t.BlockDim.Y + t.ThreadIdx.Y
	k := t.BlockIdx.Y
	si := i + 4         // local i for shared memory access + halo offset
	sj := t.ThreadIdx.Y // local j for shared memory access

	globalIdx := k*fdMx*fdMy + j*fdMx + i

	sF[sj][si] = f[globalIdx]

	t.SyncThreads()

	// fill in periodic images in shared memory array
	if i < 4 {
		sF[sj][si-4] = sF[sj][si+fdMx-5]
		sF[sj][si+fdMx] = sF[sj][si+1]
	}

	t.SyncThreads()

	df[globalIdx] = cAx*(sF[sj][si+1]-sF[sj][si-1]) +
		cBx*(sF[sj][si+2]-sF[sj][si-2]) +
		cCx*(sF[sj][si+3]-sF[sj][si-3]) +
		cDx*(sF[sj][si+4]-sF[sj][si-4])
}

// DerivativeXLPencilsKernel is derivative_x_lPencils: lPencils x-lines per
// block, each thread looping over the lines.
//
//gocuda:kernel DerivativeXLPencilsKernel
func derivativeXLPencils(t *gocuda.Thread, f, df []float32, cAx, cBx, cCx, cDx float32) {
	sF := gocuda.Shared[[fdMx + 8]float32](t, fdLPencils) // 4-wide halo

	i := t.ThreadIdx.X
	jBase := t.BlockIdx.X * fdLPencils
	k := t.BlockIdx.Y
	si := i + 4 // local i for shared memory access + halo offset

	for sj := t.ThreadIdx.Y; sj < fdLPencils; sj += t.BlockDim.Y {
		globalIdx := k*fdMx*fdMy + (jBase+sj)*fdMx + i
		sF[sj][si] = f[globalIdx]
	}

	t.SyncThreads()

	// fill in periodic images in shared memory array
	if i < 4 {
		for sj := t.ThreadIdx.Y; sj < fdLPencils; sj += t.BlockDim.Y {
			sF[sj][si-4] = sF[sj][si+fdMx-5]
			sF[sj][si+fdMx] = sF[sj][si+1]
		}
	}

	t.SyncThreads()

	for sj := t.ThreadIdx.Y; sj < fdLPencils; sj += t.BlockDim.Y {
		globalIdx := k*fdMx*fdMy + (jBase+sj)*fdMx + i
		df[globalIdx] = cAx*(sF[sj][si+1]-sF[sj][si-1]) +
			cBx*(sF[sj][si+2]-sF[sj][si-2]) +
			cCx*(sF[sj][si+3]-sF[sj][si-3]) +
			cDx*(sF[sj][si+4]-sF[sj][si-4])
	}
}

// DerivativeYKernel is derivative_y: a thread per point, sPencils
// y-lines per block of sPencils×my threads.
//
//gocuda:kernel DerivativeYKernel
func derivativeY(t *gocuda.Thread, f, df []float32, cAy, cBy, cCy, cDy float32) {
	sF := gocuda.Shared[[fdSPencils]float32](t, fdMy+8)

	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	j := t.ThreadIdx.Y
	k := t.BlockIdx.Y
	si := t.ThreadIdx.X
	sj := j + 4

	globalIdx := k*fdMx*fdMy + j*fdMx + i

	sF[sj][si] = f[globalIdx]

	t.SyncThreads()

	if j < 4 {
		sF[sj-4][si] = sF[sj+fdMy-5][si]
		sF[sj+fdMy][si] = sF[sj+1][si]
	}

	t.SyncThreads()

	df[globalIdx] = cAy*(sF[sj+1][si]-sF[sj-1][si]) +
		cBy*(sF[sj+2][si]-sF[sj-2][si]) +
		cCy*(sF[sj+3][si]-sF[sj-3][si]) +
		cDy*(sF[sj+4][si]-sF[sj-4][si])
}

// DerivativeYLPencilsKernel is derivative_y_lPencils: lPencils y-lines
// per block, each thread looping along y.
//
//gocuda:kernel DerivativeYLPencilsKernel
func derivativeYLPencils(t *gocuda.Thread, f, df []float32, cAy, cBy, cCy, cDy float32) {
	sF := gocuda.Shared[[fdLPencils]float32](t, fdMy+8)

	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	k := t.BlockIdx.Y
	si := t.ThreadIdx.X

	for j := t.ThreadIdx.Y; j < fdMy; j += t.BlockDim.Y {
		globalIdx := k*fdMx*fdMy + j*fdMx + i
		sj := j + 4
		sF[sj][si] = f[globalIdx]
	}

	t.SyncThreads()

	sj := t.ThreadIdx.Y + 4
	if sj < 8 {
		sF[sj-4][si] = sF[sj+fdMy-5][si]
		sF[sj+fdMy][si] = sF[sj+1][si]
	}

	t.SyncThreads()

	for j := t.ThreadIdx.Y; j < fdMy; j += t.BlockDim.Y {
		globalIdx := k*fdMx*fdMy + j*fdMx + i
		sj := j + 4
		df[globalIdx] = cAy*(sF[sj+1][si]-sF[sj-1][si]) +
			cBy*(sF[sj+2][si]-sF[sj-2][si]) +
			cCy*(sF[sj+3][si]-sF[sj-3][si]) +
			cDy*(sF[sj+4][si]-sF[sj-4][si])
	}
}

// DerivativeZKernel is derivative_z: a thread per point, sPencils
// z-lines per block of sPencils×mz threads.
//
//gocuda:kernel DerivativeZKernel
func derivativeZ(t *gocuda.Thread, f, df []float32, cAz, cBz, cCz, cDz float32) {
	sF := gocuda.Shared[[fdSPencils]float32](t, fdMz+8)

	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	j := t.BlockIdx.Y
	k := t.ThreadIdx.Y
	si := t.ThreadIdx.X
	sk := k + 4 // halo offset

	globalIdx := k*fdMx*fdMy + j*fdMx + i

	sF[sk][si] = f[globalIdx]

	t.SyncThreads()

	if k < 4 {
		sF[sk-4][si] = sF[sk+fdMz-5][si]
		sF[sk+fdMz][si] = sF[sk+1][si]
	}

	t.SyncThreads()

	df[globalIdx] = cAz*(sF[sk+1][si]-sF[sk-1][si]) +
		cBz*(sF[sk+2][si]-sF[sk-2][si]) +
		cCz*(sF[sk+3][si]-sF[sk-3][si]) +
		cDz*(sF[sk+4][si]-sF[sk-4][si])
}

// DerivativeZLPencilsKernel is derivative_z_lPencils: lPencils z-lines
// per block, each thread looping along z.
//
//gocuda:kernel DerivativeZLPencilsKernel
func derivativeZLPencils(t *gocuda.Thread, f, df []float32, cAz, cBz, cCz, cDz float32) {
	sF := gocuda.Shared[[fdLPencils]float32](t, fdMz+8)

	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	j := t.BlockIdx.Y
	si := t.ThreadIdx.X

	for k := t.ThreadIdx.Y; k < fdMz; k += t.BlockDim.Y {
		globalIdx := k*fdMx*fdMy + j*fdMx + i
		sk := k + 4
		sF[sk][si] = f[globalIdx]
	}

	t.SyncThreads()

	k := t.ThreadIdx.Y + 4
	if k < 8 {
		sF[k-4][si] = sF[k+fdMz-5][si]
		sF[k+fdMz][si] = sF[k+1][si]
	}

	t.SyncThreads()

	for k := t.ThreadIdx.Y; k < fdMz; k += t.BlockDim.Y {
		globalIdx := k*fdMx*fdMy + j*fdMx + i
		sk := k + 4
		df[globalIdx] = cAz*(sF[sk+1][si]-sF[sk-1][si]) +
			cBz*(sF[sk+2][si]-sF[sk-2][si]) +
			cCz*(sF[sk+3][si]-sF[sk-3][si]) +
			cDz*(sF[sk+4][si]-sF[sk-4][si])
	}
}
