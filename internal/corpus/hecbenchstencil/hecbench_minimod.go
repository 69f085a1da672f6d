package hecbenchstencil

import "github.com/gocuda/gocuda/gocuda"

// This file holds HeCBench's minimod (src/minimod-cuda/minimig.cu at
// f27000a, after Meng et al.'s Minimod seismic modelling mini-app): the
// acoustic wave propagator's target_inner_3d_kernel (the eighth-order
// Laplacian update of the interior), target_pml_3d_kernel (the same in
// the absorbing PML layers, updating phi too) and
// kernel_add_source_kernel. llint is int64; the macro IDX3 is mmIdx3
// (reading the kernels' lx, ly, lz, ldimy and ldimz, passed along).
// Each block of 8³ threads loads a 16³ shared tile (its points and a
// four-point halo each side) in two barriers, then the threads past the
// region return.

// minimig.cu's R and NDIM.
const (
	mmR    = 4
	mmNDim = 8
)

// mmIdx3 is constants.h's IDX3(i,j,k): the padded grid's index of point
// (i, j, k).
func mmIdx3(i, j, k, lx, ly, lz int64, ldimy, ldimz int) int64 {
	return int64((i+lx)*int64(ldimy)+j+ly)*int64(ldimz) + k + lz
}

// TargetInner3DKernel is target_inner_3d_kernel: v ← 2u + vp·lap(u) − v
// in the interior region [x3,x4)×[y3,y4)×[z3,z4).
//
//gocuda:kernel TargetInner3DKernel
func targetInner3DKernel(t *gocuda.Thread, nx, ny, nz int64, ldimx, ldimy, ldimz int,
	x3, x4, y3, y4, z3, z4 int64,
	lx, ly, lz int64,
	hdx2, hdy2, hdz2 float32,
	coef0 float32,
	coefx1, coefx2, coefx3, coefx4 float32,
	coefy1, coefy2, coefy3, coefy4 float32,
	coefz1, coefz2, coefz3, coefz4 float32,
	u, v, vp, phi, eta []float32) {
	sU := gocuda.Shared[[mmNDim + 2*mmR][mmNDim + 2*mmR]float32](t, mmNDim+2*mmR)

	i0 := x3 + int64(t.BlockIdx.Z*t.BlockDim.Z)
	j0 := y3 + int64(t.BlockIdx.Y*t.BlockDim.Y)
	k0 := z3 + int64(t.BlockIdx.X*t.BlockDim.X)

	ti := t.ThreadIdx.Z
	tj := t.ThreadIdx.Y
	tk := t.ThreadIdx.X

	i := i0 + int64(ti)
	j := j0 + int64(tj)
	k := k0 + int64(tk)

	sU[ti][tj][tk] = 0

	if ti < 2*mmR && tj < 2*mmR && tk < 2*mmR {
		sU[mmNDim+ti][mmNDim+tj][mmNDim+tk] = 0
	}

	t.SyncThreads()

	sui := int64(ti + mmR)
	suj := int64(tj + mmR)
	suk := int64(tk + mmR)

	zSide := ti / mmR
	sU[ti+zSide*mmNDim][suj][suk] = u[mmIdx3(i+int64((zSide*2-1)*mmR), j, k, lx, ly, lz, ldimy, ldimz)]
	ySide := tj / mmR
	sU[sui][tj+ySide*mmNDim][suk] = u[mmIdx3(i, j+int64((ySide*2-1)*mmR), k, lx, ly, lz, ldimy, ldimz)]
	sU[sui][suj][tk] = u[mmIdx3(i, j, k-mmR, lx, ly, lz, ldimy, ldimz)]
	sU[sui][suj][tk+mmNDim] = u[mmIdx3(i, j, k+mmR, lx, ly, lz, ldimy, ldimz)]

	t.SyncThreads()

	if i > x4-1 || j > y4-1 || k > z4-1 {
		return
	}

	lap := coef0*sU[sui][suj][suk] +
		coefx1*(sU[sui+1][suj][suk]+sU[sui-1][suj][suk]) +
		coefy1*(sU[sui][suj+1][suk]+sU[sui][suj-1][suk]) +
		coefz1*(sU[sui][suj][suk+1]+sU[sui][suj][suk-1]) +
		coefx2*(sU[sui+2][suj][suk]+sU[sui-2][suj][suk]) +
		coefy2*(sU[sui][suj+2][suk]+sU[sui][suj-2][suk]) +
		coefz2*(sU[sui][suj][suk+2]+sU[sui][suj][suk-2]) +
		coefx3*(sU[sui+3][suj][suk]+sU[sui-3][suj][suk]) +
		coefy3*(sU[sui][suj+3][suk]+sU[sui][suj-3][suk]) +
		coefz3*(sU[sui][suj][suk+3]+sU[sui][suj][suk-3]) +
		coefx4*(sU[sui+4][suj][suk]+sU[sui-4][suj][suk]) +
		coefy4*(sU[sui][suj+4][suk]+sU[sui][suj-4][suk]) +
		coefz4*(sU[sui][suj][suk+4]+sU[sui][suj][suk-4])
	v[mmIdx3(i, j, k, lx, ly, lz, ldimy, ldimz)] = 2*sU[sui][suj][suk] + vp[mmIdx3(i, j, k, lx, ly, lz, ldimy, ldimz)]*lap - v[mmIdx3(i, j, k, lx, ly, lz, ldimy, ldimz)]
}

// TargetPml3DKernel is target_pml_3d_kernel: the damped update of v and
// phi in a PML region, with the damping profile eta.
//
//gocuda:kernel TargetPml3DKernel
func targetPml3DKernel(t *gocuda.Thread, nx, ny, nz int64, ldimx, ldimy, ldimz int,
	x3, x4, y3, y4, z3, z4 int64,
	lx, ly, lz int64,
	hdx2, hdy2, hdz2 float32,
	coef0 float32,
	coefx1, coefx2, coefx3, coefx4 float32,
	coefy1, coefy2, coefy3, coefy4 float32,
	coefz1, coefz2, coefz3, coefz4 float32,
	u, v, vp, phi, eta []float32) {
	sU := gocuda.Shared[[mmNDim + 2*mmR][mmNDim + 2*mmR]float32](t, mmNDim+2*mmR)

	i0 := x3 + int64(t.BlockIdx.Z*t.BlockDim.Z)
	j0 := y3 + int64(t.BlockIdx.Y*t.BlockDim.Y)
	k0 := z3 + int64(t.BlockIdx.X*t.BlockDim.X)

	ti := t.ThreadIdx.Z
	tj := t.ThreadIdx.Y
	tk := t.ThreadIdx.X

	i := i0 + int64(ti)
	j := j0 + int64(tj)
	k := k0 + int64(tk)

	sU[ti][tj][tk] = 0

	if ti < 2*mmR && tj < 2*mmR && tk < 2*mmR {
		sU[mmNDim+ti][mmNDim+tj][mmNDim+tk] = 0
	}

	t.SyncThreads()

	sui := int64(ti + mmR)
	suj := int64(tj + mmR)
	suk := int64(tk + mmR)

	zSide := ti / mmR
	sU[ti+zSide*mmNDim][suj][suk] = u[mmIdx3(i+int64((zSide*2-1)*mmR), j, k, lx, ly, lz, ldimy, ldimz)]
	ySide := tj / mmR
	sU[sui][tj+ySide*mmNDim][suk] = u[mmIdx3(i, j+int64((ySide*2-1)*mmR), k, lx, ly, lz, ldimy, ldimz)]
	sU[sui][suj][tk] = u[mmIdx3(i, j, k-mmR, lx, ly, lz, ldimy, ldimz)]
	sU[sui][suj][tk+mmNDim] = u[mmIdx3(i, j, k+mmR, lx, ly, lz, ldimy, ldimz)]

	t.SyncThreads()

	if i > x4-1 || j > y4-1 || k > z4-1 {
		return
	}

	lap := coef0*sU[sui][suj][suk] +
		coefx1*(sU[sui+1][suj][suk]+sU[sui-1][suj][suk]) +
		coefy1*(sU[sui][suj+1][suk]+sU[sui][suj-1][suk]) +
		coefz1*(sU[sui][suj][suk+1]+sU[sui][suj][suk-1]) +
		coefx2*(sU[sui+2][suj][suk]+sU[sui-2][suj][suk]) +
		coefy2*(sU[sui][suj+2][suk]+sU[sui][suj-2][suk]) +
		coefz2*(sU[sui][suj][suk+2]+sU[sui][suj][suk-2]) +
		coefx3*(sU[sui+3][suj][suk]+sU[sui-3][suj][suk]) +
		coefy3*(sU[sui][suj+3][suk]+sU[sui][suj-3][suk]) +
		coefz3*(sU[sui][suj][suk+3]+sU[sui][suj][suk-3]) +
		coefx4*(sU[sui+4][suj][suk]+sU[sui-4][suj][suk]) +
		coefy4*(sU[sui][suj+4][suk]+sU[sui][suj-4][suk]) +
		coefz4*(sU[sui][suj][suk+4]+sU[sui][suj][suk-4])

	sEtaC := eta[mmIdx3(i, j, k, lx, ly, lz, ldimy, ldimz)]

	v[mmIdx3(i, j, k, lx, ly, lz, ldimy, ldimz)] = ((2*sEtaC+2-sEtaC*sEtaC)*sU[sui][suj][suk] +
		(vp[mmIdx3(i, j, k, lx, ly, lz, ldimy, ldimz)]*(lap+phi[mmIdx3(i, j, k, lx, ly, lz, ldimy, ldimz)]) - v[mmIdx3(i, j, k, lx, ly, lz, ldimy, ldimz)])) /
		(2*sEtaC + 1)

	phi[mmIdx3(i, j, k, lx, ly, lz, ldimy, ldimz)] =
		(phi[mmIdx3(i, j, k, lx, ly, lz, ldimy, ldimz)] -
			((eta[mmIdx3(i+1, j, k, lx, ly, lz, ldimy, ldimz)]-eta[mmIdx3(i-1, j, k, lx, ly, lz, ldimy, ldimz)])*
				(sU[sui+1][suj][suk]-sU[sui-1][suj][suk])*hdx2 +
				(eta[mmIdx3(i, j+1, k, lx, ly, lz, ldimy, ldimz)]-eta[mmIdx3(i, j-1, k, lx, ly, lz, ldimy, ldimz)])*
					(sU[sui][suj+1][suk]-sU[sui][suj-1][suk])*hdy2 +
				(eta[mmIdx3(i, j, k+1, lx, ly, lz, ldimy, ldimz)]-eta[mmIdx3(i, j, k-1, lx, ly, lz, ldimy, ldimz)])*
					(sU[sui][suj][suk+1]-sU[sui][suj][suk-1])*hdz2)) / (1 + sEtaC)
}

// KernelAddSourceKernel is kernel_add_source_kernel: one thread adds the
// source term at idx.
//
//gocuda:kernel KernelAddSourceKernel
func kernelAddSourceKernel(t *gocuda.Thread, gU []float32, idx int64, source float32) {
	gU[idx] += source
}
