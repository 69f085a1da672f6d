package difftest

import "github.com/gocuda/gocuda/gocuda"

// Helpers that synchronize and return before their end, as real code
// writes them: a specialization for one type (NVIDIA's reduction
// sample's warpReduceSum, __reduce_add_sync for int), a guard on an
// argument the same for the whole block, and a return from inside a loop
// of barriers.

// maskSum returns the sum over the warp's lanes of mask: one
// ReduceAddSync for int32, shuffles for other types.
func maskSum[T int32 | float32](t *gocuda.Thread, mask uint32, v T) T {
	if x, ok := any(v).(int32); ok {
		return any(gocuda.ReduceAddSync(t, mask, x)).(T)
	}
	for off := 16; off > 0; off /= 2 {
		v += gocuda.ShflDownSync(t, mask, v, off, 32)
	}
	return v
}

// blockShift returns the value of the thread shift places above in the
// block through shared memory, or -1 for every thread when shift is
// negative, without synchronizing.
func blockShift(t *gocuda.Thread, s []int32, v int32, shift int) int32 {
	if shift < 0 {
		return -1
	}
	s[t.ThreadIdx.X] = v
	t.SyncThreads()
	r := s[(t.ThreadIdx.X+shift)%t.BlockDim.X]
	t.SyncThreads()
	return r
}

// firstRound returns the first round k below rounds in which some thread
// of the block has v%(k+2) == 0, or -1.
func firstRound(t *gocuda.Thread, v int32, rounds int) int {
	for k := 0; k < rounds; k++ {
		if t.SyncThreadsOr(v%int32(k+2) == 0) {
			return k
		}
	}
	return -1
}

// EarlyReturnKernel calls the three helpers; out has four elements per
// thread of a grid of one-dimensional blocks of whole warps.
//
//gocuda:kernel EarlyReturnKernel
func earlyReturn(t *gocuda.Thread, out []int32, shift, rounds int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	v := int32(i%9) + 3
	s := gocuda.Shared[int32](t, t.BlockDim.X)
	out[4*i] = maskSum(t, gocuda.FullMask, v)
	out[4*i+1] = int32(maskSum(t, gocuda.FullMask, float32(v)))
	out[4*i+2] = blockShift(t, s, v, shift)
	out[4*i+3] = int32(firstRound(t, v, rounds))
}
