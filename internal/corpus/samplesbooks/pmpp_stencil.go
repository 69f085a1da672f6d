package samplesbooks

import "github.com/gocuda/gocuda/gocuda"

// This file holds chapter 8 (stencils) of "Programming Massively Parallel
// Processors", 4th edition (Hwu, Kirk and El Hajj), as tugot17/pmpp
// implements it (chapter-8/code/stencil.cu at 0a729e2, stencil.h at
// 82a82cb): the seven-point 3D stencil naive, tiled in shared memory,
// with thread coarsening along z, and with register tiling. The
// coefficients c0..c6 are ints as in the original, converted where they
// multiply floats; a 3D or 2D __shared__ array is a shared slice of
// arrays.

// stencil.h's tile sizes: the small tiles for the cubic shared tile and
// register tiling, the big ones for thread coarsening.
const (
	outTileDimSmall = 8
	inTileDimSmall  = outTileDimSmall + 2
	outTileDimBig   = 30
	inTileDimBig    = outTileDimBig + 2
)

// StencilKernel is stencil_kernel of stencil.cu: one thread an interior
// point, reading its six neighbours from global memory.
//
//gocuda:kernel StencilKernel
func stencilKernel(t *gocuda.Thread, in, out []float32, N uint32, c0, c1, c2, c3, c4, c5, c6 int32) {
	i := uint32(t.BlockIdx.Z*t.BlockDim.Z + t.ThreadIdx.Z)
	j := uint32(t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y)
	k := uint32(t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X)
	if i >= 1 && i < N-1 && j >= 1 && j < N-1 && k >= 1 && k < N-1 {
		out[i*N*N+j*N+k] = float32(c0)*in[i*N*N+j*N+k] +
			float32(c1)*in[i*N*N+j*N+(k-1)] +
			float32(c2)*in[i*N*N+j*N+(k+1)] +
			float32(c3)*in[i*N*N+(j-1)*N+k] +
			float32(c4)*in[i*N*N+(j+1)*N+k] +
			float32(c5)*in[(i-1)*N*N+j*N+k] +
			float32(c6)*in[(i+1)*N*N+j*N+k]
	}
}

// StencilSharedMemoryKernel is stencil_kernel_shared_memory of stencil.cu:
// each block of 10³ threads loads an input tile with its halo into shared
// memory, and its inner 8³ threads compute.
//
//gocuda:kernel StencilSharedMemoryKernel
func stencilSharedMemoryKernel(t *gocuda.Thread, in, out []float32, N uint32, c0, c1, c2, c3, c4, c5, c6 int32) {
	i := t.BlockIdx.Z*outTileDimSmall + t.ThreadIdx.Z - 1
	j := t.BlockIdx.Y*outTileDimSmall + t.ThreadIdx.Y - 1
	k := t.BlockIdx.X*outTileDimSmall + t.ThreadIdx.X - 1
	n := int(N)
	inS := gocuda.Shared[[inTileDimSmall][inTileDimSmall]float32](t, inTileDimSmall)
	if i >= 0 && i < n && j >= 0 && j < n && k >= 0 && k < n {
		inS[t.ThreadIdx.Z][t.ThreadIdx.Y][t.ThreadIdx.X] = in[i*n*n+j*n+k]
	}
	t.SyncThreads()
	if i >= 1 && i < n-1 && j >= 1 && j < n-1 && k >= 1 && k < n-1 {
		if t.ThreadIdx.Z >= 1 && t.ThreadIdx.Z < inTileDimSmall-1 && t.ThreadIdx.Y >= 1 &&
			t.ThreadIdx.Y < inTileDimSmall-1 && t.ThreadIdx.X >= 1 && t.ThreadIdx.X < inTileDimSmall-1 {
			out[i*n*n+j*n+k] = float32(c0)*inS[t.ThreadIdx.Z][t.ThreadIdx.Y][t.ThreadIdx.X] +
				float32(c1)*inS[t.ThreadIdx.Z][t.ThreadIdx.Y][t.ThreadIdx.X-1] +
				float32(c2)*inS[t.ThreadIdx.Z][t.ThreadIdx.Y][t.ThreadIdx.X+1] +
				float32(c3)*inS[t.ThreadIdx.Z][t.ThreadIdx.Y-1][t.ThreadIdx.X] +
				float32(c4)*inS[t.ThreadIdx.Z][t.ThreadIdx.Y+1][t.ThreadIdx.X] +
				float32(c5)*inS[t.ThreadIdx.Z-1][t.ThreadIdx.Y][t.ThreadIdx.X] +
				float32(c6)*inS[t.ThreadIdx.Z+1][t.ThreadIdx.Y][t.ThreadIdx.X]
		}
	}
}

// StencilThreadCoarseningKernel is stencil_kernel_thread_coarsening of
// stencil.cu: a 32×32 block walks 30 planes along z, three planes in
// shared memory (previous, current, next) shifted after each step.
//
//gocuda:kernel StencilThreadCoarseningKernel
func stencilThreadCoarseningKernel(t *gocuda.Thread, in, out []float32, N uint32, c0, c1, c2, c3, c4, c5, c6 int32) {
	iStart := t.BlockIdx.Z * outTileDimBig
	j := t.BlockIdx.Y*outTileDimBig + t.ThreadIdx.Y - 1
	k := t.BlockIdx.X*outTileDimBig + t.ThreadIdx.X - 1
	n := int(N)
	inPrevS := gocuda.Shared[[inTileDimBig]float32](t, inTileDimBig)
	inCurrS := gocuda.Shared[[inTileDimBig]float32](t, inTileDimBig)
	inNextS := gocuda.Shared[[inTileDimBig]float32](t, inTileDimBig)

	inPrevS[t.ThreadIdx.Y][t.ThreadIdx.X] = 0.0
	inCurrS[t.ThreadIdx.Y][t.ThreadIdx.X] = 0.0
	inNextS[t.ThreadIdx.Y][t.ThreadIdx.X] = 0.0

	if iStart-1 >= 0 && iStart-1 < n && j >= 0 && j < n && k >= 0 && k < n {
		inPrevS[t.ThreadIdx.Y][t.ThreadIdx.X] = in[(iStart-1)*n*n+j*n+k]
	}
	if iStart >= 0 && iStart < n && j >= 0 && j < n && k >= 0 && k < n {
		inCurrS[t.ThreadIdx.Y][t.ThreadIdx.X] = in[iStart*n*n+j*n+k]
	}
	for i := iStart; i < iStart+outTileDimBig; i++ {
		inNextS[t.ThreadIdx.Y][t.ThreadIdx.X] = 0.0
		if i+1 >= 0 && i+1 < n && j >= 0 && j < n && k >= 0 && k < n {
			inNextS[t.ThreadIdx.Y][t.ThreadIdx.X] = in[(i+1)*n*n+j*n+k]
		}
		t.SyncThreads()
		if i >= 1 && i < n-1 && j >= 1 && j < n-1 && k >= 1 && k < n-1 {
			if t.ThreadIdx.Y >= 1 && t.ThreadIdx.Y < inTileDimBig-1 &&
				t.ThreadIdx.X >= 1 && t.ThreadIdx.X < inTileDimBig-1 {
				out[i*n*n+j*n+k] = float32(c0)*inCurrS[t.ThreadIdx.Y][t.ThreadIdx.X] +
					float32(c1)*inCurrS[t.ThreadIdx.Y][t.ThreadIdx.X-1] +
					float32(c2)*inCurrS[t.ThreadIdx.Y][t.ThreadIdx.X+1] +
					float32(c3)*inCurrS[t.ThreadIdx.Y-1][t.ThreadIdx.X] +
					float32(c4)*inCurrS[t.ThreadIdx.Y+1][t.ThreadIdx.X] +
					float32(c5)*inPrevS[t.ThreadIdx.Y][t.ThreadIdx.X] +
					float32(c6)*inNextS[t.ThreadIdx.Y][t.ThreadIdx.X]
			}
		}
		t.SyncThreads()
		inPrevS[t.ThreadIdx.Y][t.ThreadIdx.X] = inCurrS[t.ThreadIdx.Y][t.ThreadIdx.X]
		inCurrS[t.ThreadIdx.Y][t.ThreadIdx.X] = inNextS[t.ThreadIdx.Y][t.ThreadIdx.X]
	}
}

// StencilRegisterTilingKernel is stencil_kernel_register_tiling of
// stencil.cu: coarsening along z with the previous and next planes in
// registers and only the current one in shared memory. (Its c3 and c4
// take the neighbours at j+1 and j-1, the other way round from the
// other kernels; the book's coefficients are symmetric.)
//
//gocuda:kernel StencilRegisterTilingKernel
func stencilRegisterTilingKernel(t *gocuda.Thread, in, out []float32, N uint32, c0, c1, c2, c3, c4, c5, c6 int32) {
	iStart := t.BlockIdx.Z * outTileDimSmall
	j := t.BlockIdx.Y*outTileDimSmall + t.ThreadIdx.Y - 1
	k := t.BlockIdx.X*outTileDimSmall + t.ThreadIdx.X - 1
	n := int(N)
	var inPrev float32
	inCurrS := gocuda.Shared[[inTileDimSmall]float32](t, inTileDimSmall)
	var inCurr float32
	var inNext float32
	if iStart-1 >= 0 && iStart-1 < n && j >= 0 && j < n && k >= 0 && k < n {
		inPrev = in[(iStart-1)*n*n+j*n+k]
	}

	if iStart >= 0 && iStart < n && j >= 0 && j < n && k >= 0 && k < n {
		inCurr = in[iStart*n*n+j*n+k]
		inCurrS[t.ThreadIdx.Y][t.ThreadIdx.X] = inCurr
	}

	for i := iStart; i < iStart+outTileDimSmall; i++ {
		if i+1 >= 0 && i+1 < n && j >= 0 && j < n && k >= 0 && k < n {
			inNext = in[(i+1)*n*n+j*n+k]
		}

		t.SyncThreads()
		if i >= 1 && i < n-1 && j >= 1 && j < n-1 && k >= 1 && k < n-1 {
			if t.ThreadIdx.Y >= 1 && t.ThreadIdx.Y < inTileDimSmall-1 &&
				t.ThreadIdx.X >= 1 && t.ThreadIdx.X < inTileDimSmall-1 {
				out[i*n*n+j*n+k] = float32(c0)*inCurr +
					float32(c1)*inCurrS[t.ThreadIdx.Y][t.ThreadIdx.X-1] +
					float32(c2)*inCurrS[t.ThreadIdx.Y][t.ThreadIdx.X+1] +
					float32(c3)*inCurrS[t.ThreadIdx.Y+1][t.ThreadIdx.X] +
					float32(c4)*inCurrS[t.ThreadIdx.Y-1][t.ThreadIdx.X] +
					float32(c5)*inPrev +
					float32(c6)*inNext
			}
		}
		t.SyncThreads()
		inPrev = inCurr
		inCurr = inNext
		inCurrS[t.ThreadIdx.Y][t.ThreadIdx.X] = inNext
	}
}
