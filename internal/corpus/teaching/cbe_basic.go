package teaching

import (
	"math"

	"github.com/gocuda/gocuda/gocuda"
)

// This file holds the first kernels of "CUDA by Example" (chapters 4 and
// 5): add_loop_long_blocks.cu's add, julia_gpu.cu's kernel, ripple.cu's
// kernel and shared_bitmap.cu's kernel. Bitmaps are RGBA bytes, four per
// pixel, as the book's CPUBitmap holds them.

// addN is add_loop_long_blocks.cu's N.
const addN = 33 * 1024

// AddKernel is add of chapter05/add_loop_long_blocks.cu: c = a + b over N
// elements, a grid-stride loop.
//
//gocuda:kernel AddKernel
func addKernel(t *gocuda.Thread, a, b, c []int32) {
	tid := t.ThreadIdx.X + t.BlockIdx.X*t.BlockDim.X
	for tid < addN {
		c[tid] = a[tid] + b[tid]
		tid += t.BlockDim.X * t.GridDim.X
	}
}

// cuComplex is julia_gpu.cu's cuComplex.
type cuComplex struct {
	r float32
	i float32
}

func (c cuComplex) magnitude2() float32 { return c.r*c.r + c.i*c.i }

func (c cuComplex) mul(a cuComplex) cuComplex {
	return cuComplex{c.r*a.r - c.i*a.i, c.i*a.r + c.r*a.i}
}

func (c cuComplex) add(a cuComplex) cuComplex { return cuComplex{c.r + a.r, c.i + a.i} }

// julia is julia_gpu.cu's __device__ julia: 1 when the point (x, y) of a
// dim-wide image stays bounded for 200 iterations.
func julia(x, y, dim int) int {
	const scale = float32(1.5)
	jx := scale * float32(dim/2-x) / float32(dim/2)
	jy := scale * float32(dim/2-y) / float32(dim/2)

	c := cuComplex{-0.8, 0.156}
	a := cuComplex{jx, jy}

	i := 0
	for i = 0; i < 200; i++ {
		a = a.mul(a).add(c)
		if a.magnitude2() > 1000 {
			return 0
		}
	}

	return 1
}

// JuliaKernel is kernel of chapter04/julia_gpu.cu: one block per pixel of
// a DIM×DIM image (dim is DIM), red where the Julia set is.
//
//gocuda:kernel JuliaKernel
func juliaKernel(t *gocuda.Thread, ptr []uint8, dim int) {
	x := t.BlockIdx.X
	y := t.BlockIdx.Y
	offset := x + y*t.GridDim.X

	juliaValue := julia(x, y, dim)
	ptr[offset*4+0] = uint8(255 * juliaValue)
	ptr[offset*4+1] = 0
	ptr[offset*4+2] = 0
	ptr[offset*4+3] = 255
}

// RippleKernel is kernel of chapter05/ripple.cu: frame ticks of a grey
// ripple on a DIM×DIM image (dim is DIM), 16×16 blocks.
//
//gocuda:kernel RippleKernel
func rippleKernel(t *gocuda.Thread, ptr []uint8, ticks int, dim int) {
	x := t.ThreadIdx.X + t.BlockIdx.X*t.BlockDim.X
	y := t.ThreadIdx.Y + t.BlockIdx.Y*t.BlockDim.Y
	offset := x + y*t.BlockDim.X*t.GridDim.X

	fx := float32(x - dim/2)
	fy := float32(y - dim/2)
	d := sqrtf(fx*fx + fy*fy)
	grey := uint8(128.0 + 127.0*math.Cos(float64(d/10.0-float32(ticks)/7.0))/float64(d/10.0+1.0))
	ptr[offset*4+0] = grey
	ptr[offset*4+1] = grey
	ptr[offset*4+2] = grey
	ptr[offset*4+3] = 255
}

// bitmapPI is shared_bitmap.cu's PI.
const bitmapPI = 3.1415926535897932

// SharedBitmapKernel is kernel of chapter05/shared_bitmap.cu: each 16×16
// block computes a tile of blobs into shared memory and, after a barrier,
// writes it out mirrored.
//
//gocuda:kernel SharedBitmapKernel
func sharedBitmapKernel(t *gocuda.Thread, ptr []uint8) {
	x := t.ThreadIdx.X + t.BlockIdx.X*t.BlockDim.X
	y := t.ThreadIdx.Y + t.BlockIdx.Y*t.BlockDim.Y
	offset := x + y*t.BlockDim.X*t.GridDim.X

	shared := gocuda.Shared[[16]float32](t, 16)

	const period = float32(128.0)

	shared[t.ThreadIdx.X][t.ThreadIdx.Y] =
		255 * (sinf(float32(x)*2.0*bitmapPI/period) + 1.0) *
			(sinf(float32(y)*2.0*bitmapPI/period) + 1.0) / 4.0

	t.SyncThreads()

	ptr[offset*4+0] = 0
	ptr[offset*4+1] = uint8(shared[15-t.ThreadIdx.X][15-t.ThreadIdx.Y])
	ptr[offset*4+2] = 0
	ptr[offset*4+3] = 255
}
