package rodinia

import "github.com/gocuda/gocuda/gocuda"

// CFD runs iterations of Rodinia's cfd (euler3d.cu, in float) on the mesh
// m on dev, as its main function does, and leaves the elements' variables
// in variables (m.Nelr×CFDNVar, variable-major): it sets every element to
// the far field with CFDInitializeVariablesKernel, then each iteration
// keeps the variables, launches CFDComputeStepFactorKernel, and for each
// of the three Runge-Kutta stages CFDComputeFluxKernel and
// CFDTimeStepKernel, each over m.Nelr/CFDBlock blocks of CFDBlock
// threads: 1+7×iterations launches. The work arrays are allocated per
// call, as main allocates them per run. Errors wrap
// gocuda.ErrInvalidValue for a nil device, an inconsistent mesh, a wrong
// length or negative iterations, or are the launches'.
func CFD(dev *gocuda.Device, m *CFDMesh, iterations int, variables []float32) error {
	if dev == nil {
		return nilDevice("CFD")
	}
	if err := m.check("CFD", variables, iterations); err != nil {
		return err
	}
	ff := CFDFarFieldConditions()
	nelr := m.Nelr
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: nelr / CFDBlock}, Block: gocuda.Dim3{X: CFDBlock}}
	oldVariables, fluxes, stepFactors := make([]float32, nelr*CFDNVar), make([]float32, nelr*CFDNVar), make([]float32, nelr)
	for _, v := range [][]float32{variables, oldVariables, fluxes} {
		if err := dev.Launch(cfg, CFDInitializeVariablesKernel(nelr, v, ff)); err != nil {
			return err
		}
	}
	for range iterations {
		copy(oldVariables, variables)
		if err := dev.Launch(cfg, CFDComputeStepFactorKernel(nelr, variables, m.Areas, stepFactors)); err != nil {
			return err
		}
		for j := range cfdRK {
			err := dev.Launch(cfg, CFDComputeFluxKernel(nelr, m.ElementsSurroundingElements, m.Normals, variables, fluxes, ff))
			if err != nil {
				return err
			}
			if err := dev.Launch(cfg, CFDTimeStepKernel(j, nelr, oldVariables, variables, stepFactors, fluxes)); err != nil {
				return err
			}
		}
	}
	return nil
}

// CFDSerial computes what CFD computes in one goroutine, element by
// element as Rodinia's OpenMP euler3d_cpu.cpp does: the hand-written serial
// baseline. Every element gets the kernels' operations in the same order,
// so the results are equal. It panics on an inconsistent mesh.
func CFDSerial(m *CFDMesh, iterations int, variables []float32) {
	cfdHost(m, iterations, variables, "CFDSerial", serialFor)
}

// CFDParallel is CFDSerial with each sweep's elements split over
// GOMAXPROCS goroutines: the hand-written parallel baseline.
func CFDParallel(m *CFDMesh, iterations int, variables []float32) {
	cfdHost(m, iterations, variables, "CFDParallel", parallelFor)
}

func cfdHost(m *CFDMesh, iterations int, variables []float32, name string, split func(n int, f func(lo, hi int))) {
	if err := m.check(name, variables, iterations); err != nil {
		panic(err)
	}
	ff := CFDFarFieldConditions()
	nelr := m.Nelr
	for k := range CFDNVar {
		for i := range nelr {
			variables[i+k*nelr] = ff.Variable[k]
		}
	}
	old, fluxes, stepFactors := make([]float32, nelr*CFDNVar), make([]float32, nelr*CFDNVar), make([]float32, nelr)
	states := make([]cfdState, nelr)
	stateSweep := func(lo, hi int) {
		for i := lo; i < hi; i++ {
			states[i] = cfdStateAt(variables, i, nelr)
		}
	}
	for range iterations {
		copy(old, variables)
		split(nelr, func(lo, hi int) {
			stateSweep(lo, hi)
			for i := lo; i < hi; i++ {
				stepFactors[i] = 0.5 / (sqrtf(m.Areas[i]) * (states[i].speed + states[i].speedOfSound))
			}
		})
		for j := range cfdRK {
			if j > 0 {
				split(nelr, stateSweep)
			}
			split(nelr, func(lo, hi int) {
				for i := lo; i < hi; i++ {
					f := m.flux(i, states, &ff)
					for k := range CFDNVar {
						fluxes[i+k*nelr] = f[k]
					}
				}
			})
			split(nelr, func(lo, hi int) {
				for i := lo; i < hi; i++ {
					factor := stepFactors[i] / float32(cfdRK+1-j)
					for k := range CFDNVar {
						variables[i+k*nelr] = old[i+k*nelr] + factor*fluxes[i+k*nelr]
					}
				}
			})
		}
	}
}

// cfdState is an element's variables (density, momentum, density energy)
// and what the flux takes from them: its fluxes along x, y and z in the
// variables' order, its speed, pressure and speed of sound.
type cfdState struct {
	u                             [CFDNVar]float32
	f                             [cfdNDim][CFDNVar]float32
	speed, pressure, speedOfSound float32
}

// cfdStateAt is element i's state in variables.
func cfdStateAt(variables []float32, i, nelr int) cfdState {
	var s cfdState
	for k := range CFDNVar {
		s.u[k] = variables[i+k*nelr]
	}
	density, densityEnergy := s.u[cfdVarDensity], s.u[cfdVarDensityEnergy]
	momentum := CFDFloat3{s.u[cfdVarMomentum], s.u[cfdVarMomentum+1], s.u[cfdVarMomentum+2]}
	var velocity, fx, fy, fz, fe CFDFloat3
	cfdComputeVelocity(&density, &momentum, &velocity)
	speedSqd := cfdComputeSpeedSqd(&velocity)
	s.speed = sqrtf(speedSqd)
	s.pressure = cfdComputePressure(&density, &densityEnergy, &speedSqd)
	s.speedOfSound = cfdComputeSpeedOfSound(&density, &s.pressure)
	cfdComputeFluxContribution(&density, &momentum, &densityEnergy, &s.pressure, &velocity, &fx, &fy, &fz, &fe)
	s.f = cfdFluxes(momentum, fx, fy, fz, fe)
	return s
}

// cfdFluxes arranges the fluxes of momentum (the density's) and of the
// other variables along x, y and z in the variables' order.
func cfdFluxes(momentum, fx, fy, fz, fe CFDFloat3) [cfdNDim][CFDNVar]float32 {
	return [cfdNDim][CFDNVar]float32{
		{momentum.X, fx.X, fy.X, fz.X, fe.X},
		{momentum.Y, fx.Y, fy.Y, fz.Y, fe.Y},
		{momentum.Z, fx.Z, fy.Z, fz.Z, fe.Z},
	}
}

// flux is element i's flux, as cuda_compute_flux sums it face by face,
// from the elements' states, computed once per stage rather than once per
// face as the kernel computes them.
func (m *CFDMesh) flux(i int, states []cfdState, ff *CFDFarField) (flux [CFDNVar]float32) {
	nelr := m.Nelr
	si := &states[i]
	ffMomentum := CFDFloat3{ff.Variable[cfdVarMomentum], ff.Variable[cfdVarMomentum+1], ff.Variable[cfdVarMomentum+2]}
	ffF := cfdFluxes(ffMomentum, ff.MomentumX, ff.MomentumY, ff.MomentumZ, ff.DensityEnergy)
	for j := range CFDNNB {
		nb := m.ElementsSurroundingElements[i+j*nelr]
		var normal [cfdNDim]float32
		for d := range cfdNDim {
			normal[d] = m.Normals[i+(j+d*CFDNNB)*nelr]
		}
		normalLen := sqrtf(normal[0]*normal[0] + normal[1]*normal[1] + normal[2]*normal[2])
		var other *[cfdNDim][CFDNVar]float32
		switch {
		case nb >= 0:
			sn := &states[nb]
			factor := -normalLen * cfdSmoothingCoefficient * 0.5 * (si.speed + sn.speed + si.speedOfSound + sn.speedOfSound)
			for k := range CFDNVar {
				flux[k] += factor * (si.u[k] - sn.u[k])
			}
			other = &sn.f
		case nb == CFDWing:
			for d := range cfdNDim {
				flux[cfdVarMomentum+d] += normal[d] * si.pressure
			}
		case nb == CFDFarFieldFace:
			other = &ffF
		}
		if other != nil {
			for d := range cfdNDim {
				factor := 0.5 * normal[d]
				for k := range CFDNVar {
					flux[k] += factor * (other[d][k] + si.f[d][k])
				}
			}
		}
	}
	return flux
}
