package rodinia_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/gocudatest"
	"github.com/gocuda/gocuda/internal/bench/rodinia"
)

// cfdTol is the relative tolerance of CFD's comparisons with CFDSerial.
// Every element gets the same operations in the same order in the kernels
// and the reference, and the results are equal bit for bit on amd64; the
// tolerance allows only for FMA fusion, as hotspotTol does.
const cfdTol = 1e-5

// TestCFD: CFD on both paths, and CFDParallel, compute the variables
// CFDSerial computes, on meshes of one cube (six elements padded to a
// block) to 5³ cubes (750 elements padded to four blocks), for zero to
// ten iterations; the flow stays finite and the wing changes it.
func TestCFD(t *testing.T) {
	cases := []struct{ cubes, iterations int }{{1, 3}, {2, 0}, {2, 1}, {4, 3}, {5, 10}}
	ff := rodinia.CFDFarFieldConditions()
	gocudatest.Paths(t, func(t *testing.T, dev *gocuda.Device) {
		for _, c := range cases {
			t.Run(fmt.Sprintf("cubes=%d/iterations=%d", c.cubes, c.iterations), func(t *testing.T) {
				m, err := rodinia.NewCFDMesh(c.cubes, seed)
				require.NoError(t, err)
				want := make([]float32, m.Nelr*rodinia.CFDNVar)
				rodinia.CFDSerial(m, c.iterations, want)
				require.False(t, slices.ContainsFunc(want, func(x float32) bool { return math.IsNaN(float64(x)) || math.IsInf(float64(x), 0) }))
				changed := slices.IndexFunc(want, func(x float32) bool { return !slices.Contains(ff.Variable[:], x) }) >= 0
				require.Equal(t, c.iterations > 0, changed, "the flow changed")

				got := make([]float32, len(want))
				require.NoError(t, rodinia.CFD(dev, m, c.iterations, got))
				require.NoError(t, gocudatest.Close(got, want, cfdTol), "CFD")

				par := make([]float32, len(want))
				rodinia.CFDParallel(m, c.iterations, par)
				require.NoError(t, gocudatest.Equal(par, want), "CFDParallel")
			})
		}
	})
}

// TestCFDUniformFlow: without the wing, the far field's uniform flow is a
// steady state (the elements are closed, their normals sum to zero), which
// the solver keeps up to rounding.
func TestCFDUniformFlow(t *testing.T) {
	m, err := rodinia.NewCFDMesh(4, seed)
	require.NoError(t, err)
	for i, nb := range m.ElementsSurroundingElements {
		if nb == rodinia.CFDWing {
			m.ElementsSurroundingElements[i] = rodinia.CFDFarFieldFace
		}
	}
	ff := rodinia.CFDFarFieldConditions()
	v := make([]float32, m.Nelr*rodinia.CFDNVar)
	require.NoError(t, rodinia.CFD(gocudatest.NewDevice(t), m, 5, v))
	for k := range rodinia.CFDNVar {
		for i := range m.Nel {
			require.InDelta(t, ff.Variable[k], v[i+k*m.Nelr], 1e-4, "element %d, variable %d", i, k)
		}
	}
}

// cfdPerturbed returns variables near the far field's, at random.
func cfdPerturbed(m *rodinia.CFDMesh, ff rodinia.CFDFarField) []float32 {
	r := rand.New(rand.NewPCG(seed, 1))
	v := make([]float32, m.Nelr*rodinia.CFDNVar)
	for k := range rodinia.CFDNVar {
		for i := range m.Nelr {
			v[i+k*m.Nelr] = ff.Variable[k] + 0.1*(r.Float32()-0.5)
		}
	}
	return v
}

// cfdPhysics returns the Euler fluxes along x, y and z, the pressure and
// the speed plus the speed of sound of a state, in float64.
func cfdPhysics(u [5]float64) (f [3][5]float64, p, s float64) {
	rho, e := u[0], u[4]
	vel := [3]float64{u[1] / rho, u[2] / rho, u[3] / rho}
	v2 := vel[0]*vel[0] + vel[1]*vel[1] + vel[2]*vel[2]
	p = 0.4 * (e - 0.5*rho*v2)
	for d := range 3 {
		f[d][0] = u[1+d]
		for k := range 3 {
			f[d][1+k] = vel[d] * u[1+k]
		}
		f[d][1+d] += p
		f[d][4] = vel[d] * (e + p)
	}
	return f, p, math.Sqrt(v2) + math.Sqrt(1.4*p/rho)
}

// TestCFDKernels: one launch each of CFDComputeStepFactorKernel,
// CFDComputeFluxKernel and CFDTimeStepKernel on perturbed variables
// against the scheme of Corrigan et al. written out in float64: a local
// time step of 0.5/(√area·(|v|+c)), on each face the average of the two
// sides' Euler fluxes through the inward normal and a scalar dissipation
// of 0.1·|n|·(|v|+c summed over both sides) times the difference, the
// pressure on wing faces.
func TestCFDKernels(t *testing.T) {
	gocudatest.Paths(t, func(t *testing.T, dev *gocuda.Device) {
		m, err := rodinia.NewCFDMesh(3, seed)
		require.NoError(t, err)
		ff := rodinia.CFDFarFieldConditions()
		v, nelr := cfdPerturbed(m, ff), m.Nelr
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: nelr / rodinia.CFDBlock}, Block: gocuda.Dim3{X: rodinia.CFDBlock}}
		sf, fl, next := make([]float32, nelr), make([]float32, nelr*rodinia.CFDNVar), make([]float32, nelr*rodinia.CFDNVar)
		require.NoError(t, dev.Launch(cfg, rodinia.CFDComputeStepFactorKernel(nelr, v, m.Areas, sf)))
		require.NoError(t, dev.Launch(cfg, rodinia.CFDComputeFluxKernel(nelr, m.ElementsSurroundingElements, m.Normals, v, fl, ff)))
		require.NoError(t, dev.Launch(cfg, rodinia.CFDTimeStepKernel(1, nelr, v, next, sf, fl)))

		state := func(i int) (u [5]float64) {
			for k := range u {
				u[k] = float64(v[i+k*nelr])
			}
			return u
		}
		var ffU [5]float64
		for k := range ffU {
			ffU[k] = float64(ff.Variable[k])
		}
		for _, i := range []int{0, 17, 100, m.Nel - 1} {
			ui := state(i)
			fi, pi, si := cfdPhysics(ui)
			require.InEpsilon(t, 0.5/(math.Sqrt(float64(m.Areas[i]))*si), sf[i], 1e-5, "step factor %d", i)
			var want [5]float64
			for j := range rodinia.CFDNNB {
				nb := m.ElementsSurroundingElements[i+j*nelr]
				var n [3]float64
				for d := range n {
					n[d] = float64(m.Normals[i+(j+d*rodinia.CFDNNB)*nelr])
				}
				if nb == rodinia.CFDWing {
					for d := range 3 {
						want[1+d] += n[d] * pi
					}
					continue
				}
				uo, fo := ffU, [3][5]float64{}
				if nb >= 0 {
					uo = state(int(nb))
					var so float64
					fo, _, so = cfdPhysics(uo)
					nLen := math.Sqrt(n[0]*n[0] + n[1]*n[1] + n[2]*n[2])
					for k := range want {
						want[k] -= 0.1 * nLen * (si + so) * (ui[k] - uo[k])
					}
				} else {
					fo, _, _ = cfdPhysics(uo)
				}
				for d := range 3 {
					for k := range want {
						want[k] += 0.5 * n[d] * (fi[d][k] + fo[d][k])
					}
				}
			}
			for k := range want {
				require.InDelta(t, want[k], fl[i+k*nelr], 1e-4*(1+math.Abs(want[k])), "flux %d of element %d", k, i)
				require.InDelta(t, ui[k]+float64(sf[i])/3*float64(fl[i+k*nelr]), next[i+k*nelr], 1e-5, "stage 1, variable %d of element %d", k, i)
			}
		}
	})
}

// TestCFDMesh: NewCFDMesh's elements fill the unit cube, are closed (the
// normals of an element's faces sum to zero), its neighbours are mutual
// through opposite normals, it has wing faces, and its padding copies the
// last element.
func TestCFDMesh(t *testing.T) {
	m, err := rodinia.NewCFDMesh(3, seed)
	require.NoError(t, err)
	nelr, nnb := m.Nelr, rodinia.CFDNNB
	require.Equal(t, 162, m.Nel)
	require.Equal(t, rodinia.CFDBlock, nelr)
	normal := func(i, j, d int) float64 { return float64(m.Normals[i+(j+d*nnb)*nelr]) }
	var volume float64
	wing := 0
	for i := range m.Nel {
		volume += float64(m.Areas[i])
		for d := range 3 {
			var sum float64
			for j := range nnb {
				sum += normal(i, j, d)
			}
			require.InDelta(t, 0, sum, 1e-6, "element %d is closed", i)
		}
		for j := range nnb {
			nb := m.ElementsSurroundingElements[i+j*nelr]
			if nb == rodinia.CFDWing {
				wing++
				require.Positive(t, normal(i, j, 2), "wing face normals point up, inwards")
			}
			if nb < 0 {
				continue
			}
			back := slices.IndexFunc([]int{0, 1, 2, 3}, func(j int) bool { return m.ElementsSurroundingElements[int(nb)+j*nelr] == int32(i) })
			require.GreaterOrEqual(t, back, 0, "element %d's neighbour %d is mutual", i, nb)
			for d := range 3 {
				require.InDelta(t, -normal(i, j, d), normal(int(nb), back, d), 1e-7)
			}
		}
	}
	require.InDelta(t, 1, volume, 1e-5)
	require.Equal(t, 2, wing, "the wing: the middle square of the bottom, two triangles")
	for i := m.Nel; i < nelr; i++ {
		require.Equal(t, m.Areas[m.Nel-1], m.Areas[i])
		for j := range nnb {
			require.Equal(t, m.ElementsSurroundingElements[m.Nel-1+j*nelr], m.ElementsSurroundingElements[i+j*nelr])
		}
	}
	_, err = rodinia.NewCFDMesh(0, seed)
	require.ErrorIs(t, err, gocuda.ErrInvalidValue)
}

// TestCFDErrors: bad arguments are errors matching gocuda.ErrInvalidValue,
// and panics for the baselines.
func TestCFDErrors(t *testing.T) {
	dev := gocudatest.NewDevice(t)
	m, err := rodinia.NewCFDMesh(2, seed)
	require.NoError(t, err)
	v := make([]float32, m.Nelr*rodinia.CFDNVar)
	bad := *m
	bad.ElementsSurroundingElements = slices.Clone(m.ElementsSurroundingElements)
	bad.ElementsSurroundingElements[5] = int32(m.Nelr)
	short := *m
	short.Areas = m.Areas[:10]
	for name, c := range map[string]struct {
		m          *rodinia.CFDMesh
		v          []float32
		iterations int
	}{
		"nil mesh":   {nil, v, 1},
		"neighbour":  {&bad, v, 1},
		"areas":      {&short, v, 1},
		"variables":  {m, v[1:], 1},
		"iterations": {m, v, -1},
	} {
		require.ErrorIs(t, rodinia.CFD(dev, c.m, c.iterations, c.v), gocuda.ErrInvalidValue, name)
	}
	require.ErrorIs(t, rodinia.CFD(nil, m, 1, v), gocuda.ErrInvalidValue, "nil device")
	require.Panics(t, func() { rodinia.CFDSerial(&bad, 1, v) })
	require.Panics(t, func() { rodinia.CFDParallel(m, 1, v[1:]) })
}
