package hecbenchstencil

import "github.com/gocuda/gocuda/gocuda"

// This file holds HeCBench's surfel (src/surfel-cuda/main.cu at f27000a):
// surfel_render<T>, a depth image of disc-shaped surface elements by ray
// casting, one pixel a thread, generic over float and double.
// surfel_render_tile is not ported (see the package doc).

// reference.h's column layout of a surfel.
const (
	colPX  = 0
	colPY  = 1
	colPZ  = 2
	colNX  = 3
	colNY  = 4
	colNZ  = 5
	colRSq = 6
	colDim = 7
)

// surfelReal is the element types the original instantiates.
type surfelReal interface{ ~float32 | ~float64 }

// SurfelRenderKernel is surfel_render<T>: pixel (x, y) casts its camera
// ray against every surfel and keeps the nearest hit's depth (0 past 100).
//
//gocuda:kernel SurfelRenderKernel
func surfelRenderKernel[T surfelReal](t *gocuda.Thread, s []T, N int, f T, w, h int, d []T) {
	x := t.ThreadIdx.X + t.BlockIdx.X*t.BlockDim.X
	y := t.ThreadIdx.Y + t.BlockIdx.Y*t.BlockDim.Y

	if x < w && y < h {
		var ray [3]T
		ray[0] = T(x) - T(w-1)*T(0.5)
		ray[1] = T(y) - T(h-1)*T(0.5)
		ray[2] = f
		var pt, n, p [3]T
		dMin := T(1e20)

		for i := 0; i < N; i++ {
			p[0] = s[i*colDim+colPX]
			p[1] = s[i*colDim+colPY]
			p[2] = s[i*colDim+colPZ]
			n[0] = s[i*colDim+colNX]
			n[1] = s[i*colDim+colNY]
			n[2] = s[i*colDim+colNZ]
			rSqMax := s[i*colDim+colRSq]
			pDotn := p[0]*n[0] + p[1]*n[1] + p[2]*n[2]
			dsDotRay := ray[0]*n[0] + ray[1]*n[1] + ray[2]*n[2]
			alpha := pDotn / dsDotRay
			pt[0] = ray[0]*alpha - p[0]
			pt[1] = ray[1]*alpha - p[1]
			pt[2] = ray[2]*alpha - p[2]
			t := ray[2] * alpha
			rSq := pt[0]*pt[0] + pt[1]*pt[1] + pt[2]*pt[2]
			if rSq < rSqMax && dMin > t {
				dMin = t // ray hit the surfel
			}
		}
		if dMin > T(100) {
			d[y*w+x] = 0
		} else {
			d[y*w+x] = dMin
		}
	}
}
