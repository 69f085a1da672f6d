package hecbenchstencil

import (
	"math"
	"testing"

	"github.com/gocuda/gocuda/gocuda"
)

// wlcpowRef computes bond_wlcpowallvisc's forces sequentially, atom by
// atom, with the same formulas (the TEA Gaussian from the same helper).
func wlcpowRef(fx, fy, fz []float64, coord, vel []Float4, nbond []int32, bonds []Int2, bondR0 []float64,
	temp, r0, muTarg, qp, gamc, gamt, sigc, sigt []float32, period Float3, padding, nLocal int) {
	for i := 0; i < nLocal; i++ {
		var sx, sy, sz float32
		for p := 0; p < int(nbond[i]); p++ {
			b := bonds[i+p*padding]
			j, ty := int(b.X), b.Y
			c1, c2, v1, v2 := coord[i], coord[j], vel[i], vel[j]
			dx := minimumImage(c1.X-c2.X, period.X)
			dy := minimumImage(c1.Y-c2.Y, period.Y)
			dz := minimumImage(c1.Z-c2.Z, period.Z)
			dvx, dvy, dvz := v1.X-v2.X, v1.Y-v2.Y, v1.Z-v2.Z
			l0 := float32(bondR0[i+p*padding])
			ra := sqrtf(dx*dx + dy*dy + dz*dz)
			lmax := l0 * r0[ty]
			rr := 1 / r0[ty]
			sr := (1 - rr) * (1 - rr)
			kph := powf(l0, qp[ty]) * temp[ty] * (0.25/sr - 0.25 + rr)
			mu := 0.433 * (temp[ty]*(-0.25/sr+0.25+0.5*rr/(sr*(1-rr)))/(lmax*rr) + kph*(qp[ty]+1)/powf(l0, qp[ty]+1))
			lambda := mu / muTarg[ty]
			kph /= lambda
			rr = ra / lmax
			rl := powf(ra, qp[ty]+1)
			vv := (dx*dvx + dy*dvy + dz*dvz) / ra
			if float64(rr) >= 0.99 {
				rr = 0.99
			}
			if float64(rl) < 0.01 {
				rl = 0.01
			}
			var ww [3][3]float32
			a, c := int32(math.Float32bits(v1.W)), int32(math.Float32bits(v2.W))
			for te := 0; te < 3; te++ {
				for se := 0; se < 3; se++ {
					ww[te][se] = gaussianTEAFast(teaRounds, a > c, a+int32(te), c+int32(se))
				}
			}
			w := (ww[0][0] + ww[1][1] + ww[2][2]) / 3
			wx := (ww[0][0]-w)*dx + 0.5*(ww[0][1]+ww[1][0])*dy + 0.5*(ww[0][2]+ww[2][0])*dz
			wy := 0.5*(ww[1][0]+ww[0][1])*dx + (ww[1][1]-w)*dy + 0.5*(ww[1][2]+ww[2][1])*dz
			wz := 0.5*(ww[2][0]+ww[0][2])*dx + 0.5*(ww[2][1]+ww[1][2])*dy + (ww[2][2]-w)*dz
			ff := -temp[ty]*(0.25/(1-rr)/(1-rr)-0.25+rr)/lambda/ra + kph/rl + (sigc[ty]*w-gamc[ty]*vv)/ra
			sx += dx*ff - gamt[ty]*dvx + sigt[ty]*wx/ra
			sy += dy*ff - gamt[ty]*dvy + sigt[ty]*wy/ra
			sz += dz*ff - gamt[ty]*dvz + sigt[ty]*wz/ra
		}
		fx[i] += float64(sx)
		fy[i] += float64(sy)
		fz[i] += float64(sz)
	}
}

// TestWlcpow runs bond_wlcpowallvisc as main does (blocks of 128, the 33
// types' tables in dynamic shared memory, padding 1, each atom bonded to
// its successor) on 1000 atoms and twice with a short grid of 3 blocks
// (so that the grid-stride loop strides), the forces accumulating over
// the two launches, against the sequential forces.
func TestWlcpow(t *testing.T) {
	const n, nType, padding = 1000, 32, 1
	r := rng(n)
	u := func() float32 { return 0.1 + 0.8*r.Float32() }
	coord, vel := make([]Float4, n+1), make([]Float4, n+1)
	nbond := make([]int32, n+1)
	bonds := make([]Int2, 2*n+1)
	bondR0 := make([]float64, 2*n+1)
	tab := make([][]float32, 8)
	for k := range tab {
		tab[k] = make([]float32, n+1)
	}
	temp, r0, muTarg, qp, gamc, gamt, sigc, sigt := tab[0], tab[1], tab[2], tab[3], tab[4], tab[5], tab[6], tab[7]
	for i := range bonds {
		bondR0[i] = 0.1 + 0.8*r.Float64() + 0.001
		bonds[i] = Int2{int32((i + 1) % (n + 1)), int32(r.IntN(nType + 1))}
	}
	for i := 0; i < n+1; i++ {
		nbond[i] = int32(r.IntN(3))
		coord[i] = Float4{u(), u(), u(), 0}
		vx, vy, vz := u(), u(), u()
		vel[i] = Float4{vx, vy, vz, sqrtf(vx*vx + vy*vy + vz*vz)}
		gamt[i] = u()
		gamc[i] = float32(r.IntN(4)+4) * gamt[i]
		temp[i], muTarg[i], qp[i], r0[i] = u(), u(), u(), 1.5+u()
		sigc[i] = float32(math.Sqrt(2 * float64(temp[i]) * (3*float64(gamc[i]) - float64(gamt[i]))))
		sigt[i] = float32(2 * math.Sqrt(float64(gamt[i])*float64(temp[i])))
	}
	period := Float3{0.5, 0.5, 0.5}
	want := [3][]float64{make([]float64, n+1), make([]float64, n+1), make([]float64, n+1)}
	for range 2 {
		wlcpowRef(want[0], want[1], want[2], coord, vel, nbond, bonds, bondR0, temp, r0, muTarg, qp, gamc, gamt, sigc, sigt, period, padding, n)
	}
	got := agree(t, func(f form) ([3][]float64, error) {
		fs := [3][]float64{make([]float64, n+1), make([]float64, n+1), make([]float64, n+1)}
		for _, grid := range []int{(n + 127) / 128, 3} {
			if err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: grid}, Block: gocuda.Dim3{X: 128}, SharedMem: (nType + 1) * wlcTypeCol * 4},
				BondWlcpowallviscKernel(fs[0], fs[1], fs[2], coord, vel, nbond, bonds, bondR0,
					temp, r0, muTarg, qp, gamc, gamt, sigc, sigt, period, padding, nType, n)); err != nil {
				return fs, err
			}
		}
		return fs, nil
	})
	for k := range want {
		nearSlice(t, want[k], got[k], 1e-5, "force %d", k)
	}
}
