package corpus

import (
	"math/bits"
	"unsafe"

	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/cg"
	"github.com/gocuda/gocuda/gocuda"
)

// This file holds reductions and atomics from NVIDIA developer blog posts:
// Justin Luitjens, "Faster Parallel Reductions on Kepler" (code in
// NVIDIA-developer-blog/code-samples, posts/parallel_reduction_with_shfl),
// Mark Harris and Kyrylo Perelygin, "Cooperative Groups: Flexible CUDA
// Thread Programming", and Andrew Adinets, "CUDA Pro Tip: Optimized
// Filtering with Warp-Aggregated Atomics". The 2014 code's __shfl_down is
// __shfl_down_sync with a full mask, as it became in CUDA 9.

// keplerWarpReduceSum is warpReduceSum of warp_reduce.h.
func keplerWarpReduceSum(t *gocuda.Thread, val int32) int32 {
	for offset := gocuda.WarpSize / 2; offset > 0; offset /= 2 {
		val += gocuda.ShflDownSync(t, gocuda.FullMask, val, offset, gocuda.WarpSize)
	}
	return val
}

// keplerBlockReduceSum is blockReduceSum of block_reduce.h: warp sums
// through a static shared array of 32, then warp 0 reduces them.
func keplerBlockReduceSum(t *gocuda.Thread, val int32) int32 {
	shared := gocuda.Shared[int32](t, 32)
	lane := t.ThreadIdx.X % gocuda.WarpSize
	wid := t.ThreadIdx.X / gocuda.WarpSize

	val = keplerWarpReduceSum(t, val)

	// write reduced value to shared memory
	if lane == 0 {
		shared[wid] = val
	}
	t.SyncThreads()

	// ensure we only grab a value from shared memory if that warp existed
	val = 0
	if t.ThreadIdx.X < t.BlockDim.X/gocuda.WarpSize {
		val = shared[lane]
	}
	if wid == 0 {
		val = keplerWarpReduceSum(t, val)
	}
	return val
}

// DeviceReduceStableKernel is device_reduce_stable_kernel of
// device_reduce_stable.h: a grid-stride sum per thread, then
// blockReduceSum; thread 0 writes the block's sum. Launch it with blocks
// of whole warps.
//
//gocuda:kernel DeviceReduceStableKernel
func deviceReduceStableKernel(t *gocuda.Thread, in, out []int32, n int) {
	var sum int32
	for i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X; i < n; i += t.BlockDim.X * t.GridDim.X {
		sum += in[i]
	}
	sum = keplerBlockReduceSum(t, sum)
	if t.ThreadIdx.X == 0 {
		out[t.BlockIdx.X] = sum
	}
}

// int2 is CUDA's int2 vector type.
type int2 struct{ X, Y int32 }

// toInt2s is reinterpret_cast<int2*> of an int pointer: s viewed as
// len(s)/2 int2s.
func toInt2s(s []int32) []int2 {
	if len(s) < 2 {
		return nil
	}
	return unsafe.Slice((*int2)(unsafe.Pointer(&s[0])), len(s)/2)
}

// DeviceReduceStableVector2Kernel is device_reduce_stable_kernel_vector2
// of device_reduce_stable.h: the grid-stride loop reads int2 pairs
// (reinterpret_cast<int2*>), an odd last element apart.
//
//gocuda:kernel DeviceReduceStableVector2Kernel
func deviceReduceStableKernelVector2(t *gocuda.Thread, in, out []int32, n int) {
	var sum int32
	idx := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	in2 := toInt2s(in)
	for i := idx; i < n/2; i += t.BlockDim.X * t.GridDim.X {
		val := in2[i]
		sum += val.X + val.Y
	}
	i := idx + n/2*2
	if i < n {
		sum += in[i]
	}
	sum = keplerBlockReduceSum(t, sum)
	if t.ThreadIdx.X == 0 {
		out[t.BlockIdx.X] = sum
	}
}

// DeviceReduceWarpAtomicKernel is device_reduce_warp_atomic_kernel of
// device_reduce_warp_atomic.h: warp sums added to *out by lane 0 of each
// warp.
//
//gocuda:kernel DeviceReduceWarpAtomicKernel
func deviceReduceWarpAtomicKernel(t *gocuda.Thread, in []int32, out *int32, n int) {
	var sum int32
	for i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X; i < n; i += t.BlockDim.X * t.GridDim.X {
		sum += in[i]
	}
	sum = keplerWarpReduceSum(t, sum)
	if t.ThreadIdx.X%gocuda.WarpSize == 0 {
		atomic.Add(out, sum)
	}
}

// DeviceReduceBlockAtomicKernel is device_reduce_block_atomic_kernel of
// device_reduce_block_atomic.h: block sums added to *out by thread 0.
//
//gocuda:kernel DeviceReduceBlockAtomicKernel
func deviceReduceBlockAtomicKernel(t *gocuda.Thread, in []int32, out *int32, n int) {
	var sum int32
	for i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X; i < n; i += t.BlockDim.X * t.GridDim.X {
		sum += in[i]
	}
	sum = keplerBlockReduceSum(t, sum)
	if t.ThreadIdx.X == 0 {
		atomic.Add(out, sum)
	}
}

// DeviceReduceAtomicKernel is device_reduce_atomic_kernel of
// device_reduce_atomic.h: every thread adds its grid-stride sum to *out.
//
//gocuda:kernel DeviceReduceAtomicKernel
func deviceReduceAtomicKernel(t *gocuda.Thread, in []int32, out *int32, n int) {
	var sum int32
	for i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X; i < n; i += t.BlockDim.X * t.GridDim.X {
		sum += in[i]
	}
	atomic.Add(out, sum)
}

// cgThreadSum is thread_sum of the cooperative-groups post: a grid-stride
// sum over the input read as int4s.
func cgThreadSum(t *gocuda.Thread, input []int32, n int) int32 {
	var sum int32
	for i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X; i < n/4; i += t.BlockDim.X * t.GridDim.X {
		in := input[4*i : 4*i+4] // int4 in = ((int4*)input)[i]
		sum += in[0] + in[1] + in[2] + in[3]
	}
	return sum
}

// cgReduceSumTileShfl is reduce_sum_tile_shfl<tile_sz> of the
// cooperative-groups post: shuffles down the tile.
func cgReduceSumTileShfl(g cg.Tile, val int32) int32 {
	// Each iteration halves the number of active threads
	// Each thread adds its partial sum[i] to sum[lane+i]
	for i := g.Size() / 2; i > 0; i /= 2 {
		val += cg.ShflDown(g, val, i)
	}
	return val // note: only thread 0 will return full sum
}

// CGSumKernelTileShfl is sum_kernel_tile_shfl<32> of the cooperative-groups
// post: thread_sum, then reduce_sum_tile_shfl over each 32-thread tile,
// whose rank 0 adds the tile's sum to *sum.
//
//gocuda:kernel CGSumKernelTileShfl
func cgSumKernelTileShfl(t *gocuda.Thread, sum *int32, input []int32, n int) {
	mySum := cgThreadSum(t, input, n)

	tile := cg.TiledPartition(cg.ThisThreadBlock(t), 32)
	tileSum := cgReduceSumTileShfl(tile, mySum)

	if tile.ThreadRank() == 0 {
		atomic.Add(sum, tileSum)
	}
}

// cgReduceSum is reduce_sum of the cooperative-groups post: a halving tree
// through temp over any thread_group (type-erased), between the group's
// syncs; only rank 0 returns the full sum.
func cgReduceSum(g threadGroup, temp []int32, val int32) int32 {
	lane := g.ThreadRank()

	// Each iteration halves the number of active threads
	// Each thread adds its partial sum[i] to sum[lane+i]
	for i := g.Size() / 2; i > 0; i /= 2 {
		temp[lane] = val
		g.Sync() // wait for all threads to store
		if lane < i {
			val += temp[lane+i]
		}
		g.Sync() // wait for all threads to load
	}
	return val // note: only thread 0 will return full sum
}

// CGSumKernelBlock is sum_kernel_block of the cooperative-groups post:
// thread_sum, then reduce_sum over this_thread_block() passed as a
// thread_group, with extern shared memory for temp; rank 0 adds the
// block's sum to *sum. Launch it with a power-of-two block and blockDim.x
// ints of dynamic shared memory; n a multiple of 4.
//
//gocuda:kernel CGSumKernelBlock
func cgSumKernelBlock(t *gocuda.Thread, sum *int32, input []int32, n int) {
	mySum := cgThreadSum(t, input, n)

	temp := gocuda.DynamicShared[int32](t)
	g := cg.ThisThreadBlock(t)
	blockSum := cgReduceSum(g, temp, mySum)

	if g.ThreadRank() == 0 {
		atomic.Add(sum, blockSum)
	}
}

// FilterKKernel is the first filter_k of "Optimized Filtering with
// Warp-Aggregated Atomics": the positive elements of src appended to dst
// with one atomicAdd per element.
//
//gocuda:kernel FilterKKernel
func filterK(t *gocuda.Thread, dst []int32, nres *int32, src []int32, n int) {
	i := t.ThreadIdx.X + t.BlockIdx.X*t.BlockDim.X
	if i < n && src[i] > 0 {
		dst[atomic.Add(nres, 1)] = src[i]
	}
}

// warpAggInc is atomicAggInc of the same post, in its CUDA 9 form: the
// active lanes (__activemask) elect a leader (__ffs), the leader adds
// their count (__popc) and __shfl_sync broadcasts the old value, to which
// each lane adds its rank among them (__popc of the lanes below it).
func warpAggInc(t *gocuda.Thread, ctr *int32) int32 {
	active := t.ActiveMask()
	leader := bits.TrailingZeros32(active) // __ffs(active) - 1
	change := int32(bits.OnesCount32(active))
	rank := bits.OnesCount32(active & t.LaneMaskLT())
	var warpRes int32
	if rank == 0 {
		warpRes = atomic.Add(ctr, change)
	}
	warpRes = gocuda.ShflSync(t, active, warpRes, leader, gocuda.WarpSize)
	return warpRes + int32(rank)
}

// FilterKAggKernel is filter_k with warp-aggregated atomics, from the same
// post: FilterKKernel with atomicAggInc in place of atomicAdd.
//
//gocuda:kernel FilterKAggKernel
func filterKAgg(t *gocuda.Thread, dst []int32, nres *int32, src []int32, n int) {
	i := t.ThreadIdx.X + t.BlockIdx.X*t.BlockDim.X
	if i < n && src[i] > 0 {
		dst[warpAggInc(t, nres)] = src[i]
	}
}
