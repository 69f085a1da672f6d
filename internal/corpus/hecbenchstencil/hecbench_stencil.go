package hecbenchstencil

import "github.com/gocuda/gocuda/gocuda"

// This file holds HeCBench's stencil1d (src/stencil1d-cuda/stencil_1d.cu)
// and stencil3d (src/stencil3d-cuda/main.cu) at f27000a. stencil3d's
// macros V0, V1, V2, sigmaX/Y/Z, psi and npsi are index expressions
// written out (the index macros as s3Index), and its pointer shifts
// subslices.

// stencil_1d.cu's RADIUS and BLOCK_SIZE.
const (
	s1Radius    = 7
	s1BlockSize = 256
)

// Stencil1DKernel is stencil_1d of stencil_1d.cu: each output is the sum
// of the 2·RADIUS+1 inputs around it, read through a shared tile with a
// halo loaded by the first RADIUS threads.
//
//gocuda:kernel Stencil1DKernel
func stencil1DKernel(t *gocuda.Thread, in, out []int32) {
	temp := gocuda.Shared[int32](t, s1BlockSize+2*s1Radius)
	gindex := t.ThreadIdx.X + t.BlockIdx.X*t.BlockDim.X
	lindex := t.ThreadIdx.X + s1Radius

	// Read input elements into shared memory
	temp[lindex] = in[gindex]

	// At both end of a block, the sliding window moves beyond the block boundary.
	if t.ThreadIdx.X < s1Radius {
		if gindex < s1Radius {
			temp[lindex-s1Radius] = 0
		} else {
			temp[lindex-s1Radius] = in[gindex-s1Radius]
		}
		temp[lindex+s1BlockSize] = in[gindex+s1BlockSize]
	}

	t.SyncThreads()

	result := int32(0)
	for offset := -s1Radius; offset <= s1Radius; offset++ {
		result += temp[lindex+offset]
	}
	out[gindex] = result
}

// stencil3d's BSIZE (2D block size) and XTILE (tile size along x).
const (
	s3BSize = 16
	s3XTile = 20
)

// s3Index is the index the macros sigmaX/Y/Z(x,y,z,dir), psi(x,y,z) and
// npsi(x,y,z) compute (psi's with dir 0).
func s3Index(nx, ny, nz, x, y, z, dir int) int {
	return z + nz*(y+ny*(x+nx*dir))
}

// Stencil3DKernel is stencil3d of stencil3d-cuda: a 16×16 block walks a
// tile of 20 planes along x, three planes of psi and one of face charges
// in shared memory, four barriers a plane; threads past the tile's last
// row or column return before the first barrier.
//
//gocuda:kernel Stencil3DKernel
func stencil3DKernel(t *gocuda.Thread, dPsi, dNpsi, dSigmaX, dSigmaY, dSigmaZ []float64, nx, ny, nz int) {
	// z is the fastest varying direction
	smPsi := gocuda.Shared[[s3BSize][s3BSize]float64](t, 4)

	tjj := t.ThreadIdx.Y
	tkk := t.ThreadIdx.X

	// shift for each tile by updating device pointers
	bx, by, bz := s3XTile*t.BlockIdx.X, (s3BSize-2)*t.BlockIdx.Y, (s3BSize-2)*t.BlockIdx.Z
	dPsi = dPsi[s3Index(nx, ny, nz, bx, by, bz, 0):]
	dNpsi = dNpsi[s3Index(nx, ny, nz, bx, by, bz, 0):]

	dSigmaX = dSigmaX[s3Index(nx, ny, nz, bx, by, bz, 0):]
	dSigmaY = dSigmaY[s3Index(nx, ny, nz, bx, by, bz, 0):]
	dSigmaZ = dSigmaZ[s3Index(nx, ny, nz, bx, by, bz, 0):]

	nLastX := s3XTile + 1
	nLastY := s3BSize - 1
	nLastZ := s3BSize - 1
	if t.BlockIdx.X == t.GridDim.X-1 {
		nLastX = nx - 2 - s3XTile*t.BlockIdx.X + 1
	}
	if t.BlockIdx.Y == t.GridDim.Y-1 {
		nLastY = ny - 2 - (s3BSize-2)*t.BlockIdx.Y + 1
	}
	if t.BlockIdx.Z == t.GridDim.Z-1 {
		nLastZ = nz - 2 - (s3BSize-2)*t.BlockIdx.Z + 1
	}

	if tjj > nLastY || tkk > nLastZ {
		return
	}

	// previous, current, next, and temp indices
	var pii, cii, nii, tii int
	pii = 0
	cii = 1
	nii = 2

	smPsi[cii][tjj][tkk] = dPsi[s3Index(nx, ny, nz, 0, tjj, tkk, 0)]
	smPsi[nii][tjj][tkk] = dPsi[s3Index(nx, ny, nz, 1, tjj, tkk, 0)]
	var xcharge, ycharge, zcharge, dV float64

	t.SyncThreads()

	//initial
	if tkk > 0 && tkk < nLastZ && tjj > 0 && tjj < nLastY {
		xd := -smPsi[cii][tjj][tkk] + smPsi[nii][tjj][tkk]
		yd := (-smPsi[cii][-1+tjj][tkk] + smPsi[cii][1+tjj][tkk] - smPsi[nii][-1+tjj][tkk] + smPsi[nii][1+tjj][tkk]) / 4.
		zd := (-smPsi[cii][tjj][-1+tkk] + smPsi[cii][tjj][1+tkk] - smPsi[nii][tjj][-1+tkk] + smPsi[nii][tjj][1+tkk]) / 4.
		dV -= dSigmaX[s3Index(nx, ny, nz, 1, tjj, tkk, 0)]*xd + dSigmaX[s3Index(nx, ny, nz, 1, tjj, tkk, 1)]*yd + dSigmaX[s3Index(nx, ny, nz, 1, tjj, tkk, 2)]*zd
	}

	tii = pii
	pii = cii
	cii = nii
	nii = tii

	for ii := 1; ii < nLastX; ii++ {
		smPsi[nii][tjj][tkk] = dPsi[s3Index(nx, ny, nz, ii+1, tjj, tkk, 0)]
		t.SyncThreads()

		// y face current
		if tkk > 0 && tkk < nLastZ && tjj < nLastY {
			xd := (-smPsi[pii][tjj][tkk] - smPsi[pii][1+tjj][tkk] + smPsi[nii][tjj][tkk] + smPsi[nii][1+tjj][tkk]) / 4.
			yd := -smPsi[cii][tjj][tkk] + smPsi[cii][1+tjj][tkk]
			zd := (-smPsi[cii][tjj][-1+tkk] + smPsi[cii][tjj][1+tkk] - smPsi[cii][1+tjj][-1+tkk] + smPsi[cii][1+tjj][1+tkk]) / 4.
			ycharge = dSigmaY[s3Index(nx, ny, nz, ii, tjj+1, tkk, 0)]*xd + dSigmaY[s3Index(nx, ny, nz, ii, tjj+1, tkk, 1)]*yd + dSigmaY[s3Index(nx, ny, nz, ii, tjj+1, tkk, 2)]*zd
			dV += ycharge
			smPsi[3][tjj][tkk] = ycharge
		}
		t.SyncThreads()

		if tkk > 0 && tkk < nLastZ && tjj > 0 && tjj < nLastY {
			dV -= smPsi[3][tjj-1][tkk] //bring from left
		}

		t.SyncThreads()

		// z face current
		if tkk < nLastZ && tjj > 0 && tjj < nLastY {
			xd := (-smPsi[pii][tjj][tkk] - smPsi[pii][tjj][1+tkk] + smPsi[nii][tjj][tkk] + smPsi[nii][tjj][1+tkk]) / 4.
			yd := (-smPsi[cii][-1+tjj][tkk] - smPsi[cii][-1+tjj][1+tkk] + smPsi[cii][1+tjj][tkk] + smPsi[cii][1+tjj][1+tkk]) / 4.
			zd := -smPsi[cii][tjj][tkk] + smPsi[cii][tjj][1+tkk]
			zcharge = dSigmaZ[s3Index(nx, ny, nz, ii, tjj, tkk+1, 0)]*xd + dSigmaZ[s3Index(nx, ny, nz, ii, tjj, tkk+1, 1)]*yd + dSigmaZ[s3Index(nx, ny, nz, ii, tjj, tkk+1, 2)]*zd
			dV += zcharge
			smPsi[3][tjj][tkk] = zcharge
		}

		t.SyncThreads()

		if tkk > 0 && tkk < nLastZ && tjj > 0 && tjj < nLastY {
			dV -= smPsi[3][tjj][tkk-1]
		}
		t.SyncThreads()

		// x face current
		if tkk > 0 && tkk < nLastZ && tjj > 0 && tjj < nLastY {
			xd := -smPsi[cii][tjj][tkk] + smPsi[nii][tjj][tkk]
			yd := (-smPsi[cii][-1+tjj][tkk] + smPsi[cii][1+tjj][tkk] - smPsi[nii][-1+tjj][tkk] + smPsi[nii][1+tjj][tkk]) / 4.
			zd := (-smPsi[cii][tjj][-1+tkk] + smPsi[cii][tjj][1+tkk] - smPsi[nii][tjj][-1+tkk] + smPsi[nii][tjj][1+tkk]) / 4.
			xcharge = dSigmaX[s3Index(nx, ny, nz, ii+1, tjj, tkk, 0)]*xd + dSigmaX[s3Index(nx, ny, nz, ii+1, tjj, tkk, 1)]*yd + dSigmaX[s3Index(nx, ny, nz, ii+1, tjj, tkk, 2)]*zd
			dV += xcharge
			dNpsi[s3Index(nx, ny, nz, ii, tjj, tkk, 0)] = dV //store dV
			dV = -xcharge                                    //pass to the next cell in x-dir
		}
		t.SyncThreads()
		tii = pii
		pii = cii
		cii = nii
		nii = tii
	}
}
