package hecbenchstencil

import (
	"math"

	"github.com/gocuda/gocuda/gocuda"
)

// This file holds HeCBench's wlcpow (src/wlcpow-cuda/main.cu and utils.h
// at f27000a, after USER-MESO's LAMMPS bond style wlc/pow/all/visc):
// bond_wlcpowallvisc with its __device__ helpers minimum_image, bound,
// gaussian_TEA_fast<N> and __TEA_core<N>. __TEA_core<N> recurses on its
// template parameter down to the empty specialisation __TEA_core<0>: here
// a recursive function of an argument n that returns at 0, its uint&
// parameters pointers. r32 and r64 are float32 and float64; a float
// compared with a double literal is converted, as in C;
// __float_as_int is math.Float32bits; sinpif and log2f are computed in
// float64 and rounded once.

// Float3 is CUDA's float3.
type Float3 struct{ X, Y, Z float32 }

// Int2 is CUDA's int2.
type Int2 struct{ X, Y int32 }

// utils.h's TEA constants and the powers of two of gaussian_TEA_fast.
const (
	ln2        = 6.9314718055994528623e-1
	twoToM31   = 4.6566128730773925781e-10
	twoToM32   = 2.3283064365386962891e-10
	teaK0      = 0xA341316C
	teaK1      = 0xC8013EA4
	teaK2      = 0xAD90777D
	teaK3      = 0x7E95761E
	teaDT      = 0x9E3779B9
	teaRounds  = 4
	wlcTypeCol = 8
)

// minimumImage is utils.h's minimum_image: dr wrapped into the periodic
// box of length p.
func minimumImage(dr, p float32) float32 {
	pHalf := p * 0.5
	var shift float32
	if dr > -pHalf {
		if dr < pHalf {
			shift = 0
		} else {
			shift = -p
		}
	} else {
		shift = p
	}
	return dr + shift
}

// bound is utils.h's bound<T>.
func bound(x, lower, upper float32) float32 {
	return max(lower, min(x, upper))
}

// teaCore is __TEA_core<N>: one TEA round, then the remaining n-1.
func teaCore(n int, v0, v1 *uint32, sum uint32) {
	if n == 0 {
		return
	}
	sum += teaDT
	*v0 += ((*v1 << 4) + teaK0) ^ (*v1 + sum) ^ ((*v1 >> 5) + teaK1)
	*v1 += ((*v0 << 4) + teaK2) ^ (*v0 + sum) ^ ((*v0 >> 5) + teaK3)
	teaCore(n-1, v0, v1, sum)
}

// gaussianTEAFast is gaussian_TEA_fast<N>: a Gaussian random number from
// the TEA hash of (u, v), Box-Muller, clamped to ±4.
func gaussianTEAFast(n int, pred bool, u, v int32) float32 {
	var v0, v1 uint32
	if pred {
		v0 = uint32(u)
	} else {
		v0 = uint32(v)
	}
	if !pred {
		v1 = uint32(u)
	} else {
		v1 = uint32(v)
	}
	teaCore(n, &v0, &v1, 0)
	f := float32(math.Sin(math.Pi * float64(float32(int32(v0))*float32(twoToM31))))
	r := sqrtf(-2.0 * float32(ln2) * float32(math.Log2(float64(float32(v1)*float32(twoToM32)))))
	return bound(r*f, -4.0, 4.0)
}

// BondWlcpowallviscKernel is bond_wlcpowallvisc: the type tables are
// staged in shared memory, then each atom (grid-stride) sums the
// worm-like-chain, power-law and dissipative forces of its bonds, with a
// random stress from the TEA Gaussian, into the double force arrays.
//
//gocuda:kernel BondWlcpowallviscKernel
func bondWlcpowallviscKernel(t *gocuda.Thread, forceX, forceY, forceZ []float64, coordMerged, veloc []Float4,
	nbond []int32, bonds []Int2, bondR0 []float64,
	tempGlobal, r0Global, muTargGlobal, qpGlobal, gamcGlobal, gamtGlobal, sigcGlobal, sigtGlobal []float32,
	period Float3, padding, nType, nLocal int) {
	sharedData := gocuda.DynamicShared[float32](t)
	temp := sharedData[0:]
	r0 := sharedData[1*(nType+1):]
	muTarg := sharedData[2*(nType+1):]
	qp := sharedData[3*(nType+1):]
	gamc := sharedData[4*(nType+1):]
	gamt := sharedData[5*(nType+1):]
	sigc := sharedData[6*(nType+1):]
	sigt := sharedData[7*(nType+1):]

	for i := t.ThreadIdx.X; i < nType+1; i += t.BlockDim.X {
		temp[i] = tempGlobal[i]
		r0[i] = r0Global[i]
		muTarg[i] = muTargGlobal[i]
		qp[i] = qpGlobal[i]
		gamc[i] = gamcGlobal[i]
		gamt[i] = gamtGlobal[i]
		sigc[i] = sigcGlobal[i]
		sigt[i] = sigtGlobal[i]
	}
	t.SyncThreads()

	for i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X; i < nLocal; i += t.GridDim.X * t.BlockDim.X {
		n := int(nbond[i])
		coord1 := coordMerged[i]
		veloc1 := veloc[i]
		var fxi, fyi, fzi float32 = 0, 0, 0

		for p := 0; p < n; p++ {
			j := int(bonds[i+p*padding].X)
			typ := bonds[i+p*padding].Y
			coord2 := coordMerged[j]
			delx := minimumImage(coord1.X-coord2.X, period.X)
			dely := minimumImage(coord1.Y-coord2.Y, period.Y)
			delz := minimumImage(coord1.Z-coord2.Z, period.Z)
			veloc2 := veloc[j]
			dvx := veloc1.X - veloc2.X
			dvy := veloc1.Y - veloc2.Y
			dvz := veloc1.Z - veloc2.Z
			l0 := float32(bondR0[i+p*padding])
			ra := sqrtf(delx*delx + dely*dely + delz*delz)
			lmax := l0 * r0[typ]
			rr := 1.0 / r0[typ]
			sr := (1.0 - rr) * (1.0 - rr)
			kph := powf(l0, qp[typ]) * temp[typ] * (0.25/sr - 0.25 + rr)
			// mu is described in the papers
			mu := 0.433 * ( // 0.25 * sqrt(3)
			temp[typ]*(-0.25/sr+0.25+
				0.5*rr/(sr*(1.0-rr)))/(lmax*rr) +
				kph*(qp[typ]+1.0)/powf(l0, qp[typ]+1.0))
			lambda := mu / muTarg[typ]
			kph = kph / lambda
			rr = ra / lmax
			rlogarg := powf(ra, qp[typ]+1.0)
			vv := (delx*dvx + dely*dvy + delz*dvz) / ra
			if float64(rr) >= 0.99 {
				rr = 0.99
			}
			if float64(rlogarg) < 0.01 {
				rlogarg = 0.01
			}

			var wrr Float4
			var ww [3][3]float32
			for tes := 0; tes < 3; tes++ {
				for see := 0; see < 3; see++ {
					v1 := int32(math.Float32bits(veloc1.W))
					v2 := int32(math.Float32bits(veloc2.W))
					ww[tes][see] = gaussianTEAFast(teaRounds, v1 > v2, v1+int32(tes), v2+int32(see))
				}
			}
			wrr.W = (ww[0][0] + ww[1][1] + ww[2][2]) / 3.0
			wrr.X = (ww[0][0]-wrr.W)*delx + 0.5*(ww[0][1]+ww[1][0])*dely + 0.5*(ww[0][2]+ww[2][0])*delz
			wrr.Y = 0.5*(ww[1][0]+ww[0][1])*delx + (ww[1][1]-wrr.W)*dely + 0.5*(ww[1][2]+ww[2][1])*delz
			wrr.Z = 0.5*(ww[2][0]+ww[0][2])*delx + 0.5*(ww[2][1]+ww[1][2])*dely + (ww[2][2]-wrr.W)*delz

			fforce := -temp[typ]*(0.25/(1.0-rr)/(1.0-rr)-0.25+rr)/lambda/ra + kph/rlogarg + (sigc[typ]*wrr.W-gamc[typ]*vv)/ra
			fxij := delx*fforce - gamt[typ]*dvx + sigt[typ]*wrr.X/ra
			fyij := dely*fforce - gamt[typ]*dvy + sigt[typ]*wrr.Y/ra
			fzij := delz*fforce - gamt[typ]*dvz + sigt[typ]*wrr.Z/ra

			fxi += fxij
			fyi += fyij
			fzi += fzij
		}
		forceX[i] += float64(fxi)
		forceY[i] += float64(fyi)
		forceZ[i] += float64(fzi)
	}
}
