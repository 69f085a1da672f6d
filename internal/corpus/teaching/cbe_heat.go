package teaching

import "github.com/gocuda/gocuda/gocuda"

// This file holds the heat transfer of "CUDA by Example", chapter 7:
// heat.cu's blend_kernel and copy_const_kernel, which read 1D textures with
// tex1Dfetch, heat_2d.cu's, which read 2D textures with tex2D, and
// common/book.h's float_to_color. A bound texture is an argument read as a
// slice; tex2D is texture2D below.

// speed is heat.cu's SPEED.
const speed = 0.25

// BlendKernel is blend_kernel of chapter07/heat.cu: one step of the heat
// equation on a DIM×DIM grid (dim is DIM) from texIn into dst when dstOut,
// from texOut otherwise, edges clamped by hand.
//
//gocuda:kernel BlendKernel
func blendKernel(t *gocuda.Thread, dst []float32, dstOut bool, texIn, texOut []float32, dim int) {
	x := t.ThreadIdx.X + t.BlockIdx.X*t.BlockDim.X
	y := t.ThreadIdx.Y + t.BlockIdx.Y*t.BlockDim.Y
	offset := x + y*t.BlockDim.X*t.GridDim.X

	left := offset - 1
	right := offset + 1
	if x == 0 {
		left++
	}
	if x == dim-1 {
		right--
	}

	top := offset - dim
	bottom := offset + dim
	if y == 0 {
		top += dim
	}
	if y == dim-1 {
		bottom -= dim
	}

	var tt, l, c, r, b float32
	if dstOut {
		tt = texIn[top]
		l = texIn[left]
		c = texIn[offset]
		r = texIn[right]
		b = texIn[bottom]
	} else {
		tt = texOut[top]
		l = texOut[left]
		c = texOut[offset]
		r = texOut[right]
		b = texOut[bottom]
	}
	dst[offset] = c + speed*(tt+b+r+l-4*c)
}

// CopyConstKernel is copy_const_kernel of chapter07/heat.cu: the heaters'
// cells (non-zero in texConstSrc) keep their temperature.
//
//gocuda:kernel CopyConstKernel
func copyConstKernel(t *gocuda.Thread, iptr []float32, texConstSrc []float32) {
	x := t.ThreadIdx.X + t.BlockIdx.X*t.BlockDim.X
	y := t.ThreadIdx.Y + t.BlockIdx.Y*t.BlockDim.Y
	offset := x + y*t.BlockDim.X*t.GridDim.X

	c := texConstSrc[offset]
	if c != 0 {
		iptr[offset] = c
	}
}

// texture2D is tex2D on a w-wide float texture bound with
// cudaBindTexture2D: unnormalized coordinates, point filtering and the
// default clamp addressing.
func texture2D(tex []float32, w, h, x, y int) float32 {
	x = min(max(x, 0), w-1)
	y = min(max(y, 0), h-1)
	return tex[y*w+x]
}

// Blend2DKernel is blend_kernel of chapter07/heat_2d.cu: blend_kernel with
// 2D textures, whose clamping does the edges.
//
//gocuda:kernel Blend2DKernel
func blend2DKernel(t *gocuda.Thread, dst []float32, dstOut bool, texIn, texOut []float32, dim int) {
	x := t.ThreadIdx.X + t.BlockIdx.X*t.BlockDim.X
	y := t.ThreadIdx.Y + t.BlockIdx.Y*t.BlockDim.Y
	offset := x + y*t.BlockDim.X*t.GridDim.X

	var tt, l, c, r, b float32
	if dstOut {
		tt = texture2D(texIn, dim, dim, x, y-1)
		l = texture2D(texIn, dim, dim, x-1, y)
		c = texture2D(texIn, dim, dim, x, y)
		r = texture2D(texIn, dim, dim, x+1, y)
		b = texture2D(texIn, dim, dim, x, y+1)
	} else {
		tt = texture2D(texOut, dim, dim, x, y-1)
		l = texture2D(texOut, dim, dim, x-1, y)
		c = texture2D(texOut, dim, dim, x, y)
		r = texture2D(texOut, dim, dim, x+1, y)
		b = texture2D(texOut, dim, dim, x, y+1)
	}
	dst[offset] = c + speed*(tt+b+r+l-4*c)
}

// CopyConst2DKernel is copy_const_kernel of chapter07/heat_2d.cu.
//
//gocuda:kernel CopyConst2DKernel
func copyConst2DKernel(t *gocuda.Thread, iptr []float32, texConstSrc []float32, dim int) {
	x := t.ThreadIdx.X + t.BlockIdx.X*t.BlockDim.X
	y := t.ThreadIdx.Y + t.BlockIdx.Y*t.BlockDim.Y
	offset := x + y*t.BlockDim.X*t.GridDim.X

	c := texture2D(texConstSrc, dim, dim, x, y)
	if c != 0 {
		iptr[offset] = c
	}
}

// value is common/book.h's __device__ value: one colour channel of an HSL
// colour.
func value(n1, n2 float32, hue int) uint8 {
	if hue > 360 {
		hue -= 360
	} else if hue < 0 {
		hue += 360
	}

	if hue < 60 {
		return uint8(255 * (n1 + (n2-n1)*float32(hue)/60))
	}
	if hue < 180 {
		return uint8(255 * n2)
	}
	if hue < 240 {
		return uint8(255 * (n1 + (n2-n1)*float32(240-hue)/60))
	}
	return uint8(255 * n1)
}

// FloatToColorKernel is float_to_color (the unsigned char* overload) of
// common/book.h: the temperatures as RGBA colours.
//
//gocuda:kernel FloatToColorKernel
func floatToColorKernel(t *gocuda.Thread, optr []uint8, outSrc []float32) {
	x := t.ThreadIdx.X + t.BlockIdx.X*t.BlockDim.X
	y := t.ThreadIdx.Y + t.BlockIdx.Y*t.BlockDim.Y
	offset := x + y*t.BlockDim.X*t.GridDim.X

	l := outSrc[offset]
	s := float32(1)
	h := (180 + int(360.0*outSrc[offset])) % 360
	var m1, m2 float32

	if l <= 0.5 {
		m2 = l * (1 + s)
	} else {
		m2 = l + s - l*s
	}
	m1 = 2*l - m2

	optr[offset*4+0] = value(m1, m2, h+120)
	optr[offset*4+1] = value(m1, m2, h)
	optr[offset*4+2] = value(m1, m2, h-120)
	optr[offset*4+3] = 255
}
