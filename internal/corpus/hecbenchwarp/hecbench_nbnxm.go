package hecbenchwarp

import (
	"math"

	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// This file holds HeCBench's nbnxm benchmark (zjin-lcf/HeCBench at
// f27000a, src/nbnxm-cuda/main.cu and constants.h, GROMACS's
// nonbonded cluster-pair kernel, Ewald analytical electrostatics and
// Lennard-Jones): nbnxmKernelTest with its helpers pmeCorrF,
// reduceForceIAndFShiftXYZ (a shared-memory tree over the j lines, one
// barrier a step, then float atomicAdd) and reduceForceJ /
// reduceForceJShuffle (shfl_down and shfl_up steps within 8-lane rows).
// A block of 8×8 threads is two warps, each with its own interaction
// mask, taken in loops with continues. The shared memory is one byte
// array cut into Float4, float and int arrays by reinterpret_cast, here
// through package unsafe. gmx::BasicVector<float> is NbFloat3, with its
// operators as methods; float2 is NbFloat2; __frsqrt_rn is 1/sqrt
// rounded once; if constexpr on c_clSize keeps the branch c_clSize = 8
// takes, as the C++ compiler does.

// The constants of nbnxm-cuda's constants.h.
const (
	nbClusterpairSplit          = 2
	nbNumClusterPerSupercluster = 8
	nbClusterSize               = 8
	nbClSize                    = nbClusterSize
	nbJgroupSize                = 32 / nbNumClusterPerSupercluster
	nbExclSize                  = nbClusterSize * nbClusterSize / nbClusterpairSplit
	nbSplitClSize               = nbClSize / nbClusterpairSplit
	nbNumIvecs                  = 5 * 3 * 3
	nbCentralShiftIndex         = nbNumIvecs / 2
	nbSuperClInteractionMask    = uint32((1 << nbNumClusterPerSupercluster) - 1)
	nbMinDistanceSquared        = float32(3.82e-07) // r > 6.2e-4
	nbDim                       = 3
	nbClSizeLog2                = 3 // StaticLog2<c_clSize>::value
)

// NbFloat3 is gmx::BasicVector<float>.
type NbFloat3 [3]float32

// NbFloat2 is CUDA's float2.
type NbFloat2 struct{ X, Y float32 }

// sub is BasicVector's operator-.
func (a NbFloat3) sub(b NbFloat3) NbFloat3 { return NbFloat3{a[0] - b[0], a[1] - b[1], a[2] - b[2]} }

// scale is BasicVector's operator*(vector, scalar).
func (a NbFloat3) scale(s float32) NbFloat3 { return NbFloat3{a[0] * s, a[1] * s, a[2] * s} }

// subAssign is BasicVector's operator-=.
func (a *NbFloat3) subAssign(b NbFloat3) { *a = a.sub(b) }

// norm2 is BasicVector's norm2, the dot product with itself.
func (a NbFloat3) norm2() float32 { return a[0]*a[0] + a[1]*a[1] + a[2]*a[2] }

// addFloat4 is main.cu's operator+= on float4.
func addFloat4(a *Float4, b Float4) {
	a.X += b.X
	a.Y += b.Y
	a.Z += b.Z
	a.W += b.W
}

// NbImEi is constants.h's nbnxn_im_ei_t.
type NbImEi struct {
	Imask   uint32
	ExclInd int32
}

// NbCj4 is constants.h's nbnxn_cj4_t.
type NbCj4 struct {
	Cj   [nbJgroupSize]int32
	Imei [nbClusterpairSplit]NbImEi
}

// NbSci is constants.h's nbnxn_sci_t.
type NbSci struct {
	Sci, Shift, Cj4IndStart, Cj4IndEnd int32
}

// NbExcl is constants.h's nbnxn_excl_t.
type NbExcl struct {
	Pair [nbExclSize]uint32
}

// frsqrtRn is __frsqrt_rn.
func frsqrtRn(x float32) float32 { return float32(1 / math.Sqrt(float64(x))) }

// pmeCorrF is main.cu's pmeCorrF, the Ewald correction polynomial.
func pmeCorrF(z2 float32) float32 {
	const FN6 = float32(-1.7357322914161492954e-8)
	const FN5 = float32(1.4703624142580877519e-6)
	const FN4 = float32(-0.000053401640219807709149)
	const FN3 = float32(0.0010054721316683106153)
	const FN2 = float32(-0.019278317264888380590)
	const FN1 = float32(0.069670166153766424023)
	const FN0 = float32(-0.75225204789749321333)

	const FD4 = float32(0.0011193462567257629232)
	const FD3 = float32(0.014866955030185295499)
	const FD2 = float32(0.11583842382862377919)
	const FD1 = float32(0.50736591960530292870)
	const FD0 = float32(1.0)

	z4 := z2 * z2
	polyFD0 := FD4*z4 + FD2
	polyFD1 := FD3*z4 + FD1
	polyFD0 = polyFD0*z4 + FD0
	polyFD0 = polyFD1*z2 + polyFD0
	polyFD0 = 1.0 / polyFD0

	polyFN0 := FN6*z4 + FN4
	polyFN1 := FN5*z4 + FN3
	polyFN0 = polyFN0*z4 + FN2
	polyFN1 = polyFN1*z4 + FN1
	polyFN0 = polyFN0*z4 + FN0
	polyFN0 = polyFN1*z2 + polyFN0

	return polyFN0 * polyFD0
}

// reduceForceIAndFShiftXYZ is main.cu's reduceForceIAndFShiftXYZ: the i
// forces of each cluster reduced over the j lines in shared memory and
// added to a_f, their sum to a_fShift.
func reduceForceIAndFShiftXYZ(t *gocuda.Thread, smBuf []float32, fCiBufX, fCiBufY, fCiBufZ []float32, calcFShift bool,
	tidxi, tidxj, sci, shift int32, aF, aFShift []NbFloat3) {
	const bufStride = nbClSize * nbClSize
	const clSizeLog2 = nbClSizeLog2
	tidx := tidxi + tidxj*nbClSize
	fShiftBuf := float32(0.0)
	for ciOffset := int32(0); ciOffset < nbNumClusterPerSupercluster; ciOffset++ {
		aidx := (sci*nbNumClusterPerSupercluster+ciOffset)*nbClSize + tidxi
		/* store i forces in shmem */
		smBuf[tidx] = fCiBufX[ciOffset]
		smBuf[bufStride+tidx] = fCiBufY[ciOffset]
		smBuf[2*bufStride+tidx] = fCiBufZ[ciOffset]
		t.SyncThreads()

		/* Reduce the initial c_clSize values for each i atom to half
		 * every step by using c_clSize * i threads. */
		i := int32(nbClSize / 2)
		for j := clSizeLog2 - 1; j > 0; j-- {
			if tidxj < i {
				smBuf[tidx] += smBuf[tidx+i*nbClSize]
				smBuf[bufStride+tidx] += smBuf[bufStride+tidx+i*nbClSize]
				smBuf[2*bufStride+tidx] += smBuf[2*bufStride+tidx+i*nbClSize]
			}
			i >>= 1
			t.SyncThreads()
		}

		/* i == 1, last reduction step, writing to global mem */
		/* Split the reduction between the first 3 line threads
		   Threads with line id 0 will do the reduction for (float3).x components
		   Threads with line id 1 will do the reduction for (float3).y components
		   Threads with line id 2 will do the reduction for (float3).z components. */
		if tidxj < 3 {
			f := smBuf[tidxj*bufStride+tidxi] +
				smBuf[tidxj*bufStride+nbClSize+tidxi]

			atomic.Add(&aF[aidx][tidxj], f)

			if calcFShift {
				fShiftBuf += f
			}
		}
		t.SyncThreads()
	}
	/* add up local shift forces into global mem */
	if calcFShift {
		/* Only threads with tidxj < 3 will update fshift.
		   The threads performing the update must be the same as the threads
		   storing the reduction result above. */
		if tidxj < 3 {
			// if constexpr (c_clSize == 4): not taken, c_clSize is 8.
			atomic.Add(&aFShift[shift][tidxj], fShiftBuf)
		}
	}
}

// reduceForceJShuffle is main.cu's reduceForceJShuffle: the j forces of
// an 8-lane row reduced by shuffles into lanes 0 to 2, one component each.
func reduceForceJShuffle(t *gocuda.Thread, f NbFloat3, tidxi, aidx int32, aF []NbFloat3) {
	f[0] += gocuda.ShflDownSync(t, 0xffffffff, f[0], 1, 32)
	f[1] += gocuda.ShflUpSync(t, 0xffffffff, f[1], 1, 32)
	f[2] += gocuda.ShflDownSync(t, 0xffffffff, f[2], 1, 32)
	if tidxi&1 != 0 {
		f[0] = f[1]
	}

	f[0] += gocuda.ShflDownSync(t, 0xffffffff, f[0], 2, 32)
	f[2] += gocuda.ShflUpSync(t, 0xffffffff, f[2], 2, 32)
	if tidxi&2 != 0 {
		f[0] = f[2]
	}

	// if constexpr (c_clSize == 8): taken.
	f[0] += gocuda.ShflDownSync(t, 0xffffffff, f[0], 4, 32)

	if tidxi < 3 {
		atomic.Add(&aF[aidx][tidxi], f[0])
	}
}

// reduceForceJ is main.cu's reduceForceJ.
func reduceForceJ(t *gocuda.Thread, smBuf []float32, f NbFloat3, tidxi, tidxj, aidx int32, aF []NbFloat3) {
	reduceForceJShuffle(t, f, tidxi, aidx, aF)
}
