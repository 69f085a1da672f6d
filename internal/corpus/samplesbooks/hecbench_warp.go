package samplesbooks

import (
	"unsafe"

	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/intrinsic"
)

// This file holds small warp-primitive kernels of HeCBench
// (zjin-lcf/HeCBench at f27000a): shuffle-cuda/main.cu's
// bcast_shfl_sg8, bcast_shfl_xor_sg8 and transpose_shfl (from AMD's HIP
// examples, where __shfl and __shfl_xor are macros over the _sync forms
// with a full mask), and atomicAggregate-cuda/main.cu's kernel k with
// its atomicAggInc, a warp-aggregated increment grouping lanes by
// __match_any_sync on the pointer (the __CUDA_ARCH__ >= 700 branch; the
// pointer's bits are its unsafe.Pointer's uintptr).

// BcastShflSg8Kernel is bcast_shfl_sg8 of shuffle-cuda: lane 0's value,
// arg, broadcast to its warp.
//
//gocuda:kernel BcastShflSg8Kernel
func bcastShflSg8Kernel(t *gocuda.Thread, arg int32, out []int32) {
	value := int32(0)
	if (t.ThreadIdx.X & 0x7) == 0 {
		value = arg
	}
	outV := gocuda.ShflSync(t, 0xffffffff, value, 0, 32)
	oi := t.BlockDim.X*t.BlockIdx.X + t.ThreadIdx.X
	out[oi] = outV
}

// BcastShflXorSg8Kernel is bcast_shfl_xor_sg8 of shuffle-cuda: a butterfly
// sum of threadIdx.x&7 over groups of 8 lanes.
//
//gocuda:kernel BcastShflXorSg8Kernel
func bcastShflXorSg8Kernel(t *gocuda.Thread, out []int32) {
	value := int32(t.ThreadIdx.X & 0x7)
	for mask := 1; mask < 0x7; mask *= 2 {
		value += gocuda.ShflXorSync(t, 0xffffffff, value, mask, 32)
	}
	oi := t.BlockDim.X*t.BlockIdx.X + t.ThreadIdx.X
	out[oi] = value
}

// TransposeShflKernel is transpose_shfl of shuffle-cuda: each block (of 8,
// 16 or 32 threads in main) reverses its elements by a shuffle from lane
// blockDim.x-1-threadIdx.x, under a full mask.
//
//gocuda:kernel TransposeShflKernel
func transposeShflKernel(t *gocuda.Thread, out, in []float32) {
	bStart := uint32(t.BlockDim.X * t.BlockIdx.X)
	bOffs := bStart + uint32(t.ThreadIdx.X)
	sOffs := uint32(t.BlockDim.X - t.ThreadIdx.X - 1)
	val := in[bOffs]
	out[bOffs] = gocuda.ShflSync(t, 0xffffffff, val, int(sOffs), 32)
}

// atomicAggInc is atomicAggInc of atomicAggregate-cuda: the lanes that
// increment the same counter elect the lowest as leader, which adds
// their number at once; each gets the old value plus its rank among them.
func atomicAggInc(t *gocuda.Thread, ptr *int32) int32 {
	var mask int32
	tmask := uint32(0xFFFFFFFF)
	mask = int32(gocuda.MatchAnySync(t, tmask, uint64(uintptr(unsafe.Pointer(ptr)))))
	leader := intrinsic.Ffs(mask) - 1
	res := int32(0)
	laneID := uint32(t.ThreadIdx.X % 32)
	if int(laneID) == leader {
		res = atomic.Add(ptr, int32(intrinsic.Popc(uint32(mask))))
	}
	res = gocuda.ShflSync(t, uint32(mask), res, leader, 32)
	return res + int32(intrinsic.Popc(uint32(mask)&((1<<laneID)-1)))
}

// AtomicAggregateKernel is k of atomicAggregate-cuda: each thread bumps
// counter threadIdx.x % s through atomicAggInc.
//
//gocuda:kernel AtomicAggregateKernel
func atomicAggregateKernel(t *gocuda.Thread, d []int32, s int) {
	ptr := &d[t.ThreadIdx.X%s]
	atomicAggInc(t, ptr)
}
