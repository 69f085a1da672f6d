package hecbenchstencil

import (
	"fmt"
	"testing"

	"github.com/gocuda/gocuda/gocuda"
)

// reactionRef runs reaction's time loop on the host: second derivatives
// along each axis (periodic or zero-flux), the Laplacians, the reaction
// and the update, in the kernels' order of operations.
func reactionRef(a, b []float32, mx, my, mz, steps int, zeroflux bool, da, db, dt, c1, c2 float32) {
	n := mx * my * mz
	d2 := func(f []float32, idx func(i int) int, m int, out []float32) {
		for p := 0; p < m; p++ {
			var v float32
			c := f[idx(p)]
			switch {
			case zeroflux && p == 0:
				v = f[idx(p+1)] - c
			case zeroflux && p == m-1:
				v = f[idx(p-1)] - c
			default:
				v = f[idx((p+1)%m)] - 2*c + f[idx((p-1+m)%m)]
			}
			out[idx(p)] = v
		}
	}
	lap := func(f []float32, dc float32) []float32 {
		dx, dy, dz := make([]float32, n), make([]float32, n), make([]float32, n)
		for k := 0; k < mz; k++ {
			for j := 0; j < my; j++ {
				d2(f, func(i int) int { return k*mx*my + j*mx + i }, mx, dx)
			}
			for i := 0; i < mx; i++ {
				d2(f, func(j int) int { return k*mx*my + j*mx + i }, my, dy)
			}
		}
		for j := 0; j < my; j++ {
			for i := 0; i < mx; i++ {
				d2(f, func(k int) int { return k*mx*my + j*mx + i }, mz, dz)
			}
		}
		l := make([]float32, n)
		for i := range l {
			l[i] = dc * (dx[i] + dy[i] + dz[i])
		}
		return l
	}
	for s := 0; s < steps; s++ {
		la, lb := lap(a, da), lap(b, db)
		for i := 0; i < n; i++ {
			r := a[i] * b[i] * b[i]
			ra := -r + c1*(1-a[i])
			rb := r - (c1+c2)*b[i]
			a[i] += (la[i] + ra) * dt
			b[i] += (lb[i] + rb) * dt
		}
	}
}

// TestReaction runs three time steps of reaction's loop with its launch
// shapes (pencils of 2, blocks of mx for the pointwise kernels, and for
// reaction_gray_scott a short grid of 5 blocks of 96, so that its
// grid-stride loop strides) in both boundary modes: zero flux on 24×16×12, periodic on a 16³ cube (the
// periodic kernels' shared buffer is sized by mx for all three axes).
func TestReaction(t *testing.T) {
	const pencils = 2
	const Da, Db, dt, dx, c1, c2 = float32(0.16), float32(0.08), float32(0.25), float32(0.5), float32(0.0392), float32(0.0649)
	for _, tc := range []struct {
		mx, my, mz int
		zeroflux   bool
	}{{24, 16, 12, true}, {16, 16, 16, false}} {
		mx, my, mz := tc.mx, tc.my, tc.mz
		n := mx * my * mz
		r := rng(mx, my, mz)
		a0, b0 := make([]float32, n), make([]float32, n)
		for i := range a0 {
			a0[i] = 1 + 0.05*r.Float32()
			b0[i] = 0.05 * r.Float32()
		}
		for z := mz/2 - 3; z < mz/2+3; z++ {
			for y := my/2 - 3; y < my/2+3; y++ {
				for x := mx/2 - 3; x < mx/2+3; x++ {
					a0[z*mx*my+y*mx+x] = 0.5 + 0.05*r.Float32()
					b0[z*mx*my+y*mx+x] = 0.25 + 0.05*r.Float32()
				}
			}
		}
		wa, wb := append([]float32(nil), a0...), append([]float32(nil), b0...)
		dca, dcb := Da/(dx*dx), Db/(dx*dx)
		reactionRef(wa, wb, mx, my, mz, 3, tc.zeroflux, dca, dcb, dt, c1, c2)
		umx, umy, umz, un := uint32(mx), uint32(my), uint32(mz), uint32(n)
		got := agree(t, func(f form) ([2][]float32, error) {
			a, b := append([]float32(nil), a0...), append([]float32(nil), b0...)
			buf := func() []float32 { return make([]float32, n) }
			d2x, d2y, d2z, ra, rb, da, db := buf(), buf(), buf(), buf(), buf(), buf(), buf()
			smem := pencils * mx * 4
			if !tc.zeroflux {
				smem = pencils * (mx + 2) * 4
			}
			cx := gocuda.Config{Grid: gocuda.Dim3{X: my / pencils, Y: mz}, Block: gocuda.Dim3{X: mx, Y: pencils}, SharedMem: smem}
			cy := gocuda.Config{Grid: gocuda.Dim3{X: mx / pencils, Y: mz}, Block: gocuda.Dim3{X: pencils, Y: my}, SharedMem: smem}
			cz := gocuda.Config{Grid: gocuda.Dim3{X: mx / pencils, Y: my}, Block: gocuda.Dim3{X: pencils, Y: mz}, SharedMem: smem}
			cp := gocuda.Config{Grid: gocuda.Dim3{X: (n + mx - 1) / mx}, Block: gocuda.Dim3{X: mx}}
			cs := gocuda.Config{Grid: gocuda.Dim3{X: 5}, Block: gocuda.Dim3{X: 96}}
			derivs := func(v []float32) []func(*gocuda.Thread) {
				if tc.zeroflux {
					return []func(*gocuda.Thread){DerivativeX2ZerofluxKernel(v, d2x, umx, umy),
						DerivativeY2ZerofluxKernel(v, d2y, umx, umy, pencils), DerivativeZ2ZerofluxKernel(v, d2z, umx, umy, umz, pencils)}
				}
				return []func(*gocuda.Thread){DerivativeX2PbcKernel(v, d2x, umx, umy, pencils),
					DerivativeY2PbcKernel(v, d2y, umx, umy, pencils), DerivativeZ2PbcKernel(v, d2z, umx, umy, umz, pencils)}
			}
			for s := 0; s < 3; s++ {
				type step struct {
					cfg gocuda.Config
					k   func(*gocuda.Thread)
				}
				var steps []step
				for _, v := range []struct {
					f, d []float32
					dc   float32
				}{{a, da, dca}, {b, db, dcb}} {
					d := derivs(v.f)
					steps = append(steps, step{cx, d[0]}, step{cy, d[1]}, step{cz, d[2]},
						step{cp, ConstructLaplacianKernel(v.d, d2x, d2y, d2z, un, v.dc)})
				}
				steps = append(steps, step{cs, ReactionGrayScottKernel(a, b, ra, rb, un, c1, c2)},
					step{cp, ReactionUpdateKernel(a, b, da, db, ra, rb, un, dt)})
				for _, st := range steps {
					if err := f.launch(st.cfg, st.k); err != nil {
						return [2][]float32{}, err
					}
				}
			}
			return [2][]float32{a, b}, nil
		})
		name := fmt.Sprintf("%d×%d×%d zeroflux=%v", mx, my, mz, tc.zeroflux)
		nearSlice(t, wa, got[0], 1e-5, "a "+name)
		nearSlice(t, wb, got[1], 1e-5, "b "+name)
	}
}
