package hecbenchrodinia

import (
	"math"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// TestRodiniaCfd runs cfd's kernels as euler3d.cu's main loop does
// (blocks of 192, nelr a multiple of 192) on random flow variables and a
// random mesh with wing and far-field faces: initialization, step
// factors, then flux and time step for each of the RK stages; each
// kernel's output is compared with the host's formulas in float64,
// computed from that kernel's inputs.
func TestRodiniaCfd(t *testing.T) {
	const nelr, block = 2 * 192, 192
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: nelr / block}, Block: gocuda.Dim3{X: block}}
	r := rng(nelr)
	ff := []float32{1.4, 1.2, 0.1, -0.05, 3.5}
	ffFlux := func(c int) []float3 {
		d, m := float64(ff[0]), [3]float64{float64(ff[1]), float64(ff[2]), float64(ff[3])}
		e := float64(ff[4])
		v := [3]float64{m[0] / d, m[1] / d, m[2] / d}
		p := 0.4 * (e - 0.5*d*(v[0]*v[0]+v[1]*v[1]+v[2]*v[2]))
		var f [3]float64
		for k := range 3 {
			if c < 3 {
				f[k] = v[c] * m[k]
				if k == c {
					f[k] += p
				}
			} else {
				f[k] = v[k] * (e + p)
			}
		}
		return []float3{{float32(f[0]), float32(f[1]), float32(f[2])}}
	}
	ffX, ffY, ffZ, ffE := ffFlux(0), ffFlux(1), ffFlux(2), ffFlux(3)

	// initialize_variables
	vars := agree(t, func(f form) ([]float32, error) {
		v := make([]float32, nelr*cfdNvar)
		return v, f.launch(cfg, CfdInitializeVariablesKernel(nelr, v, ff))
	})
	for i := range nelr {
		for j := range cfdNvar {
			require.Equal(t, ff[j], vars[i+j*nelr])
		}
	}
	// a perturbed flow
	for i := range nelr {
		vars[i+cfdVarDensity*nelr] = 1 + 0.5*r.Float32()
		for k := range 3 {
			vars[i+(cfdVarMomentum+k)*nelr] = r.Float32() - 0.5
		}
		vars[i+cfdVarDensityEnergy*nelr] = 2.5 + r.Float32()
	}
	areas, normals := make([]float32, nelr), make([]float32, nelr*cfdNnb*cfdNdim)
	ese := make([]int32, nelr*cfdNnb)
	for i := range areas {
		areas[i] = 0.5 + r.Float32()
	}
	for i := range normals {
		normals[i] = r.Float32() - 0.5
	}
	for i := range ese {
		ese[i] = int32(r.IntN(nelr+20)) - 20
		if ese[i] < -2 {
			ese[i] = -1 - ese[i]%2
		}
	}

	type state struct {
		d, e float64
		m    [3]float64
	}
	get := func(v []float32, i int) state {
		return state{float64(v[i+cfdVarDensity*nelr]), float64(v[i+cfdVarDensityEnergy*nelr]),
			[3]float64{float64(v[i+(cfdVarMomentum+0)*nelr]), float64(v[i+(cfdVarMomentum+1)*nelr]), float64(v[i+(cfdVarMomentum+2)*nelr])}}
	}
	derived := func(s state) (v [3]float64, speedSqd, p, c float64, fc [4][3]float64) {
		for k := range 3 {
			v[k] = s.m[k] / s.d
		}
		speedSqd = v[0]*v[0] + v[1]*v[1] + v[2]*v[2]
		p = 0.4 * (s.e - 0.5*s.d*speedSqd)
		c = math.Sqrt(1.4 * p / s.d)
		for a := range 3 {
			for k := range 3 {
				fc[a][k] = v[a] * s.m[k]
				if a == k {
					fc[a][k] += p
				}
			}
			fc[3][a] = v[a] * (s.e + p)
		}
		return
	}

	stepFactors := agree(t, func(f form) ([]float32, error) {
		sf := make([]float32, nelr)
		return sf, f.launch(cfg, CfdComputeStepFactorKernel(nelr, vars, areas, sf))
	})
	for i := range nelr {
		_, speedSqd, _, c, _ := derived(get(vars, i))
		want := 0.5 / (math.Sqrt(float64(areas[i])) * (math.Sqrt(speedSqd) + c))
		require.InDelta(t, want, stepFactors[i], 1e-5*want, "step factor %d", i)
	}

	old := vars
	for j := range cfdRK {
		fluxes := agree(t, func(f form) ([]float32, error) {
			fl := make([]float32, nelr*cfdNvar)
			return fl, f.launch(cfg, CfdComputeFluxKernel(nelr, ese, normals, vars, fl, ff, ffX, ffY, ffZ, ffE))
		})
		ffs := state{float64(ff[0]), float64(ff[4]), [3]float64{float64(ff[1]), float64(ff[2]), float64(ff[3])}}
		_, _, _, _, ffFc := derived(ffs)
		for i := range nelr {
			si := get(vars, i)
			_, sqdI, pI, cI, fcI := derived(si)
			var fd, fe float64
			var fm [3]float64
			for k := range cfdNnb {
				nb := int(ese[i+k*nelr])
				n := [3]float64{float64(normals[i+(k+0*cfdNnb)*nelr]), float64(normals[i+(k+1*cfdNnb)*nelr]), float64(normals[i+(k+2*cfdNnb)*nelr])}
				nl := math.Sqrt(n[0]*n[0] + n[1]*n[1] + n[2]*n[2])
				switch {
				case nb >= 0:
					sn := get(vars, nb)
					_, sqdN, _, cN, fcN := derived(sn)
					factor := -nl * 0.2 * 0.5 * (math.Sqrt(sqdI) + math.Sqrt(sqdN) + cI + cN)
					fd += factor * (si.d - sn.d)
					fe += factor * (si.e - sn.e)
					for a := range 3 {
						fm[a] += factor * (si.m[a] - sn.m[a])
					}
					for c := range 3 {
						factor = 0.5 * n[c]
						fd += factor * (sn.m[c] + si.m[c])
						fe += factor * (fcN[3][c] + fcI[3][c])
						for a := range 3 {
							fm[a] += factor * (fcN[a][c] + fcI[a][c])
						}
					}
				case nb == -1:
					for a := range 3 {
						fm[a] += n[a] * pI
					}
				case nb == -2:
					for c := range 3 {
						factor := 0.5 * n[c]
						fd += factor * (ffs.m[c] + si.m[c])
						fe += factor * (ffFc[3][c] + fcI[3][c])
						for a := range 3 {
							fm[a] += factor * (ffFc[a][c] + fcI[a][c])
						}
					}
				}
			}
			got := get(fluxes, i)
			require.InDelta(t, fd, got.d, 1e-4*max(1, math.Abs(fd)), "density flux %d", i)
			require.InDelta(t, fe, got.e, 1e-4*max(1, math.Abs(fe)), "energy flux %d", i)
			for a := range 3 {
				require.InDelta(t, fm[a], got.m[a], 1e-4*max(1, math.Abs(fm[a])), "momentum flux %d of %d", a, i)
			}
		}
		next := agree(t, func(f form) ([]float32, error) {
			v := make([]float32, nelr*cfdNvar)
			return v, f.launch(cfg, CfdTimeStepKernel(j, nelr, old, v, stepFactors, fluxes))
		})
		for i := range nelr {
			factor := float64(stepFactors[i]) / float64(cfdRK+1-j)
			for v := range cfdNvar {
				want := float64(old[i+v*nelr]) + factor*float64(fluxes[i+v*nelr])
				require.InDelta(t, want, next[i+v*nelr], 1e-5*max(1, math.Abs(want)), "stage %d variable %d of %d", j, v, i)
			}
		}
		vars = next
	}
}
