package samplesbooks

import (
	"github.com/gocuda/gocuda/cg"
	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/intrinsic"
)

// This file holds the quasirandom generators of NVIDIA/cuda-samples'
// 5_Domain_Specific (at c94ff366): quasirandomGenerator_kernel.cu's
// quasirandomGeneratorKernel (Niederreiter) and inverseCNDKernel (Moro's
// inverse normal), and SobolQRNG/sobol_gpu.cu's sobolGPU_kernel (Mike
// Giles's Sobol generator). The __constant__ table c_Table is an argument
// read as a slice; MUL, __umul24, is intrinsic.Umul24.

// qrngDimensions and qrngResolution are quasirandomGenerator_common.h's
// QRNG_DIMENSIONS and QRNG_RESOLUTION; intScale is its INT_SCALE.
const (
	qrngDimensions = 3
	qrngResolution = 31
	intScale       = float32(1.0) / float32(0x80000001)
)

// QuasirandomGeneratorKernel is quasirandomGeneratorKernel of
// quasirandomGenerator_kernel.cu: threadIdx.y picks the dimension, and
// each point XORs the table's entries of the set bits of seed+pos, in a
// grid-stride loop.
//
//gocuda:kernel QuasirandomGeneratorKernel
func quasirandomGeneratorKernel(t *gocuda.Thread, dOutput []float32, cTable []uint32, seed, N uint32) {
	dimBase := cTable[t.ThreadIdx.Y*qrngResolution:]
	tid := intrinsic.Umul24(uint32(t.BlockDim.X), uint32(t.BlockIdx.X)) + uint32(t.ThreadIdx.X)
	threadN := intrinsic.Umul24(uint32(t.BlockDim.X), uint32(t.GridDim.X))

	for pos := tid; pos < N; pos += threadN {
		result := uint32(0)
		data := seed + pos

		for bit := 0; bit < qrngResolution; bit, data = bit+1, data>>1 {
			if data&1 != 0 {
				result ^= dimBase[bit]
			}
		}

		dOutput[intrinsic.Umul24(uint32(t.ThreadIdx.Y), N)+pos] = float32(result+1) * intScale
	}
}

// moroInvCNDgpu is MoroInvCNDgpu of quasirandomGenerator_kernel.cu: Moro's
// approximation of the inverse normal distribution of x/2^32, a rational
// function in the body, a Chebyshev series in the tail, reflected for the
// upper half.
func moroInvCNDgpu(x uint32) float32 {
	const (
		a1 = float32(2.50662823884)
		a2 = float32(-18.61500062529)
		a3 = float32(41.39119773534)
		a4 = float32(-25.44106049637)
		b1 = float32(-8.4735109309)
		b2 = float32(23.08336743743)
		b3 = float32(-21.06224101826)
		b4 = float32(3.13082909833)
		c1 = float32(0.337475482272615)
		c2 = float32(0.976169019091719)
		c3 = float32(0.160797971491821)
		c4 = float32(2.76438810333863e-02)
		c5 = float32(3.8405729373609e-03)
		c6 = float32(3.951896511919e-04)
		c7 = float32(3.21767881768e-05)
		c8 = float32(2.888167364e-07)
		c9 = float32(3.960315187e-07)
	)

	var z float32

	negate := false

	// Fold the upper half onto the lower, to reflect at the end.
	if x >= 0x80000000 {
		x = 0xffffffff - x
		negate = true
	}

	x1 := float32(1.0) / float32(0xffffffff)
	x2 := x1 / 2.0
	p1 := float32(x)*x1 + x2
	p2 := p1 - 0.5

	if p2 > -0.42 {
		z = p2 * p2
		z = p2 * (((a4*z+a3)*z+a2)*z + a1) / ((((b4*z+b3)*z+b2)*z+b1)*z + 1.0)
	} else {
		z = logf(-logf(p1))
		z = -(c1 + z*(c2+z*(c3+z*(c4+z*(c5+z*(c6+z*(c7+z*(c8+z*c9))))))))
	}

	if negate {
		return -z
	}
	return z
}

// InverseCNDKernel is inverseCNDKernel of quasirandomGenerator_kernel.cu:
// maps the input sequence, or pathN evenly spaced points when dInput is
// nil (a null pointer in C), through the inverse normal distribution.
//
//gocuda:kernel InverseCNDKernel
func inverseCNDKernel(t *gocuda.Thread, dOutput []float32, dInput []uint32, pathN uint32) {
	distance := ^uint32(0) / (pathN + 1)
	tid := intrinsic.Umul24(uint32(t.BlockDim.X), uint32(t.BlockIdx.X)) + uint32(t.ThreadIdx.X)
	threadN := intrinsic.Umul24(uint32(t.BlockDim.X), uint32(t.GridDim.X))

	if dInput != nil {
		for pos := tid; pos < pathN; pos += threadN {
			d := dInput[pos]
			dOutput[pos] = moroInvCNDgpu(d)
		}
	} else {
		for pos := tid; pos < pathN; pos += threadN {
			d := (pos + 1) * distance
			dOutput[pos] = moroInvCNDgpu(d)
		}
	}
}

// sobolDirections and k2powneg32 are sobol.h's n_directions and
// sobol_gpu.cu's k_2powneg32.
const (
	sobolDirections = 32
	k2powneg32      = float32(2.3283064e-10)
)

// SobolGPUKernel is sobolGPU_kernel of SobolQRNG/sobol_gpu.cu: blockIdx.y
// picks the dimension, whose 32 direction numbers the block stages in
// shared memory; each thread computes its first point from the Gray code
// of its index and then jumps by the (power-of-two) grid stride.
//
//gocuda:kernel SobolGPUKernel
func sobolGPUKernel(t *gocuda.Thread, nVectors, nDimensions uint32, dDirections []uint32, dOutput []float32) {
	cta := cg.ThisThreadBlock(t)
	v := gocuda.Shared[uint32](t, sobolDirections)

	dDirections = dDirections[sobolDirections*t.BlockIdx.Y:]
	dOutput = dOutput[int(nVectors)*t.BlockIdx.Y:]

	// Only the first 32 threads have a direction number to copy.
	if t.ThreadIdx.X < sobolDirections {
		v[t.ThreadIdx.X] = dDirections[t.ThreadIdx.X]
	}

	cta.Sync()

	i0 := t.ThreadIdx.X + t.BlockIdx.X*t.BlockDim.X
	stride := t.GridDim.X * t.BlockDim.X

	g := uint32(i0 ^ (i0 >> 1))

	X := uint32(0)
	var mask uint32

	for k := uint32(0); k < uint32(intrinsic.Ffs(int32(stride))-1); k++ {
		// mask is all ones when bit k of the Gray code is set.
		mask = -(g & 1)
		X ^= mask & v[k]
		g = g >> 1
	}

	if uint32(i0) < nVectors {
		dOutput[i0] = float32(X) * k2powneg32
	}

	// A jump of stride (a power of two) flips direction log2(stride)-1 and
	// the one of the lowest zero bit above it.
	vLog2stridem1 := v[intrinsic.Ffs(int32(stride))-2]
	vStridemask := uint32(stride - 1)

	for i := uint32(i0 + stride); i < nVectors; i += uint32(stride) {
		X ^= vLog2stridem1 ^ v[intrinsic.Ffs(int32(^((i-uint32(stride))|vStridemask)))-1]
		dOutput[i] = float32(X) * k2powneg32
	}
}
