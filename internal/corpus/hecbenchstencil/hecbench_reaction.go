package hecbenchstencil

import "github.com/gocuda/gocuda/gocuda"

// This file holds HeCBench's reaction (src/reaction-cuda/kernels.cu at
// f27000a), a Gray-Scott reaction-diffusion solver: reaction_gray_scott,
// the second derivatives along x, y and z with periodic (pbc) and
// zero-flux boundaries through shared pencils, construct_laplacian and
// update. C's comparisons of an int with an unsigned convert the int, as
// here.

// ReactionGrayScottKernel is reaction_gray_scott: the reaction rates of
// both components, grid-stride.
//
//gocuda:kernel ReactionGrayScottKernel
func reactionGrayScottKernel(t *gocuda.Thread, fx, fy, drx, dry []float32, ncells uint32, dC1, dC2 float32) {
	index := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	stride := t.BlockDim.X * t.GridDim.X

	for i := index; uint32(i) < ncells; i += stride {
		r := fx[i] * fy[i] * fy[i]
		drx[i] = -r + dC1*(1-fx[i])
		dry[i] = r - (dC1+dC2)*fy[i]
	}
}

// DerivativeX2PbcKernel is derivative_x2_pbc: a block holds pencils rows
// of x with a one-cell periodic halo each side, filled by thread 0 of each
// row between two barriers.
//
//gocuda:kernel DerivativeX2PbcKernel
func derivativeX2PbcKernel(t *gocuda.Thread, f, df []float32, mx, my, pencils uint32) {
	const offset = 1
	sF := gocuda.DynamicShared[float32](t) // 2-wide halo

	i := t.ThreadIdx.X
	j := t.BlockIdx.X*t.BlockDim.Y + t.ThreadIdx.Y
	k := t.BlockIdx.Y
	si := i + offset    // local i for shared memory access + halo offset
	sj := t.ThreadIdx.Y // local j for shared memory access

	w := int(mx) + 2*offset
	globalIdx := k*int(mx)*int(my) + j*int(mx) + i

	sF[sj*w+si] = f[globalIdx]

	t.SyncThreads()

	// fill in periodic images in shared memory array
	if i < offset {
		sF[sj*w+si-offset] = sF[sj*w+si+int(mx)-offset]
		sF[sj*w+si+int(mx)] = sF[sj*w+si]
	}

	t.SyncThreads()

	df[globalIdx] = sF[sj*w+si+1] - 2*sF[sj*w+si] + sF[sj*w+si-1]
}

// DerivativeX2ZerofluxKernel is derivative_x2_zeroflux: one-sided
// differences at the first and last cell of each row.
//
//gocuda:kernel DerivativeX2ZerofluxKernel
func derivativeX2ZerofluxKernel(t *gocuda.Thread, f, df []float32, mx, my uint32) {
	sF := gocuda.DynamicShared[float32](t)

	i := t.ThreadIdx.X
	j := t.BlockIdx.X*t.BlockDim.Y + t.ThreadIdx.Y
	k := t.BlockIdx.Y
	sj := t.ThreadIdx.Y // local j for shared memory access

	m := int(mx)
	globalIdx := k*m*int(my) + j*m + i

	sF[sj*m+i] = f[globalIdx]

	t.SyncThreads()

	if i == 0 {
		df[globalIdx] = sF[sj*m+i+1] - sF[sj*m+i]
	} else if uint32(i) == (mx - 1) {
		df[globalIdx] = sF[sj*m+i-1] - sF[sj*m+i]
	} else {
		df[globalIdx] = sF[sj*m+i+1] - 2*sF[sj*m+i] + sF[sj*m+i-1]
	}
}

// DerivativeY2PbcKernel is derivative_y2_pbc: a block holds pencils
// columns along y with a periodic halo.
//
//gocuda:kernel DerivativeY2PbcKernel
func derivativeY2PbcKernel(t *gocuda.Thread, f, df []float32, mx, my, pencils uint32) {
	const offset = 1
	sF := gocuda.DynamicShared[float32](t) // 2-wide halo

	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	j := t.ThreadIdx.Y
	k := t.BlockIdx.Y
	si := t.ThreadIdx.X
	sj := j + offset

	p := int(pencils)
	globalIdx := k*int(mx)*int(my) + j*int(mx) + i

	sF[sj*p+si] = f[globalIdx]

	t.SyncThreads()

	// fill in periodic images in shared memory array
	if j < offset {
		sF[(sj-offset)*p+si] = sF[(sj+int(my)-offset)*p+si]
		sF[(sj+int(my))*p+si] = sF[sj*p+si]
	}

	t.SyncThreads()

	df[globalIdx] = sF[(sj+1)*p+si] - 2*sF[sj*p+si] + sF[(sj-1)*p+si]
}

// DerivativeY2ZerofluxKernel is derivative_y2_zeroflux.
//
//gocuda:kernel DerivativeY2ZerofluxKernel
func derivativeY2ZerofluxKernel(t *gocuda.Thread, f, df []float32, mx, my, pencils uint32) {
	sF := gocuda.DynamicShared[float32](t)

	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	j := t.ThreadIdx.Y
	k := t.BlockIdx.Y
	si := t.ThreadIdx.X

	p := int(pencils)
	globalIdx := k*int(mx)*int(my) + j*int(mx) + i

	sF[j*p+si] = f[globalIdx]

	t.SyncThreads()

	if j == 0 {
		df[globalIdx] = sF[(j+1)*p+si] - sF[j*p+si]
	} else if uint32(j) == (my - 1) {
		df[globalIdx] = sF[(j-1)*p+si] - sF[j*p+si]
	} else {
		df[globalIdx] = sF[(j+1)*p+si] - 2*sF[j*p+si] + sF[(j-1)*p+si]
	}
}

// DerivativeZ2PbcKernel is derivative_z2_pbc: pencils columns along z
// with a periodic halo.
//
//gocuda:kernel DerivativeZ2PbcKernel
func derivativeZ2PbcKernel(t *gocuda.Thread, f, df []float32, mx, my, mz, pencils uint32) {
	const offset = 1
	sF := gocuda.DynamicShared[float32](t) // 2-wide halo

	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	j := t.BlockIdx.Y
	k := t.ThreadIdx.Y
	si := t.ThreadIdx.X
	sk := k + offset // halo offset

	p := int(pencils)
	globalIdx := k*int(mx)*int(my) + j*int(mx) + i

	sF[sk*p+si] = f[globalIdx]

	t.SyncThreads()

	// fill in periodic images in shared memory array
	if k < offset {
		sF[(sk-offset)*p+si] = sF[(sk+int(mz)-offset)*p+si]
		sF[(sk+int(mz))*p+si] = sF[sk*p+si]
	}

	t.SyncThreads()

	df[globalIdx] = sF[(sk+1)*p+si] - 2*sF[sk*p+si] + sF[(sk-1)*p+si]
}

// DerivativeZ2ZerofluxKernel is derivative_z2_zeroflux.
//
//gocuda:kernel DerivativeZ2ZerofluxKernel
func derivativeZ2ZerofluxKernel(t *gocuda.Thread, f, df []float32, mx, my, mz, pencils uint32) {
	sF := gocuda.DynamicShared[float32](t) // 2-wide halo

	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	j := t.BlockIdx.Y
	k := t.ThreadIdx.Y
	si := t.ThreadIdx.X

	p := int(pencils)
	globalIdx := k*int(mx)*int(my) + j*int(mx) + i

	sF[k*p+si] = f[globalIdx]

	t.SyncThreads()

	if k == 0 {
		df[globalIdx] = sF[(k+1)*p+si] - sF[k*p+si]
	} else if uint32(k) == (mz - 1) {
		df[globalIdx] = sF[(k-1)*p+si] - sF[k*p+si]
	} else {
		df[globalIdx] = sF[(k+1)*p+si] - 2*sF[k*p+si] + sF[(k-1)*p+si]
	}
}

// ConstructLaplacianKernel is construct_laplacian: the diffusion constant
// times the sum of the three second derivatives, grid-stride.
//
//gocuda:kernel ConstructLaplacianKernel
func constructLaplacianKernel(t *gocuda.Thread, df, dfx, dfy, dfz []float32, ncells uint32, dDiffcon float32) {
	index := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	stride := t.BlockDim.X * t.GridDim.X

	for i := index; uint32(i) < ncells; i += stride {
		df[i] = dDiffcon * (dfx[i] + dfy[i] + dfz[i])
	}
}

// ReactionUpdateKernel is update: an explicit Euler step of both
// components, grid-stride.
//
//gocuda:kernel ReactionUpdateKernel
func reactionUpdateKernel(t *gocuda.Thread, x, y, ddx, ddy, drx, dry []float32, ncells uint32, dDt float32) {
	index := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	stride := t.BlockDim.X * t.GridDim.X

	for i := index; uint32(i) < ncells; i += stride {
		x[i] += (ddx[i] + drx[i]) * dDt
		y[i] += (ddy[i] + dry[i]) * dDt
	}
}
