package hecbenchrodinia

import (
	"unsafe"

	"github.com/gocuda/gocuda/gocuda"
)

// This file holds welford_kernel<scalar_t, accscalar_t, outscalar_t> of
// HeCBench's wedford (src/wedford-cuda/main.cu, from NVIDIA Apex's
// batch-norm statistics): per-thread Welford means and second moments,
// merged across each warp by __shfl_down_sync and across the block through
// shared memory. The helpers' C++ reference parameters are pointers;
// (accscalar_t*)&s_mem[32], a view of the int array as floats, is an
// unsafe view.

// welfordReal is the constraint of the kernel's floating-point types.
type welfordReal interface{ ~float32 | ~float64 }

// welfordMergeElement is welford_merge_element<T, C>: the statistics
// (numNew, meanNew, m2nNew) merged into (count, mean, m2n).
func welfordMergeElement[T welfordReal](count *int32, mean *T, m2n *T, numNew *int32, meanNew *T, m2nNew *T) {
	factor := T(1.0) / T(max(1, (*count+*numNew)))
	delta0 := *mean - *meanNew
	*mean = (*meanNew*T(*numNew) + *mean*T(*count)) * factor
	*m2n += *m2nNew + delta0*delta0*T(*numNew)*T(*count)*factor
	*count += *numNew
}

// warpReduceMeanM2n is warp_reduce_mean_m2n<T>: the warp's statistics
// merged into lane 0's by a shuffle-down tree.
func warpReduceMeanM2n[T welfordReal](t *gocuda.Thread, mean *T, m2n *T, num *int32) {
	for i := gocuda.WarpSize / 2; i > 0; i >>= 1 {
		numNew := gocuda.ShflDownSync(t, 0xffffffff, *num, i, gocuda.WarpSize)
		meanNew := gocuda.ShflDownSync(t, 0xffffffff, *mean, i, gocuda.WarpSize)
		m2nNew := gocuda.ShflDownSync(t, 0xffffffff, *m2n, i, gocuda.WarpSize)
		welfordMergeElement(num, mean, m2n, &numNew, &meanNew, &m2nNew)
	}
}

// welfordReduceMeanM2n is welford_reduce_mean_m2n<T>: the block's
// statistics into thread 0's, the warps' through x and count in shared
// memory.
func welfordReduceMeanM2n[T welfordReal](t *gocuda.Thread, x []T, count []int32, mean *T, m2n *T, num *int32, blockSize int, threadID int) {
	lane := threadID % gocuda.WarpSize
	wid := threadID / gocuda.WarpSize

	if blockSize > gocuda.WarpSize {
		warpReduceMeanM2n(t, mean, m2n, num)
		if lane == 0 {
			x[wid*2] = *mean
			x[wid*2+1] = *m2n
			count[wid] = *num
		}
		t.SyncThreads()

		if wid == 0 {
			if threadID < blockSize/gocuda.WarpSize {
				*mean = x[lane*2]
			} else {
				*mean = T(0)
			}
			if threadID < blockSize/gocuda.WarpSize {
				*m2n = x[lane*2+1]
			} else {
				*m2n = T(0)
			}
			if threadID < blockSize/gocuda.WarpSize {
				*num = count[lane]
			} else {
				*num = int32(0)
			}
		}
	}

	if wid == 0 {
		warpReduceMeanM2n(t, mean, m2n, num)
	}
}

// WelfordKernel is welford_kernel: block f computes the mean and the
// biased variance of feature f over bs batches of ss spatial values
// (input laid out batch, feature, spatial). Launch it with 32 × 16
// blocks, a block per feature.
//
//gocuda:kernel WelfordKernel
func welfordKernel[S, A, O welfordReal](t *gocuda.Thread, input []S, outMean []O, outVarBiased []O, bs, fs, ss int) {
	blockSize := t.BlockDim.X * t.BlockDim.Y
	var count int32 = 0
	xMean := A(0)
	m2N := A(0)

	threadID := t.ThreadIdx.Y*t.BlockDim.X + t.ThreadIdx.X

	for batchID := t.ThreadIdx.Y; batchID < bs; batchID += t.BlockDim.Y {
		inputBase := t.BlockIdx.X*ss + batchID*ss*fs
		for offset := t.ThreadIdx.X; offset < ss; offset += t.BlockDim.X {
			count++
			xN := A(input[offset+inputBase])
			// sequential welford
			d := xN - xMean
			xMean += d / A(count)
			m2N += d * (xN - xMean)
		}
	}

	sMem := gocuda.Shared[int32](t, 160)
	sMemAc := unsafe.Slice((*A)(unsafe.Pointer(&sMem[32])), (160-32)*4/int(unsafe.Sizeof(A(0))))

	welfordReduceMeanM2n(t, sMemAc, sMem, &xMean, &m2N, &count, blockSize, threadID)

	if threadID == 0 {
		outMean[t.BlockIdx.X] = O(xMean)
		outVarBiased[t.BlockIdx.X] = O(m2N / A(count))
	}
}
