package hecbenchrodinia

import "github.com/gocuda/gocuda/gocuda"

// This file holds the four kernels of Rodinia 3.1's cfd (yuhc/gpu-rodinia
// at 9c10d3e, cuda/cfd/euler3d.cu, Andrew Corrigan's unstructured-grid
// finite-volume Euler solver from AIAA-2009-4001): each thread owns one
// element, its helpers take C++ references (pointers here), and the
// __constant__ far-field arrays are arguments read as slices.

// euler3d.cu's GAMMA, NDIM, NNB, RK and variable layout.
const (
	cfdGamma            float32 = 1.4
	cfdNdim                     = 3
	cfdNnb                      = 4
	cfdRK                       = 3
	cfdVarDensity               = 0
	cfdVarMomentum              = 1
	cfdVarDensityEnergy         = cfdVarMomentum + cfdNdim
	cfdNvar                     = cfdVarDensityEnergy + 1
)

// float3 is CUDA's float3 vector type.
type float3 struct{ X, Y, Z float32 }

// CfdInitializeVariablesKernel is cuda_initialize_variables: every
// element's variables set to the far-field ones, ffVariable
// (the __constant__ ff_variable).
//
//gocuda:kernel CfdInitializeVariablesKernel
func cudaInitializeVariables(t *gocuda.Thread, nelr int, variables []float32, ffVariable []float32) {
	i := (t.BlockDim.X*t.BlockIdx.X + t.ThreadIdx.X)
	for j := 0; j < cfdNvar; j++ {
		variables[i+j*nelr] = ffVariable[j]
	}
}

// computeFluxContribution is compute_flux_contribution.
func computeFluxContribution(density *float32, momentum *float3, densityEnergy *float32, pressure *float32, velocity *float3, fcMomentumX, fcMomentumY, fcMomentumZ, fcDensityEnergy *float3) {
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

// computeVelocity is compute_velocity.
func computeVelocity(density *float32, momentum *float3, velocity *float3) {
	velocity.X = momentum.X / *density
	velocity.Y = momentum.Y / *density
	velocity.Z = momentum.Z / *density
}

// computeSpeedSqd is compute_speed_sqd.
func computeSpeedSqd(velocity *float3) float32 {
	return velocity.X*velocity.X + velocity.Y*velocity.Y + velocity.Z*velocity.Z
}

// computePressure is compute_pressure.
func computePressure(density *float32, densityEnergy *float32, speedSqd *float32) float32 {
	return (float32(cfdGamma) - float32(1.0)) * (*densityEnergy - float32(0.5)*(*density)*(*speedSqd))
}

// computeSpeedOfSound is compute_speed_of_sound.
func computeSpeedOfSound(density *float32, pressure *float32) float32 {
	return sqrtf(float32(cfdGamma) * (*pressure) / (*density))
}

// CfdComputeStepFactorKernel is cuda_compute_step_factor: each element's
// time step over its area, from its speed and speed of sound.
//
//gocuda:kernel CfdComputeStepFactorKernel
func cudaComputeStepFactor(t *gocuda.Thread, nelr int, variables []float32, areas []float32, stepFactors []float32) {
	i := (t.BlockDim.X*t.BlockIdx.X + t.ThreadIdx.X)

	density := variables[i+cfdVarDensity*nelr]
	var momentum float3
	momentum.X = variables[i+(cfdVarMomentum+0)*nelr]
	momentum.Y = variables[i+(cfdVarMomentum+1)*nelr]
	momentum.Z = variables[i+(cfdVarMomentum+2)*nelr]

	densityEnergy := variables[i+cfdVarDensityEnergy*nelr]

	var velocity float3
	computeVelocity(&density, &momentum, &velocity)
	speedSqd := computeSpeedSqd(&velocity)
	pressure := computePressure(&density, &densityEnergy, &speedSqd)
	speedOfSound := computeSpeedOfSound(&density, &pressure)

	// dt = float(0.5f) * sqrtf(areas[i]) /  (||v|| + c).... but when we do time stepping, this later would need to be divided by the area, so we just do it all at once
	stepFactors[i] = float32(0.5) / (sqrtf(areas[i]) * (sqrtf(speedSqd) + speedOfSound))
}

// CfdComputeFluxKernel is cuda_compute_flux: each element's flux from its
// NNB faces: a neighbor element's fluxes with artificial viscosity, a wing
// boundary's pressure (nb = -1), or the far field's fluxes (nb = -2, from
// the __constant__ arrays passed as ffVariable and ffFlux*).
//
//gocuda:kernel CfdComputeFluxKernel
func cudaComputeFlux(t *gocuda.Thread, nelr int, elementsSurroundingElements []int32, normals []float32, variables []float32, fluxes []float32,
	ffVariable []float32, ffFluxContributionMomentumX, ffFluxContributionMomentumY, ffFluxContributionMomentumZ, ffFluxContributionDensityEnergy []float3) {
	smoothingCoefficient := float32(0.2)
	i := (t.BlockDim.X*t.BlockIdx.X + t.ThreadIdx.X)

	var j, nb int
	var normal float3
	var normalLen float32
	var factor float32

	densityI := variables[i+cfdVarDensity*nelr]
	var momentumI float3
	momentumI.X = variables[i+(cfdVarMomentum+0)*nelr]
	momentumI.Y = variables[i+(cfdVarMomentum+1)*nelr]
	momentumI.Z = variables[i+(cfdVarMomentum+2)*nelr]

	densityEnergyI := variables[i+cfdVarDensityEnergy*nelr]

	var velocityI float3
	computeVelocity(&densityI, &momentumI, &velocityI)
	speedSqdI := computeSpeedSqd(&velocityI)
	speedI := sqrtf(speedSqdI)
	pressureI := computePressure(&densityI, &densityEnergyI, &speedSqdI)
	speedOfSoundI := computeSpeedOfSound(&densityI, &pressureI)
	var fluxContributionIMomentumX, fluxContributionIMomentumY, fluxContributionIMomentumZ float3
	var fluxContributionIDensityEnergy float3
	computeFluxContribution(&densityI, &momentumI, &densityEnergyI, &pressureI, &velocityI, &fluxContributionIMomentumX, &fluxContributionIMomentumY, &fluxContributionIMomentumZ, &fluxContributionIDensityEnergy)

	fluxIDensity := float32(0.0)
	var fluxIMomentum float3
	fluxIMomentum.X = float32(0.0)
	fluxIMomentum.Y = float32(0.0)
	fluxIMomentum.Z = float32(0.0)
	fluxIDensityEnergy := float32(0.0)

	var velocityNb float3
	var densityNb, densityEnergyNb float32
	var momentumNb float3
	var fluxContributionNbMomentumX, fluxContributionNbMomentumY, fluxContributionNbMomentumZ float3
	var fluxContributionNbDensityEnergy float3
	var speedSqdNb, speedOfSoundNb, pressureNb float32

	for j = 0; j < cfdNnb; j++ {
		nb = int(elementsSurroundingElements[i+j*nelr])
		normal.X = normals[i+(j+0*cfdNnb)*nelr]
		normal.Y = normals[i+(j+1*cfdNnb)*nelr]
		normal.Z = normals[i+(j+2*cfdNnb)*nelr]
		normalLen = sqrtf(normal.X*normal.X + normal.Y*normal.Y + normal.Z*normal.Z)

		if nb >= 0 { // a legitimate neighbor
			densityNb = variables[nb+cfdVarDensity*nelr]
			momentumNb.X = variables[nb+(cfdVarMomentum+0)*nelr]
			momentumNb.Y = variables[nb+(cfdVarMomentum+1)*nelr]
			momentumNb.Z = variables[nb+(cfdVarMomentum+2)*nelr]
			densityEnergyNb = variables[nb+cfdVarDensityEnergy*nelr]
			computeVelocity(&densityNb, &momentumNb, &velocityNb)
			speedSqdNb = computeSpeedSqd(&velocityNb)
			pressureNb = computePressure(&densityNb, &densityEnergyNb, &speedSqdNb)
			speedOfSoundNb = computeSpeedOfSound(&densityNb, &pressureNb)
			computeFluxContribution(&densityNb, &momentumNb, &densityEnergyNb, &pressureNb, &velocityNb, &fluxContributionNbMomentumX, &fluxContributionNbMomentumY, &fluxContributionNbMomentumZ, &fluxContributionNbDensityEnergy)

			// artificial viscosity
			factor = -normalLen * smoothingCoefficient * float32(0.5) * (speedI + sqrtf(speedSqdNb) + speedOfSoundI + speedOfSoundNb)
			fluxIDensity += factor * (densityI - densityNb)
			fluxIDensityEnergy += factor * (densityEnergyI - densityEnergyNb)
			fluxIMomentum.X += factor * (momentumI.X - momentumNb.X)
			fluxIMomentum.Y += factor * (momentumI.Y - momentumNb.Y)
			fluxIMomentum.Z += factor * (momentumI.Z - momentumNb.Z)

			// accumulate cell-centered fluxes
			factor = float32(0.5) * normal.X
			fluxIDensity += factor * (momentumNb.X + momentumI.X)
			fluxIDensityEnergy += factor * (fluxContributionNbDensityEnergy.X + fluxContributionIDensityEnergy.X)
			fluxIMomentum.X += factor * (fluxContributionNbMomentumX.X + fluxContributionIMomentumX.X)
			fluxIMomentum.Y += factor * (fluxContributionNbMomentumY.X + fluxContributionIMomentumY.X)
			fluxIMomentum.Z += factor * (fluxContributionNbMomentumZ.X + fluxContributionIMomentumZ.X)

			factor = float32(0.5) * normal.Y
			fluxIDensity += factor * (momentumNb.Y + momentumI.Y)
			fluxIDensityEnergy += factor * (fluxContributionNbDensityEnergy.Y + fluxContributionIDensityEnergy.Y)
			fluxIMomentum.X += factor * (fluxContributionNbMomentumX.Y + fluxContributionIMomentumX.Y)
			fluxIMomentum.Y += factor * (fluxContributionNbMomentumY.Y + fluxContributionIMomentumY.Y)
			fluxIMomentum.Z += factor * (fluxContributionNbMomentumZ.Y + fluxContributionIMomentumZ.Y)

			factor = float32(0.5) * normal.Z
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
			factor = float32(0.5) * normal.X
			fluxIDensity += factor * (ffVariable[cfdVarMomentum+0] + momentumI.X)
			fluxIDensityEnergy += factor * (ffFluxContributionDensityEnergy[0].X + fluxContributionIDensityEnergy.X)
			fluxIMomentum.X += factor * (ffFluxContributionMomentumX[0].X + fluxContributionIMomentumX.X)
			fluxIMomentum.Y += factor * (ffFluxContributionMomentumY[0].X + fluxContributionIMomentumY.X)
			fluxIMomentum.Z += factor * (ffFluxContributionMomentumZ[0].X + fluxContributionIMomentumZ.X)

			factor = float32(0.5) * normal.Y
			fluxIDensity += factor * (ffVariable[cfdVarMomentum+1] + momentumI.Y)
			fluxIDensityEnergy += factor * (ffFluxContributionDensityEnergy[0].Y + fluxContributionIDensityEnergy.Y)
			fluxIMomentum.X += factor * (ffFluxContributionMomentumX[0].Y + fluxContributionIMomentumX.Y)
			fluxIMomentum.Y += factor * (ffFluxContributionMomentumY[0].Y + fluxContributionIMomentumY.Y)
			fluxIMomentum.Z += factor * (ffFluxContributionMomentumZ[0].Y + fluxContributionIMomentumZ.Y)

			factor = float32(0.5) * normal.Z
			fluxIDensity += factor * (ffVariable[cfdVarMomentum+2] + momentumI.Z)
			fluxIDensityEnergy += factor * (ffFluxContributionDensityEnergy[0].Z + fluxContributionIDensityEnergy.Z)
			fluxIMomentum.X += factor * (ffFluxContributionMomentumX[0].Z + fluxContributionIMomentumX.Z)
			fluxIMomentum.Y += factor * (ffFluxContributionMomentumY[0].Z + fluxContributionIMomentumY.Z)
			fluxIMomentum.Z += factor * (ffFluxContributionMomentumZ[0].Z + fluxContributionIMomentumZ.Z)

		}
	}

	fluxes[i+cfdVarDensity*nelr] = fluxIDensity
	fluxes[i+(cfdVarMomentum+0)*nelr] = fluxIMomentum.X
	fluxes[i+(cfdVarMomentum+1)*nelr] = fluxIMomentum.Y
	fluxes[i+(cfdVarMomentum+2)*nelr] = fluxIMomentum.Z
	fluxes[i+cfdVarDensityEnergy*nelr] = fluxIDensityEnergy
}

// CfdTimeStepKernel is cuda_time_step: the j-th Runge-Kutta stage's update
// of each element's variables from the old ones and the fluxes.
//
//gocuda:kernel CfdTimeStepKernel
func cudaTimeStep(t *gocuda.Thread, j int, nelr int, oldVariables []float32, variables []float32, stepFactors []float32, fluxes []float32) {
	i := (t.BlockDim.X*t.BlockIdx.X + t.ThreadIdx.X)

	factor := stepFactors[i] / float32(cfdRK+1-j)

	variables[i+cfdVarDensity*nelr] = oldVariables[i+cfdVarDensity*nelr] + factor*fluxes[i+cfdVarDensity*nelr]
	variables[i+cfdVarDensityEnergy*nelr] = oldVariables[i+cfdVarDensityEnergy*nelr] + factor*fluxes[i+cfdVarDensityEnergy*nelr]
	variables[i+(cfdVarMomentum+0)*nelr] = oldVariables[i+(cfdVarMomentum+0)*nelr] + factor*fluxes[i+(cfdVarMomentum+0)*nelr]
	variables[i+(cfdVarMomentum+1)*nelr] = oldVariables[i+(cfdVarMomentum+1)*nelr] + factor*fluxes[i+(cfdVarMomentum+1)*nelr]
	variables[i+(cfdVarMomentum+2)*nelr] = oldVariables[i+(cfdVarMomentum+2)*nelr] + factor*fluxes[i+(cfdVarMomentum+2)*nelr]
}
