package difftest

import "github.com/gocuda/gocuda/gocuda"

// The kernels of this file count each thread's trips of a block-stride
// loop whose keys come near the largest value of their type: a thread
// that stopped has its key computed anew in each later round of the
// compiled form's lockstep loop, and there it may wrap back below the
// limit, where the source's loop stopped for good.

// StrideWrapKernel counts, for each thread of a one-block launch, the
// trips of a loop from base plus twice its x index to limit by step: int
// keys, which the compiled form runs in chunked rounds.
//
//gocuda:kernel StrideWrapKernel
func strideWrap(t *gocuda.Thread, trips []int32, base, limit, step int) {
	n := int32(0)
	for i := base + 2*t.ThreadIdx.X; i < limit; i += step {
		n++
	}
	trips[t.ThreadIdx.X] = n
}

// StrideWrap64Kernel is StrideWrapKernel with int64 keys and an
// inclusive limit, which the compiled form runs in rounds of one trip.
//
//gocuda:kernel StrideWrap64Kernel
func strideWrap64(t *gocuda.Thread, trips []int32, base, limit, step int64) {
	n := int32(0)
	for i := base + 2*int64(t.ThreadIdx.X); i <= limit; i += step {
		n++
	}
	trips[t.ThreadIdx.X] = n
}

// StrideWrapU32Kernel is StrideWrapKernel with uint32 keys, which wrap at
// 2^32.
//
//gocuda:kernel StrideWrapU32Kernel
func strideWrapU32(t *gocuda.Thread, trips []int32, base, limit, step uint32) {
	n := int32(0)
	for i := base + 2*uint32(t.ThreadIdx.X); i < limit; i += step {
		n++
	}
	trips[t.ThreadIdx.X] = n
}
