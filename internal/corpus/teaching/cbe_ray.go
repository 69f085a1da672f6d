package teaching

import "github.com/gocuda/gocuda/gocuda"

// This file holds chapter06/ray.cu of "CUDA by Example": a ray tracer of
// SPHERES spheres in __constant__ memory (here an argument read as a
// slice), each ray cast straight down the z axis from a pixel of a
// DIM×DIM image.

// rayINF and spheres are ray.cu's INF and SPHERES.
const (
	rayINF  = 2e10
	spheres = 20
)

// Sphere is ray.cu's Sphere: a colour, a radius and a centre.
type Sphere struct {
	R, B, G float32
	Radius  float32
	X, Y, Z float32
}

// hit is Sphere::hit: the z where the ray from (ox, oy) meets the sphere,
// with *n the shade, or -INF when it misses.
func (s Sphere) hit(ox, oy float32, n *float32) float32 {
	dx := ox - s.X
	dy := oy - s.Y
	if dx*dx+dy*dy < s.Radius*s.Radius {
		dz := sqrtf(s.Radius*s.Radius - dx*dx - dy*dy)
		*n = dz / sqrtf(s.Radius*s.Radius)
		return dz + s.Z
	}
	return -rayINF
}

// RayKernel is kernel of chapter06/ray.cu: pixel (x, y) takes the colour
// of the nearest sphere its ray hits, shaded (s is the __constant__
// array, dim is DIM).
//
//gocuda:kernel RayKernel
func rayKernel(t *gocuda.Thread, s []Sphere, ptr []uint8, dim int) {
	x := t.ThreadIdx.X + t.BlockIdx.X*t.BlockDim.X
	y := t.ThreadIdx.Y + t.BlockIdx.Y*t.BlockDim.Y
	offset := x + y*t.BlockDim.X*t.GridDim.X
	ox := float32(x - dim/2)
	oy := float32(y - dim/2)

	r, g, b := float32(0), float32(0), float32(0)
	maxz := float32(-rayINF)
	for i := 0; i < spheres; i++ {
		var n float32
		t := s[i].hit(ox, oy, &n)
		if t > maxz {
			fscale := n
			r = s[i].R * fscale
			g = s[i].G * fscale
			b = s[i].B * fscale
			maxz = t
		}
	}

	ptr[offset*4+0] = uint8(int(r * 255))
	ptr[offset*4+1] = uint8(int(g * 255))
	ptr[offset*4+2] = uint8(int(b * 255))
	ptr[offset*4+3] = 255
}
