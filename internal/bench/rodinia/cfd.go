package rodinia

import (
	"math"

	"github.com/gocuda/gocuda/gocuda"
)

// The options and layout of cfd/euler3d.cu.
const (
	// CFDBlock is BLOCK_SIZE_0 to BLOCK_SIZE_4: the threads of a block of
	// every kernel, one element per thread. Meshes are padded to a
	// multiple of it.
	CFDBlock = 192
	// CFDNNB is NNB: the faces of an element (a tetrahedron).
	CFDNNB = 4
	// CFDNVar is NVAR: the variables of an element, density, momentum
	// (three) and density energy, each in an array of its own of nelr.
	CFDNVar = cfdVarDensityEnergy + 1

	cfdGamma                float32 = 1.4
	cfdNDim                         = 3
	cfdRK                           = 3 // 3rd order RK
	cfdFFMach               float32 = 1.2
	cfdDegAngleOfAttack     float32 = 0
	cfdVarDensity                   = 0
	cfdVarMomentum                  = 1
	cfdVarDensityEnergy             = cfdVarMomentum + cfdNDim
	cfdSmoothingCoefficient float32 = 0.2
)

// CFDFloat3 is CUDA's float3.
type CFDFloat3 struct{ X, Y, Z float32 }

// CFDFarField are the far-field conditions of euler3d.cu, its __constant__
// arrays ff_variable and ff_flux_contribution_*: the variables of the
// flow far from the body and their fluxes along x, y and z.
type CFDFarField struct {
	Variable                                       [CFDNVar]float32
	MomentumX, MomentumY, MomentumZ, DensityEnergy CFDFloat3
}

// CFDInitializeVariablesKernel returns cuda_initialize_variables of
// Rodinia's cfd/euler3d.cu: every element's variables set to the far
// field's. Launch it with nelr/CFDBlock blocks of CFDBlock threads (CFD
// does).
//
//gocuda:kernel CFDInitializeVariablesKernel
func cfdInitializeVariables(t *gocuda.Thread, nelr int, variables []float32, ff CFDFarField) {
	i := t.BlockDim.X*t.BlockIdx.X + t.ThreadIdx.X
	for j := 0; j < CFDNVar; j++ {
		variables[i+j*nelr] = ff.Variable[j]
	}
}

// cfdComputeFluxContribution is compute_flux_contribution: the fluxes of
// momentum and density energy along x, y and z. It takes and sets its
// arguments through pointers, as the original takes C++ references.
func cfdComputeFluxContribution(density *float32, momentum *CFDFloat3, densityEnergy, pressure *float32, velocity *CFDFloat3,
	fcMomentumX, fcMomentumY, fcMomentumZ, fcDensityEnergy *CFDFloat3) {
	fcMomentumX.X = velocity.X*momentum.X + *pressure
	fcMomentumX.Y = velocity.X * momentum.Y
	fcMomentumX.Z = velocity.X * momentum.Z

	fcMomentumY.X = fcMomentumX.Y
	fcMomentumY.Y = velocity.Y*momentum.Y + *pressure
	fcMomentumY.Z = velocity.Y * momentum.Z

	fcMomentumZ.X = fcMomentumX.Z
	fcMomentumZ.Y = fcMomentumY.Z
	fcMomentumZ.Z = velocity.Z*momentum.Z + *pressure

	deP := *densityEnergy + *pressure
	fcDensityEnergy.X = velocity.X * deP
	fcDensityEnergy.Y = velocity.Y * deP
	fcDensityEnergy.Z = velocity.Z * deP
}

// cfdComputeVelocity is compute_velocity.
func cfdComputeVelocity(density *float32, momentum, velocity *CFDFloat3) {
	velocity.X = momentum.X / *density
	velocity.Y = momentum.Y / *density
	velocity.Z = momentum.Z / *density
}

// cfdComputeSpeedSqd is compute_speed_sqd.
func cfdComputeSpeedSqd(velocity *CFDFloat3) float32 {
	return velocity.X*velocity.X + velocity.Y*velocity.Y + velocity.Z*velocity.Z
}

// cfdComputePressure is compute_pressure.
func cfdComputePressure(density, densityEnergy, speedSqd *float32) float32 {
	return (cfdGamma - 1) * (*densityEnergy - 0.5*(*density)*(*speedSqd))
}

// cfdComputeSpeedOfSound is compute_speed_of_sound.
func cfdComputeSpeedOfSound(density, pressure *float32) float32 {
	return sqrtf(cfdGamma * (*pressure) / (*density))
}

// sqrtf is C's sqrtf: math.Sqrt is correctly rounded, so the float64
// root of a float rounds to the float root.
func sqrtf(x float32) float32 { return float32(math.Sqrt(float64(x))) }

// CFDComputeStepFactorKernel returns cuda_compute_step_factor of Rodinia's
// cfd/euler3d.cu: each element's local time step divided by its area (its
// volume), from its speed and speed of sound. Launch it with
// nelr/CFDBlock blocks of CFDBlock threads (CFD does).
//
//gocuda:kernel CFDComputeStepFactorKernel
func cfdComputeStepFactor(t *gocuda.Thread, nelr int, variables, areas, stepFactors []float32) {
	i := t.BlockDim.X*t.BlockIdx.X + t.ThreadIdx.X

	density := variables[i+cfdVarDensity*nelr]
	var momentum CFDFloat3
	momentum.X = variables[i+(cfdVarMomentum+0)*nelr]
	momentum.Y = variables[i+(cfdVarMomentum+1)*nelr]
	momentum.Z = variables[i+(cfdVarMomentum+2)*nelr]

	densityEnergy := variables[i+cfdVarDensityEnergy*nelr]
	var velocity CFDFloat3
	cfdComputeVelocity(&density, &momentum, &velocity)
	speedSqd := cfdComputeSpeedSqd(&velocity)
	pressure := cfdComputePressure(&density, &densityEnergy, &speedSqd)
	speedOfSound := cfdComputeSpeedOfSound(&density, &pressure)

	// dt = 0.5 * sqrt(area) / (||v|| + c), divided by the area for the
	// time step at once.
	stepFactors[i] = 0.5 / (sqrtf(areas[i]) * (sqrtf(speedSqd) + speedOfSound))
}

// CFDComputeFluxKernel returns cuda_compute_flux of Rodinia's
// cfd/euler3d.cu: each element's flux summed over its CFDNNB faces. A
// face with a neighbour (nb ≥ 0) adds the neighbour's and the element's
// fluxes through the face's normal, averaged, and an artificial
// viscosity; a wing face (nb = -1) adds the element's pressure on the
// face; a far-field face (nb = -2) adds the far field's and the
// element's fluxes, averaged. The normals are stored inward (euler3d.cu
// negates the file's), feature-major as the variables. Launch it with
// nelr/CFDBlock blocks of CFDBlock threads (CFD does).
//
// The original reads the far field from __constant__ arrays; the port
// takes them as the kernel argument ff, a value, which is what a constant
// is to each thread. The original's #pragma unroll is left to the
// compiler.
//
//gocuda:kernel CFDComputeFluxKernel
func cfdComputeFlux(t *gocuda.Thread, nelr int, elementsSurroundingElements []int32, normals, variables, fluxes []float32, ff CFDFarField) {
	i := t.BlockDim.X*t.BlockIdx.X + t.ThreadIdx.X
	var j int
	var nb int32
	var normal CFDFloat3
	var normalLen, factor float32

	densityI := variables[i+cfdVarDensity*nelr]
	var momentumI CFDFloat3
	momentumI.X = variables[i+(cfdVarMomentum+0)*nelr]
	momentumI.Y = variables[i+(cfdVarMomentum+1)*nelr]
	momentumI.Z = variables[i+(cfdVarMomentum+2)*nelr]

	densityEnergyI := variables[i+cfdVarDensityEnergy*nelr]

	var velocityI CFDFloat3
	cfdComputeVelocity(&densityI, &momentumI, &velocityI)
	speedSqdI := cfdComputeSpeedSqd(&velocityI)
	speedI := sqrtf(speedSqdI)
	pressureI := cfdComputePressure(&densityI, &densityEnergyI, &speedSqdI)
	speedOfSoundI := cfdComputeSpeedOfSound(&densityI, &pressureI)
	var fluxContributionIMomentumX, fluxContributionIMomentumY, fluxContributionIMomentumZ CFDFloat3
	var fluxContributionIDensityEnergy CFDFloat3
	cfdComputeFluxContribution(&densityI, &momentumI, &densityEnergyI, &pressureI, &velocityI,
		&fluxContributionIMomentumX, &fluxContributionIMomentumY, &fluxContributionIMomentumZ, &fluxContributionIDensityEnergy)

	var fluxIDensity float32
	var fluxIMomentum CFDFloat3
	var fluxIDensityEnergy float32

	var velocityNb CFDFloat3
	var densityNb, densityEnergyNb float32
	var momentumNb CFDFloat3
	var fluxContributionNbMomentumX, fluxContributionNbMomentumY, fluxContributionNbMomentumZ CFDFloat3
	var fluxContributionNbDensityEnergy CFDFloat3
	var speedSqdNb, speedOfSoundNb, pressureNb float32

	for j = 0; j < CFDNNB; j++ {
		nb = elementsSurroundingElements[i+j*nelr]
		normal.X = normals[i+(j+0*CFDNNB)*nelr]
		normal.Y = normals[i+(j+1*CFDNNB)*nelr]
		normal.Z = normals[i+(j+2*CFDNNB)*nelr]
		normalLen = sqrtf(normal.X*normal.X + normal.Y*normal.Y + normal.Z*normal.Z)

		if nb >= 0 { // a legitimate neighbor
			n := int(nb)
			densityNb = variables[n+cfdVarDensity*nelr]
			momentumNb.X = variables[n+(cfdVarMomentum+0)*nelr]
			momentumNb.Y = variables[n+(cfdVarMomentum+1)*nelr]
			momentumNb.Z = variables[n+(cfdVarMomentum+2)*nelr]
			densityEnergyNb = variables[n+cfdVarDensityEnergy*nelr]
			cfdComputeVelocity(&densityNb, &momentumNb, &velocityNb)
			speedSqdNb = cfdComputeSpeedSqd(&velocityNb)
			pressureNb = cfdComputePressure(&densityNb, &densityEnergyNb, &speedSqdNb)
			speedOfSoundNb = cfdComputeSpeedOfSound(&densityNb, &pressureNb)
			cfdComputeFluxContribution(&densityNb, &momentumNb, &densityEnergyNb, &pressureNb, &velocityNb,
				&fluxContributionNbMomentumX, &fluxContributionNbMomentumY, &fluxContributionNbMomentumZ, &fluxContributionNbDensityEnergy)

			// artificial viscosity
			factor = -normalLen * cfdSmoothingCoefficient * 0.5 * (speedI + sqrtf(speedSqdNb) + speedOfSoundI + speedOfSoundNb)
			fluxIDensity += factor * (densityI - densityNb)
			fluxIDensityEnergy += factor * (densityEnergyI - densityEnergyNb)
			fluxIMomentum.X += factor * (momentumI.X - momentumNb.X)
			fluxIMomentum.Y += factor * (momentumI.Y - momentumNb.Y)
			fluxIMomentum.Z += factor * (momentumI.Z - momentumNb.Z)

			// accumulate cell-centered fluxes
			factor = 0.5 * normal.X
			fluxIDensity += factor * (momentumNb.X + momentumI.X)
			fluxIDensityEnergy += factor * (fluxContributionNbDensityEnergy.X + fluxContributionIDensityEnergy.X)
			fluxIMomentum.X += factor * (fluxContributionNbMomentumX.X + fluxContributionIMomentumX.X)
			fluxIMomentum.Y += factor * (fluxContributionNbMomentumY.X + fluxContributionIMomentumY.X)
			fluxIMomentum.Z += factor * (fluxContributionNbMomentumZ.X + fluxContributionIMomentumZ.X)

			factor = 0.5 * normal.Y
			fluxIDensity += factor * (momentumNb.Y + momentumI.Y)
			fluxIDensityEnergy += factor * (fluxContributionNbDensityEnergy.Y + fluxContributionIDensityEnergy.Y)
			fluxIMomentum.X += factor * (fluxContributionNbMomentumX.Y + fluxContributionIMomentumX.Y)
			fluxIMomentum.Y += factor * (fluxContributionNbMomentumY.Y + fluxContributionIMomentumY.Y)
			fluxIMomentum.Z += factor * (fluxContributionNbMomentumZ.Y + fluxContributionIMomentumZ.Y)

			factor = 0.5 * normal.Z
			fluxIDensity += factor * (momentumNb.Z + momentumI.Z)
			fluxIDensityEnergy += factor * (fluxContributionNbDensityEnergy.Z + fluxContributionIDensityEnergy.Z)
			fluxIMomentum.X += factor * (fluxContributionNbMomentumX.Z + fluxContributionIMomentumX.Z)
			fluxIMomentum.Y += factor * (fluxContributionNbMomentumY.Z + fluxContributionIMomentumY.Z)
			fluxIMomentum.Z += factor * (fluxContributionNbMomentumZ.Z + fluxContributionIMomentumZ.Z)
		} else if nb == -1 { // a wing boundary
			fluxIMomentum.X += normal.X * pressureI
			fluxIMomentum.Y += normal.Y * pressureI
			fluxIMomentum.Z += normal.Z * pressureI
		} else if nb == -2 { // a far field boundary
			factor = 0.5 * normal.X
			fluxIDensity += factor * (ff.Variable[cfdVarMomentum+0] + momentumI.X)
			fluxIDensityEnergy += factor * (ff.DensityEnergy.X + fluxContributionIDensityEnergy.X)
			fluxIMomentum.X += factor * (ff.MomentumX.X + fluxContributionIMomentumX.X)
			fluxIMomentum.Y += factor * (ff.MomentumY.X + fluxContributionIMomentumY.X)
			fluxIMomentum.Z += factor * (ff.MomentumZ.X + fluxContributionIMomentumZ.X)

			factor = 0.5 * normal.Y
			fluxIDensity += factor * (ff.Variable[cfdVarMomentum+1] + momentumI.Y)
			fluxIDensityEnergy += factor * (ff.DensityEnergy.Y + fluxContributionIDensityEnergy.Y)
			fluxIMomentum.X += factor * (ff.MomentumX.Y + fluxContributionIMomentumX.Y)
			fluxIMomentum.Y += factor * (ff.MomentumY.Y + fluxContributionIMomentumY.Y)
			fluxIMomentum.Z += factor * (ff.MomentumZ.Y + fluxContributionIMomentumZ.Y)

			factor = 0.5 * normal.Z
			fluxIDensity += factor * (ff.Variable[cfdVarMomentum+2] + momentumI.Z)
			fluxIDensityEnergy += factor * (ff.DensityEnergy.Z + fluxContributionIDensityEnergy.Z)
			fluxIMomentum.X += factor * (ff.MomentumX.Z + fluxContributionIMomentumX.Z)
			fluxIMomentum.Y += factor * (ff.MomentumY.Z + fluxContributionIMomentumY.Z)
			fluxIMomentum.Z += factor * (ff.MomentumZ.Z + fluxContributionIMomentumZ.Z)
		}
	}

	fluxes[i+cfdVarDensity*nelr] = fluxIDensity
	fluxes[i+(cfdVarMomentum+0)*nelr] = fluxIMomentum.X
	fluxes[i+(cfdVarMomentum+1)*nelr] = fluxIMomentum.Y
	fluxes[i+(cfdVarMomentum+2)*nelr] = fluxIMomentum.Z
	fluxes[i+cfdVarDensityEnergy*nelr] = fluxIDensityEnergy
}

// CFDTimeStepKernel returns cuda_time_step of Rodinia's cfd/euler3d.cu:
// Runge-Kutta stage j's update of each element's variables from
// oldVariables and the fluxes. Launch it with nelr/CFDBlock blocks of
// CFDBlock threads (CFD does).
//
//gocuda:kernel CFDTimeStepKernel
func cfdTimeStep(t *gocuda.Thread, j, nelr int, oldVariables, variables, stepFactors, fluxes []float32) {
	i := t.BlockDim.X*t.BlockIdx.X + t.ThreadIdx.X

	factor := stepFactors[i] / float32(cfdRK+1-j)

	variables[i+cfdVarDensity*nelr] = oldVariables[i+cfdVarDensity*nelr] + factor*fluxes[i+cfdVarDensity*nelr]
	variables[i+cfdVarDensityEnergy*nelr] = oldVariables[i+cfdVarDensityEnergy*nelr] + factor*fluxes[i+cfdVarDensityEnergy*nelr]
	variables[i+(cfdVarMomentum+0)*nelr] = oldVariables[i+(cfdVarMomentum+0)*nelr] + factor*fluxes[i+(cfdVarMomentum+0)*nelr]
	variables[i+(cfdVarMomentum+1)*nelr] = oldVariables[i+(cfdVarMomentum+1)*nelr] + factor*fluxes[i+(cfdVarMomentum+1)*nelr]
	variables[i+(cfdVarMomentum+2)*nelr] = oldVariables[i+(cfdVarMomentum+2)*nelr] + factor*fluxes[i+(cfdVarMomentum+2)*nelr]
}
