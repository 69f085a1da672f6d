package hecbenchstencil

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestStencil1D runs stencil_1d on 3 blocks of 256 over an input padded by
// RADIUS, as the original's host code does, against the window sums the
// original's check computes (zero left of the input).
func TestStencil1D(t *testing.T) {
	const length = 3 * s1BlockSize
	r := rng(length)
	in := make([]int32, length+s1Radius)
	for i := range in {
		in[i] = int32(r.IntN(2000) - 1000)
	}
	want := make([]int32, length)
	for i := range want {
		for j := i - s1Radius; j <= i+s1Radius; j++ {
			if j >= 0 {
				want[i] += in[j]
			}
		}
	}
	got := agree(t, func(f form) ([]int32, error) {
		out := make([]int32, length)
		return out, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: length / s1BlockSize}, Block: gocuda.Dim3{X: s1BlockSize}},
			Stencil1DKernel(in, out))
	})
	require.Equal(t, want, got)
}

// stencil3DRef computes each interior cell's dV from the face charges as
// stencil3d does, in the kernel's order of additions: the x face behind
// (negated), the y faces, the z faces and the x face ahead.
func stencil3DRef(psi, sigma []float64, nx, ny, nz int) []float64 {
	vol := nx * ny * nz
	sx, sy, sz := sigma, sigma[3*vol:], sigma[6*vol:]
	p := func(x, y, z int) float64 { return psi[s3Index(nx, ny, nz, x, y, z, 0)] }
	sig := func(s []float64, x, y, z, d int) float64 { return s[s3Index(nx, ny, nz, x, y, z, d)] }
	xf := func(x, y, z int) float64 { // face between x and x+1
		xd := -p(x, y, z) + p(x+1, y, z)
		yd := (-p(x, y-1, z) + p(x, y+1, z) - p(x+1, y-1, z) + p(x+1, y+1, z)) / 4.
		zd := (-p(x, y, z-1) + p(x, y, z+1) - p(x+1, y, z-1) + p(x+1, y, z+1)) / 4.
		return sig(sx, x+1, y, z, 0)*xd + sig(sx, x+1, y, z, 1)*yd + sig(sx, x+1, y, z, 2)*zd
	}
	yf := func(x, y, z int) float64 { // face between y and y+1
		xd := (-p(x-1, y, z) - p(x-1, y+1, z) + p(x+1, y, z) + p(x+1, y+1, z)) / 4.
		yd := -p(x, y, z) + p(x, y+1, z)
		zd := (-p(x, y, z-1) + p(x, y, z+1) - p(x, y+1, z-1) + p(x, y+1, z+1)) / 4.
		return sig(sy, x, y+1, z, 0)*xd + sig(sy, x, y+1, z, 1)*yd + sig(sy, x, y+1, z, 2)*zd
	}
	zf := func(x, y, z int) float64 { // face between z and z+1
		xd := (-p(x-1, y, z) - p(x-1, y, z+1) + p(x+1, y, z) + p(x+1, y, z+1)) / 4.
		yd := (-p(x, y-1, z) - p(x, y-1, z+1) + p(x, y+1, z) + p(x, y+1, z+1)) / 4.
		zd := -p(x, y, z) + p(x, y, z+1)
		return sig(sz, x, y, z+1, 0)*xd + sig(sz, x, y, z+1, 1)*yd + sig(sz, x, y, z+1, 2)*zd
	}
	out := make([]float64, vol)
	for x := 1; x < nx-1; x++ {
		for y := 1; y < ny-1; y++ {
			for z := 1; z < nz-1; z++ {
				dV := -xf(x-1, y, z)
				dV += yf(x, y, z)
				dV -= yf(x, y-1, z)
				dV += zf(x, y, z)
				dV -= zf(x, y, z-1)
				dV += xf(x, y, z)
				out[s3Index(nx, ny, nz, x, y, z, 0)] = dV
			}
		}
	}
	return out
}

// TestStencil3D runs stencil3d with its host code's grid on 45×33×31 (the
// last tile of each direction partial) against the face-charge sums.
func TestStencil3D(t *testing.T) {
	nx, ny, nz := 45, 33, 31
	vol := nx * ny * nz
	r := rng(nx, ny, nz)
	psi := make([]float64, vol)
	for i := range psi {
		psi[i] = 2*r.Float64() - 1
	}
	sigma := make([]float64, 9*vol)
	for i := range sigma {
		sigma[i] = r.Float64()
	}
	want := stencil3DRef(psi, sigma, nx, ny, nz)
	cdiv := func(a, b int) int { return (a + b - 1) / b }
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: cdiv(nx-2, s3XTile), Y: cdiv(ny-2, s3BSize-2), Z: cdiv(nz-2, s3BSize-2)},
		Block: gocuda.Dim3{X: s3BSize, Y: s3BSize}}
	got := agree(t, func(f form) ([]float64, error) {
		out := make([]float64, vol)
		return out, f.launch(cfg, Stencil3DKernel(psi, out, sigma, sigma[3*vol:], sigma[6*vol:], nx, ny, nz))
	})
	nearSlice(t, want, got, 1e-12, "stencil3d")
}
