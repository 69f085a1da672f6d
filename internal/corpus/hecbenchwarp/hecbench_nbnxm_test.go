package hecbenchwarp

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// nbnxmInput is one problem for nbnxmKernelTest: atoms, pair lists and
// parameters.
type nbnxmInput struct {
	grid                       int
	xq                         []Float4
	f0, shiftVec, fShift0      []NbFloat3
	cj4                        []NbCj4
	sci                        []NbSci
	excl                       []NbExcl
	atomTypes                  []int32
	nbfp                       []NbFloat2
	numTypes                   int32
	rCoulombSq, ewaldBeta, eps float32
}

// nbnxmProblem builds grid super-clusters of 8 clusters of 8 atoms at
// random places in a 3×3×3 box (main.cu puts every atom at one place and
// gives every pair-list entry an empty mask, so that no pair interacts),
// each with 3 to 6 groups of 4 random j clusters under random masks
// (some zero, some masking whole j clusters), random exclusion masks and
// random shifts, the central one included.
func nbnxmProblem(grid int) nbnxmInput {
	r := rng(grid, 5)
	clusters := grid*nbNumClusterPerSupercluster + 8
	atoms := clusters*nbClSize + 8
	p := nbnxmInput{grid: grid, numTypes: 32, rCoulombSq: 1, ewaldBeta: 3.12341, eps: 138.935}
	for range atoms {
		p.xq = append(p.xq, Float4{3 * r.Float32(), 3 * r.Float32(), 3 * r.Float32(), r.Float32() - 0.5})
		p.f0 = append(p.f0, NbFloat3{1, 0.5, 0.25})
	}
	for i := range atoms {
		p.atomTypes = append(p.atomTypes, int32(i%2))
	}
	for range nbNumIvecs {
		p.shiftVec = append(p.shiftVec, NbFloat3{0.1 * r.Float32(), 0.1 * r.Float32(), 0.1 * r.Float32()})
		p.fShift0 = append(p.fShift0, NbFloat3{1, 0.5, 0.25})
	}
	for range 1024 {
		p.nbfp = append(p.nbfp, NbFloat2{0.5 * r.Float32(), 0.25 * r.Float32()})
	}
	for range 7 {
		var e NbExcl
		for i := range e.Pair {
			e.Pair[i] = r.Uint32() | r.Uint32()
		}
		p.excl = append(p.excl, e)
	}
	for s := range grid {
		shift := int32(r.IntN(nbNumIvecs))
		if s%3 == 0 {
			shift = nbCentralShiftIndex
		}
		start := int32(len(p.cj4))
		for range 3 + r.IntN(4) {
			var c NbCj4
			for jm := range c.Cj {
				if jm == 0 && r.IntN(2) == 0 {
					c.Cj[jm] = int32(s*nbNumClusterPerSupercluster + r.IntN(8)) // a cluster of its own super-cluster
				} else {
					c.Cj[jm] = int32(r.IntN(clusters))
				}
			}
			for h := range c.Imei {
				m := r.Uint32()
				switch r.IntN(4) {
				case 0:
					m = 0
				case 1:
					m &^= 0xff << (8 * r.IntN(4))
				}
				c.Imei[h] = NbImEi{Imask: m, ExclInd: int32(r.IntN(len(p.excl)))}
			}
			p.cj4 = append(p.cj4, c)
		}
		p.sci = append(p.sci, NbSci{Sci: int32(s), Shift: shift, Cj4IndStart: start, Cj4IndEnd: int32(len(p.cj4))})
	}
	return p
}

// nbnxmReference computes the kernel's forces pair by pair in float64:
// for each super-cluster, j-cluster group, warp half, j cluster the
// warp's mask selects and i cluster its bit selects, thread (tidxi,
// tidxj)'s pair of i atom tidxi and j atom tidxj, as the kernel computes
// it in float32.
func nbnxmReference(p nbnxmInput, calcShift bool) (f, fs, fAbs, fsAbs [][3]float64) {
	f = make([][3]float64, len(p.f0))
	fs = make([][3]float64, len(p.fShift0))
	fAbs = make([][3]float64, len(p.f0))
	fsAbs = make([][3]float64, len(p.fShift0))
	for i, v := range p.f0 {
		f[i] = [3]float64{float64(v[0]), float64(v[1]), float64(v[2])}
	}
	for i, v := range p.fShift0 {
		fs[i] = [3]float64{float64(v[0]), float64(v[1]), float64(v[2])}
	}
	beta2, beta3 := p.ewaldBeta*p.ewaldBeta, p.ewaldBeta*p.ewaldBeta*p.ewaldBeta
	for _, s := range p.sci {
		shift := p.shiftVec[s.Shift]
		doShift := calcShift && s.Shift != nbCentralShiftIndex
		for j4 := s.Cj4IndStart; j4 < s.Cj4IndEnd; j4++ {
			for tidxj := range int32(nbClSize) {
				for tidxi := range int32(nbClSize) {
					tidx := tidxj*nbClSize + tidxi
					imei := p.cj4[j4].Imei[tidx/(nbClSize*nbSplitClSize)]
					if imei.Imask == 0 {
						continue
					}
					wexcl := p.excl[imei.ExclInd].Pair[tidx&(nbClSize*nbSplitClSize-1)]
					nonSelf := !(s.Shift == nbCentralShiftIndex && tidxj <= tidxi)
					for jm := range nbJgroupSize {
						cj := p.cj4[j4].Cj[jm]
						aj := cj*nbClSize + tidxj
						xqj := p.xq[aj]
						for i := range int32(nbNumClusterPerSupercluster) {
							maskJI := uint32(1) << (jm*nbNumClusterPerSupercluster + int(i))
							if imei.Imask&maskJI == 0 {
								continue
							}
							ci := s.Sci*nbNumClusterPerSupercluster + i
							ai := ci*nbClSize + tidxi
							xqi := p.xq[ai]
							xi := NbFloat3{xqi.X + shift[0], xqi.Y + shift[1], xqi.Z + shift[2]}
							qi := xqi.W * p.eps
							rv := xi.sub(NbFloat3{xqj.X, xqj.Y, xqj.Z})
							r2 := rv.norm2()
							excl := float32(0)
							if wexcl&maskJI != 0 {
								excl = 1
							}
							if !(r2 < p.rCoulombSq && (nonSelf || ci != cj)) {
								continue
							}
							c6c12 := p.nbfp[p.numTypes*p.atomTypes[ai]+p.atomTypes[aj]]
							r2 = max(r2, nbMinDistanceSquared)
							rInv := frsqrtRn(r2)
							r2Inv := rInv * rInv
							r6Inv := r2Inv * r2Inv * r2Inv * excl
							fInvR := r6Inv * (c6c12.Y*r6Inv - c6c12.X) * r2Inv
							fInvR += qi * xqj.W * (excl*r2Inv*rInv + pmeCorrF(beta2*r2)*beta3)
							force := rv.scale(fInvR)
							for d := range 3 {
								f[aj][d] -= float64(force[d])
								f[ai][d] += float64(force[d])
								fAbs[aj][d] += math.Abs(float64(force[d]))
								fAbs[ai][d] += math.Abs(float64(force[d]))
								if doShift {
									fs[s.Shift][d] += float64(force[d])
									fsAbs[s.Shift][d] += math.Abs(float64(force[d]))
								}
							}
						}
					}
				}
			}
		}
	}
	return f, fs, fAbs, fsAbs
}

// nbnxmNear requires got to equal want within tol of the sum of the
// magnitudes of the element's contributions (and of 1): forces of near
// pairs dwarf the others, and float32 sums round to the largest terms.
func nbnxmNear(t *testing.T, want, abs [][3]float64, got []NbFloat3, tol float64, msg string) {
	t.Helper()
	for i := range want {
		for d := range 3 {
			if math.Abs(float64(got[i][d])-want[i][d]) > tol*max(1, abs[i][d]) {
				t.Fatalf("%s: element %d[%d]: got %v, want %v (contributions' magnitudes %v)", msg, i, d, got[i][d], want[i][d], abs[i][d])
			}
		}
	}
}

// TestNbnxm runs nbnxmKernelTest with main.cu's launch (grid (1, 1,
// super-clusters), blocks of 8×8) without and with shift forces on 5 and
// 12 super-clusters and requires the reference's forces and shift
// forces.
func TestNbnxm(t *testing.T) {
	for _, grid := range []int{5, 12} {
		p := nbnxmProblem(grid)
		for _, calcShift := range []bool{false, true} {
			name := fmt.Sprintf("grid %d, calcShift %v", grid, calcShift)
			wantF, wantShift, absF, absShift := nbnxmReference(p, calcShift)
			moved := 0
			for i := range absF {
				if absF[i] != [3]float64{} {
					moved++
				}
			}
			require.Greater(t, moved, len(wantF)/4, "too few atoms feel a force")
			got := both(t, func(f form) ([2][]NbFloat3, error) {
				aF, fShift := slices.Clone(p.f0), slices.Clone(p.fShift0)
				return [2][]NbFloat3{aF, fShift}, f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1, Y: 1, Z: grid}, Block: gocuda.Dim3{X: 8, Y: 8}},
					NbnxmKernel(p.xq, aF, p.shiftVec, fShift, p.cj4, p.sci, p.excl, p.atomTypes, p.nbfp, p.numTypes, p.rCoulombSq, p.ewaldBeta, p.eps, calcShift))
			})
			for i, g := range got {
				nbnxmNear(t, wantF, absF, g[0], 1e-5, name+", a_f, "+forms[i].name)
				nbnxmNear(t, wantShift, absShift, g[1], 1e-5, name+", fShift, "+forms[i].name)
			}
		}
	}
}
