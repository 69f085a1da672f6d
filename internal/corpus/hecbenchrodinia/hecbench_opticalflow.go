package hecbenchrodinia

import (
	"github.com/gocuda/gocuda/cg"
	"github.com/gocuda/gocuda/gocuda"
)

// This file holds JacobiIteration<bx, by> of HeCBench's opticalFlow
// (src/opticalFlow-cuda/solverKernel.cuh, NVIDIA's HSOpticalFlow sample,
// which package corpus does not port): one Jacobi iteration of the
// Horn-Schunck method on a tile in shared memory with a one-element halo,
// synchronized by cg::sync on the thread block, threads past the image's
// edge returning after it. The template value parameters bx and by are
// kernel arguments; volatile shared memory is plain shared memory.

// JacobiIterationKernel is JacobiIteration: du1, dv1 from the averages of
// du0, dv0 around each pixel and the image derivatives Ix, Iy, Iz, on a
// w × h image of row stride s. Launch it with bx × by blocks covering the
// image (SolveForUpdate uses 32 × 6).
//
//gocuda:kernel JacobiIterationKernel
func jacobiIteration(t *gocuda.Thread, bx, by int, du0, dv0, Ix, Iy, Iz []float32, w, h, s int, alpha float32, du1, dv1 []float32) {
	// Handle to thread block group
	cta := cg.ThisThreadBlock(t)

	du := gocuda.Shared[float32](t, (bx+2)*(by+2))
	dv := gocuda.Shared[float32](t, (bx+2)*(by+2))

	ix := t.ThreadIdx.X + t.BlockIdx.X*t.BlockDim.X
	iy := t.ThreadIdx.Y + t.BlockIdx.Y*t.BlockDim.Y

	// position within global memory array
	pos := min(ix, w-1) + min(iy, h-1)*s

	// position within shared memory array
	shMemPos := t.ThreadIdx.X + 1 + (t.ThreadIdx.Y+1)*(bx+2)

	// Load data to shared memory.
	// load tile being processed
	du[shMemPos] = du0[pos]
	dv[shMemPos] = dv0[pos]

	// load necessary neighbouring elements
	// We clamp out-of-range coordinates.
	// It is equivalent to mirroring
	// because we access data only one step away from borders.
	if t.ThreadIdx.Y == 0 {
		// beginning of the tile
		bsx := t.BlockIdx.X * t.BlockDim.X
		bsy := t.BlockIdx.Y * t.BlockDim.Y
		// element position within matrix
		var x, y int
		// element position within linear array
		// gm - global memory
		// sm - shared memory
		var gmPos, smPos int

		x = min(bsx+t.ThreadIdx.X, w-1)
		// row just below the tile
		y = max(bsy-1, 0)
		gmPos = y*s + x
		smPos = t.ThreadIdx.X + 1
		du[smPos] = du0[gmPos]
		dv[smPos] = dv0[gmPos]

		// row above the tile
		y = min(bsy+by, h-1)
		smPos += (by + 1) * (bx + 2)
		gmPos = y*s + x
		du[smPos] = du0[gmPos]
		dv[smPos] = dv0[gmPos]
	} else if t.ThreadIdx.Y == 1 {
		// beginning of the tile
		bsx := t.BlockIdx.X * t.BlockDim.X
		bsy := t.BlockIdx.Y * t.BlockDim.Y
		// element position within matrix
		var x, y int
		// element position within linear array
		// gm - global memory
		// sm - shared memory
		var gmPos, smPos int

		y = min(bsy+t.ThreadIdx.X, h-1)
		// column to the left
		x = max(bsx-1, 0)
		smPos = bx + 2 + t.ThreadIdx.X*(bx+2)
		gmPos = x + y*s

		// check if we are within tile
		if t.ThreadIdx.X < by {
			du[smPos] = du0[gmPos]
			dv[smPos] = dv0[gmPos]
			// column to the right
			x = min(bsx+bx, w-1)
			gmPos = y*s + x
			smPos += bx + 1
			du[smPos] = du0[gmPos]
			dv[smPos] = dv0[gmPos]
		}
	}

	cta.Sync()

	if ix >= w || iy >= h {
		return
	}

	// now all necessary data are loaded to shared memory
	var left, right, up, down int
	left = shMemPos - 1
	right = shMemPos + 1
	up = shMemPos + bx + 2
	down = shMemPos - bx - 2

	sumU := (du[left] + du[right] + du[up] + du[down]) * 0.25
	sumV := (dv[left] + dv[right] + dv[up] + dv[down]) * 0.25

	frac := (Ix[pos]*sumU + Iy[pos]*sumV + Iz[pos]) /
		(Ix[pos]*Ix[pos] + Iy[pos]*Iy[pos] + alpha)

	du1[pos] = sumU - Ix[pos]*frac
	dv1[pos] = sumV - Iy[pos]*frac
}
