package hecbenchstencil

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// surfelRef is surfel's reference.h reference.
func surfelRef[T surfelReal](s []T, N int, f T, w, h int) []T {
	d := make([]T, w*h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			ray := [3]T{T(x) - T(w-1)*T(0.5), T(y) - T(h-1)*T(0.5), f}
			dMin := T(1e20)
			for i := 0; i < N; i++ {
				p := s[i*colDim : i*colDim+3]
				n := s[i*colDim+3 : i*colDim+6]
				pDotn := p[0]*n[0] + p[1]*n[1] + p[2]*n[2]
				ds := ray[0]*n[0] + ray[1]*n[1] + ray[2]*n[2]
				alpha := pDotn / ds
				pt := [3]T{ray[0]*alpha - p[0], ray[1]*alpha - p[1], ray[2]*alpha - p[2]}
				tt := ray[2] * alpha
				if pt[0]*pt[0]+pt[1]*pt[1]+pt[2]*pt[2] < s[i*colDim+colRSq] && dMin > tt {
					dMin = tt
				}
			}
			if dMin > 100 {
				dMin = 0
			}
			d[y*w+x] = dMin
		}
	}
	return d
}

// surfels draws n surfels as surfelRenderTest does: positions in
// [-5,5)²×[0.3,5), unit normals, squared radii in [4e-4, 2.5e-3) (here
// scaled up 400 times, so that a small image has hits).
func surfels[T surfelReal](r *rand.Rand, n int) []T {
	u := func(a, b float64) T { return T(a + (b-a)*r.Float64()) }
	s := make([]T, n*colDim)
	for i := 0; i < n; i++ {
		s[i*colDim+colPX], s[i*colDim+colPY], s[i*colDim+colPZ] = u(-5, 5), u(-5, 5), u(0.3, 5)
		nx, ny, nz := u(-1, 1), u(-1, 1), u(-1, 1)
		l := T(math.Sqrt(float64(nx*nx + ny*ny + nz*nz)))
		s[i*colDim+colNX], s[i*colDim+colNY], s[i*colDim+colNZ] = nx/l, ny/l, nz/l
		s[i*colDim+colRSq] = u(400*4e-4, 400*2.5e-3)
	}
	return s
}

// testSurfel runs surfel_render for one element type at three focal
// lengths, requiring some rays to hit.
func testSurfel[T surfelReal](t *testing.T, tol float64) {
	const n, w, h = 300, 37, 29
	s := surfels[T](rng(n, w, h), n)
	hits := 0
	for _, f := range []T{0.05, 0.2, 0.36} {
		want := surfelRef(s, n, f, w, h)
		got := agree(t, func(fm form) ([]T, error) {
			d := make([]T, w*h)
			return d, fm.launch(gocuda.Config{Grid: gocuda.Dim3{X: (w + 15) / 16, Y: (h + 15) / 16}, Block: gocuda.Dim3{X: 16, Y: 16}},
				SurfelRenderKernel(s, n, f, w, h, d))
		})
		nearSlice(t, f64s(want), f64s(got), tol, "f=%v", f)
		for _, v := range want {
			if v != 0 {
				hits++
			}
		}
	}
	require.Positive(t, hits)
}

// TestSurfelRender runs surfel_render<float> and <double> with the host
// code's 16×16 blocks on a 37×29 image (partial blocks) at three focal
// lengths (ten times the original's inverse focal lengths, for the small
// image) against the reference.
func TestSurfelRender(t *testing.T) {
	testSurfel[float32](t, 1e-5)
	testSurfel[float64](t, 1e-12)
}

// f64s converts a slice of a surfelReal to float64s.
func f64s[T surfelReal](s []T) []float64 {
	o := make([]float64, len(s))
	for i, v := range s {
		o[i] = float64(v)
	}
	return o
}
