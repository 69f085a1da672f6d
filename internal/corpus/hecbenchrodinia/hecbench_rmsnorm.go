package hecbenchrodinia

import (
	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/intrinsic"
)

// This file holds rmsnorm_fwd_two_scan_kernel of HeCBench's rmsnorm
// (src/rmsnorm-cuda/main.cu, reduce.cuh and utils.cuh, from AMD's
// TransformerEngine): a row of inner_len per block, its mean square by a
// block reduction whose operation is a template policy (SumOp<T>, here a
// type with methods passed as a type parameter), UNROLL elements per load
// (a kernel argument, at most sizeof(uint4)/sizeof(float) = 4).

// THREADS_PER_WARP, FINAL_MASK and MAX_THREADS_PER_BLOCK of reduce.cuh.
const (
	rmsThreadsPerWarp     = 32
	rmsFinalMask          = 0xffffffff
	rmsMaxThreadsPerBlock = 1024
	rmsMaxUnroll          = 4
	rmsMaxNumWarps        = rmsMaxThreadsPerBlock / rmsThreadsPerWarp
)

// reduceFunc is the interface of reduce.cuh's reduction policies (its
// template template parameter Func).
type reduceFunc[T any] interface {
	init() T
	op(x, y T) T
}

// sumOp is reduce.cuh's SumOp<T>.
type sumOp[T float32 | float64] struct{}

func (sumOp[T]) init() T     { return T(0) }
func (sumOp[T]) op(x, y T) T { return x + y }

// rmsWarpReduce is reduce.cuh's WarpReduce<Func, T>.
func rmsWarpReduce[F reduceFunc[T], T float32 | float64](t *gocuda.Thread, val T) T {
	var f F
	for offset := rmsThreadsPerWarp >> 1; offset > 0; offset >>= 1 {
		tmp := gocuda.ShflXorSync(t, rmsFinalMask, val, offset, gocuda.WarpSize)
		val = f.op(tmp, val)
	}
	return val
}

// rmsBlockReduce is reduce.cuh's BlockReduce<Func, T>: the block's
// reduction, valid in every thread.
func rmsBlockReduce[F reduceFunc[T], T float32 | float64](t *gocuda.Thread, val T) T {
	var f F
	numWarps := (t.BlockDim.X + rmsThreadsPerWarp - 1) / rmsThreadsPerWarp

	smem := gocuda.Shared[T](t, rmsMaxNumWarps)
	warpID := t.ThreadIdx.X / rmsThreadsPerWarp
	laneID := t.ThreadIdx.X % rmsThreadsPerWarp

	valReg := f.init()
	valReg = f.op(valReg, val)
	valReg = rmsWarpReduce[F, T](t, valReg)
	if laneID == 0 {
		smem[warpID] = valReg
	}
	t.SyncThreads()
	if warpID == 0 {
		if laneID < numWarps {
			valReg = smem[laneID]
		} else {
			valReg = f.init()
		}
		valReg = rmsWarpReduce[F, T](t, valReg)
		if laneID == 0 {
			smem[0] = valReg
		}
	}
	t.SyncThreads()
	return smem[0]
}

// loadData is utils.cuh's load_data<T, N>: N consecutive elements of src
// into dst, one vector load.
func loadData[T any](src []T, dst []T, n int) {
	copy(dst[:n], src[:n])
}

// storeData is utils.cuh's store_data<T, N>.
func storeData[T any](dst []T, src []T, n int) {
	copy(dst[:n], src[:n])
}

// RmsnormFwdTwoScanKernel is rmsnorm_fwd_two_scan_kernel<T, UNROLL> of
// rmsnorm's main.cu: block b scales row b of input by gamma and by the
// reciprocal root of its mean square plus epsilon, reading the row twice.
// unroll is UNROLL, 1 to 4.
//
//gocuda:kernel RmsnormFwdTwoScanKernel
func rmsnormFwdTwoScanKernel[T float32 | float64](t *gocuda.Thread, input []T, gamma []T, output []T, innerLen int64, epsilon float32, unroll int) {
	BLOCKSIZE := t.BlockDim.X
	bid := t.BlockIdx.X
	warpID := t.ThreadIdx.X / rmsThreadsPerWarp
	laneID := t.ThreadIdx.X % rmsThreadsPerWarp

	inputPtr := input[int64(bid)*innerLen:]
	gammaPtr := gamma
	outputPtr := output[int64(bid)*innerLen:]

	startOffset := warpID*rmsThreadsPerWarp*unroll + laneID*unroll
	var ldInputRegs [rmsMaxUnroll]T
	localSquaresSum := float32(0.0)
	for offset := int64(startOffset); offset < innerLen; offset += int64(BLOCKSIZE * unroll) {
		loadData(inputPtr[offset:], ldInputRegs[:], unroll)
		for i := 0; i < unroll; i++ {
			val := float32(ldInputRegs[i])
			localSquaresSum += (val * val)
		}
	}

	meanSquare := rmsBlockReduce[sumOp[float32], float32](t, localSquaresSum) / float32(innerLen)
	normFactor := intrinsic.Rsqrtf(meanSquare + epsilon)

	var ldGammaRegs [rmsMaxUnroll]T
	var stRegs [rmsMaxUnroll]T
	for offset := int64(startOffset); offset < innerLen; offset += int64(BLOCKSIZE * unroll) {
		loadData(inputPtr[offset:], ldInputRegs[:], unroll)
		loadData(gammaPtr[offset:], ldGammaRegs[:], unroll)

		for i := 0; i < unroll; i++ {
			val := float32(ldInputRegs[i]) * normFactor * float32(ldGammaRegs[i])
			stRegs[i] = T(val)
		}
		storeData(outputPtr[offset:], stRegs[:], unroll)
	}
}
