package samplesbooks

import (
	"math"

	"github.com/gocuda/gocuda/cg"
	"github.com/gocuda/gocuda/gocuda"
)

// This file holds integrateBodies<T> of NVIDIA/cuda-samples'
// 5_Domain_Specific/nbody/bodysystemcuda.cu (at c94ff366), with
// computeBodyAccel and bodyBodyInteraction: all-pairs gravity over
// tiles of bodies staged in dynamic shared memory, then a damped Euler
// step. (Package kernels' n-body kernels are written after GPU Gems 3,
// not ported from the sample.) The template over float and double is a
// type parameter; vec3<T>::Type and vec4<T>::Type are Go structs; the
// __constant__ softeningSquared (or softeningSquared_fp64) is an
// argument; SharedMemory<T> is gocuda.DynamicShared. Threads past the
// bodies return before computeBodyAccel's barriers, as in the original
// (whose host code launches only whole blocks).

// nbodyReal is the sample's template parameter T.
type nbodyReal interface{ ~float32 | ~float64 }

// Vec3 is vec3<T>::Type (float3 or double3).
type Vec3[T nbodyReal] struct{ X, Y, Z T }

// Vec4 is vec4<T>::Type (float4 or double4): a position and mass, or a
// velocity.
type Vec4[T nbodyReal] struct{ X, Y, Z, W T }

// rsqrtT is rsqrt_T<T>: rsqrtf or rsqrt.
func rsqrtT[T nbodyReal](x T) T { return T(1 / math.Sqrt(float64(x))) }

// bodyBodyInteraction is bodyBodyInteraction<T>: ai plus the softened
// acceleration of body bi due to body bj (mass bj.W).
func bodyBodyInteraction[T nbodyReal](ai Vec3[T], bi, bj Vec4[T], softeningSquared T) Vec3[T] {
	var r Vec3[T]

	r.X = bj.X - bi.X
	r.Y = bj.Y - bi.Y
	r.Z = bj.Z - bi.Z

	distSqr := r.X*r.X + r.Y*r.Y + r.Z*r.Z
	distSqr += softeningSquared

	invDist := rsqrtT(distSqr)
	invDistCube := invDist * invDist * invDist

	s := bj.W * invDistCube

	ai.X += r.X * s
	ai.Y += r.Y * s
	ai.Z += r.Z * s

	return ai
}

// computeBodyAccel is computeBodyAccel<T>: the block loads a tile of
// positions a thread into shared memory, and every thread accumulates
// the whole tile's pull on its body, two barriers a tile.
func computeBodyAccel[T nbodyReal](t *gocuda.Thread, bodyPos Vec4[T], positions []Vec4[T], numTiles int, softeningSquared T, cta cg.ThreadBlock) Vec3[T] {
	sharedPos := gocuda.DynamicShared[Vec4[T]](t)

	acc := Vec3[T]{0.0, 0.0, 0.0}

	for tile := 0; tile < numTiles; tile++ {
		sharedPos[t.ThreadIdx.X] = positions[tile*t.BlockDim.X+t.ThreadIdx.X]

		cta.Sync()

		for counter := 0; counter < t.BlockDim.X; counter++ {
			acc = bodyBodyInteraction(acc, bodyPos, sharedPos[counter], softeningSquared)
		}

		cta.Sync()
	}

	return acc
}

// IntegrateBodiesKernel is integrateBodies<T> of bodysystemcuda.cu: one
// thread a body, its acceleration from all bodies, then velocity and
// position advanced by deltaTime with damping.
//
//gocuda:kernel IntegrateBodiesKernel
func integrateBodiesKernel[T nbodyReal](t *gocuda.Thread, newPos, oldPos, vel []Vec4[T], deviceOffset, deviceNumBodies uint32, deltaTime, damping float32, numTiles int, softeningSquared T) {
	cta := cg.ThisThreadBlock(t)
	index := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X

	if index >= int(deviceNumBodies) {
		return
	}

	position := oldPos[int(deviceOffset)+index]

	accel := computeBodyAccel(t, position, oldPos, numTiles, softeningSquared, cta)

	// Force is acceleration: the body's mass cancels.
	velocity := vel[int(deviceOffset)+index]

	velocity.X += accel.X * T(deltaTime)
	velocity.Y += accel.Y * T(deltaTime)
	velocity.Z += accel.Z * T(deltaTime)

	velocity.X *= T(damping)
	velocity.Y *= T(damping)
	velocity.Z *= T(damping)

	position.X += velocity.X * T(deltaTime)
	position.Y += velocity.Y * T(deltaTime)
	position.Z += velocity.Z * T(deltaTime)

	newPos[int(deviceOffset)+index] = position
	vel[int(deviceOffset)+index] = velocity
}
