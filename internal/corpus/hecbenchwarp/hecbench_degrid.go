package hecbenchwarp

import (
	"math"

	"github.com/gocuda/gocuda/gocuda"
)

// This file holds HeCBench's degrid benchmark (zjin-lcf/HeCBench at
// f27000a, src/degrid-cuda/kernels.cu, after NVIDIA's GPUDegrid):
// degrid_kernel<CmplxType>, which interpolates an image at points by a
// gridding convolution function, a block of 32×8 threads per 32 points,
// the lanes of x splitting the convolution's columns and summing by
// __shfl_down_sync. The host passes pointers into the middle of the
// padded image and of the convolution function, which the kernel indexes
// below their start; here each is the whole array and the pointer's
// offset in it (imgHead, gcfHead). CmplxType is double2 (the Makefile's
// PRECISION=double) or float2, DegridCmplx; floorf of a double rounds it
// to float first, as C does. GCF_DIM, 256 in degrid.h, is 32 here (the
// host's smallest, "GCF_DIM is at least 32"), so that a test image stays
// small.

// degridGCFDim and degridGCFGrid are degrid.h's GCF_DIM (see above) and
// GCF_GRID.
const (
	degridGCFDim  = 32
	degridGCFGrid = 8
)

// DegridCmplx is CUDA's float2 or double2.
type DegridCmplx[T jaccardReal] struct{ X, Y T }

// floorf is C's floorf: its argument rounded to float.
func floorf(x float32) float32 { return float32(math.Floor(float64(x))) }

// DegridKernel is degrid_kernel of degrid-cuda: for each point n+q, the
// sum over the GCF_DIM² neighbourhood of image times convolution weight
// (complex), zero outside the image, the lanes of x summing columns
// threadIdx.x−GCF_DIM/2 apart by blockDim.x and reduced by shuffles.
//
//gocuda:kernel DegridKernel
func degridKernel[T jaccardReal](t *gocuda.Thread, out, in []DegridCmplx[T], npts int, img []DegridCmplx[T], imgHead int, imgDim int, gcf []DegridCmplx[T], gcfHead int) {
	blockIdxX := t.BlockIdx.X
	blockDimX := t.BlockDim.X
	threadIdxX := t.ThreadIdx.X
	gridDimX := t.GridDim.X
	blockDimY := t.BlockDim.Y
	threadIdxY := t.ThreadIdx.Y

	for n := 32 * blockIdxX; n < npts; n += 32 * gridDimX {
		for q := threadIdxY; q < 32; q += blockDimY {
			inn := in[n+q]
			subX := int(floorf(float32(degridGCFGrid * (inn.X - T(floorf(float32(inn.X)))))))
			subY := int(floorf(float32(degridGCFGrid * (inn.Y - T(floorf(float32(inn.Y)))))))
			mainX := int(floorf(float32(inn.X)))
			mainY := int(floorf(float32(inn.Y)))
			sum := DegridCmplx[T]{0, 0}
			for a := threadIdxX - degridGCFDim/2; a < degridGCFDim/2; a += blockDimX {
				for b := -degridGCFDim / 2; b < degridGCFDim/2; b++ {
					r1 := img[imgHead+mainX+a+imgDim*(mainY+b)].X
					i1 := img[imgHead+mainX+a+imgDim*(mainY+b)].Y
					if mainX+a < 0 || mainY+b < 0 ||
						mainX+a >= imgDim || mainY+b >= imgDim {
						r1, i1 = 0, 0
					}
					r2 := gcf[gcfHead+degridGCFDim*degridGCFDim*(degridGCFGrid*subY+subX)+degridGCFDim*b+a].X
					i2 := gcf[gcfHead+degridGCFDim*degridGCFDim*(degridGCFGrid*subY+subX)+degridGCFDim*b+a].Y
					sum.X += r1*r2 - i1*i2
					sum.Y += r1*i2 + r2*i1
				}
			}

			s := 16
			if blockDimX < 16 {
				s = blockDimX
			}
			for ; s > 0; s /= 2 {
				sum.X += gocuda.ShflDownSync(t, 0xFFFFFFFF, sum.X, s, 32)
				sum.Y += gocuda.ShflDownSync(t, 0xFFFFFFFF, sum.Y, s, 32)
			}
			if threadIdxX == 0 {
				out[n+q] = sum
			}
		}
	}
}
