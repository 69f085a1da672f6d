package kernels

import (
	"fmt"

	"github.com/gocuda/gocuda/gocuda"
)

// StencilRadius is the reach of the stencil: three points each way along
// each axis, ISPC's 3D stencil example (examples/cpu/stencil), the time
// step of a wave equation.
const StencilRadius = 3

// stencilBlock is the threads per block of a stencil step: one row of 32
// points along x.
const stencilBlock = 32

// StencilStepKernel returns one time step of ISPC's stencil as a CUDA
// kernel: each thread updates one point (x, y, z) of the box x0 ≤ x < x1,
// y0 ≤ y < y1, z0 ≤ z < z1 of an nx×ny×nz grid stored x fastest, from the
// 19 points of ain within StencilRadius of it along the axes weighted by
// coef (the centre, then the points 1, 2 and 3 away), and vsq:
// aout = 2·ain − aout + vsq·div. The box must leave StencilRadius points
// on every side. Launch it with StencilConfig.
//
//gocuda:kernel StencilStepKernel
func stencilStep(t *gocuda.Thread, x0, x1, y0, z0, nx, ny int, coef, vsq, ain, aout []float32) {
	x := x0 + t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if x >= x1 {
		return
	}
	y, z := y0+t.BlockIdx.Y, z0+t.BlockIdx.Z
	nxy := nx * ny
	i := z*nxy + y*nx + x
	div := coef[0]*ain[i] +
		coef[1]*(ain[i+1]+ain[i-1]+ain[i+nx]+ain[i-nx]+ain[i+nxy]+ain[i-nxy]) +
		coef[2]*(ain[i+2]+ain[i-2]+ain[i+2*nx]+ain[i-2*nx]+ain[i+2*nxy]+ain[i-2*nxy]) +
		coef[3]*(ain[i+3]+ain[i-3]+ain[i+3*nx]+ain[i-3*nx]+ain[i+3*nxy]+ain[i-3*nxy])
	aout[i] = 2*ain[i] - aout[i] + vsq[i]*div
}

// StencilConfig is the launch of StencilStepKernel over the box x0..x1,
// y0..y1, z0..z1: a block per row of 32 points along x, a grid row per y
// and a grid plane per z.
func StencilConfig(x0, x1, y0, y1, z0, z1 int) gocuda.Config {
	return gocuda.Config{
		Grid:  gocuda.Dim3{X: max(1, matmulCeil(x1-x0, stencilBlock)), Y: max(1, y1-y0), Z: max(1, z1-z0)},
		Block: gocuda.Dim3{X: stencilBlock},
	}
}

// Stencil runs time steps t0 to t1 of ISPC's stencil over the interior of
// an n×n×n grid (StencilRadius points in from each face), as ISPC's
// loop_stencil does: even steps read even and write odd, odd steps the
// other way. coef has 4 weights; vsq, even and odd have n³ points. It
// returns an error wrapping gocuda.ErrInvalidValue for a nil device or
// wrong lengths.
func Stencil(dev *gocuda.Device, t0, t1, n int, coef, vsq, even, odd []float32) error {
	switch {
	case dev == nil:
		return fmt.Errorf("%w: kernels.Stencil: nil device", gocuda.ErrInvalidValue)
	case len(coef) != StencilRadius+1:
		return fmt.Errorf("%w: kernels.Stencil: %d weights, want %d", gocuda.ErrInvalidValue, len(coef), StencilRadius+1)
	case n < 0 || len(vsq) != n*n*n || len(even) != n*n*n || len(odd) != n*n*n:
		return fmt.Errorf("%w: kernels.Stencil: n = %d with %d, %d and %d points", gocuda.ErrInvalidValue, n, len(vsq), len(even), len(odd))
	case n <= 2*StencilRadius:
		return nil // no interior
	}
	lo, hi := StencilRadius, n-StencilRadius
	cfg := StencilConfig(lo, hi, lo, hi, lo, hi)
	for t := t0; t < t1; t++ {
		in, out := even, odd
		if t&1 == 1 {
			in, out = odd, even
		}
		if err := dev.Launch(cfg, StencilStepKernel(lo, hi, lo, lo, n, n, coef, vsq, in, out)); err != nil {
			return err
		}
	}
	return nil
}
