package kernels

import (
	"fmt"

	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// ReduceVariant names one of the sum reductions Reduce runs.
type ReduceVariant int

// The reductions: P&H's, then Harris's optimisation sequence ("Optimizing
// Parallel Reduction in CUDA", kernels 1 to 7) and the warp-shuffle form
// that superseded its last steps, then the coarsened kernel suited to
// gocuda. Every kernel but ReduceAtomicKernel writes one partial sum per
// block; Reduce reduces the partial sums again until one is left.
const (
	// ReduceAtomic is P&H Appendix B, Figure B.8.9: a shared-memory tree per
	// block, whose thread 0 adds the block's sum into the result with
	// atomicAdd, so one launch gives the total (ReduceAtomicKernel).
	ReduceAtomic ReduceVariant = iota
	// ReduceInterleaved is Harris's kernel 1: interleaved addressing with
	// a divergent branch, tid % (2*s) == 0 (ReduceInterleavedKernel).
	ReduceInterleaved
	// ReduceStridedIndex is Harris's kernel 2: interleaved addressing with
	// a strided index, index = 2*s*tid, no divergence but shared-memory
	// bank conflicts (ReduceStridedIndexKernel).
	ReduceStridedIndex
	// ReduceSequential is Harris's kernel 3: sequential addressing, the
	// stride halving from blockDim/2 (ReduceSequentialKernel).
	ReduceSequential
	// ReduceFirstAdd is Harris's kernel 4: each thread adds two elements as
	// it loads them, so a block covers twice its size (ReduceFirstAddKernel).
	ReduceFirstAdd
	// ReduceUnrolledWarp is Harris's kernel 5: the last six steps, within
	// one warp, unrolled with __syncwarp between them
	// (ReduceUnrolledWarpKernel).
	ReduceUnrolledWarp
	// ReduceWarpShuffle reduces within warps with __shfl_down_sync, then
	// one warp reduces the warp sums (ReduceWarpShuffleKernel).
	ReduceWarpShuffle
	// ReduceGridStride is Harris's kernel 7: a small fixed grid whose
	// threads first add many elements in a grid-stride loop, then the tree
	// of kernel 5 (ReduceGridStrideKernel).
	ReduceGridStride
	// ReduceCoarsened is the grid-stride coarsened reduction: each thread of
	// a small fixed grid adds runs of consecutive elements in a grid-stride
	// loop, then a warp-shuffle block reduction (ReduceCoarsenedKernel). It
	// is the fastest in gocuda.
	ReduceCoarsened
)

var reduceNames = [...]string{
	"atomic", "interleaved", "stridedIndex", "sequential", "firstAdd",
	"unrolledWarp", "warpShuffle", "gridStride", "coarsened",
}

// String returns the variant's short name, such as "sequential".
func (v ReduceVariant) String() string {
	if v < 0 || int(v) >= len(reduceNames) {
		return fmt.Sprintf("ReduceVariant(%d)", int(v))
	}
	return reduceNames[v]
}

// ReduceVariants returns every ReduceVariant, in order.
func ReduceVariants() []ReduceVariant {
	vs := make([]ReduceVariant, len(reduceNames))
	for i := range vs {
		vs[i] = ReduceVariant(i)
	}
	return vs
}

// Launch shapes of the reductions.
const (
	// reduceBlock is the threads per block of the tree reductions, a power
	// of two as their halving strides need.
	reduceBlock = 256
	// reduceCoarsenedBlock is the coarsened kernel's threads per block: two
	// warps, since every thread of a block pays for the block reduction's
	// collectives and the run loop needs few threads to fill the workers.
	reduceCoarsenedBlock = 64
	// reduceRun is the run of consecutive elements a coarsened thread adds
	// per grid-stride step: long enough that a run's fixed cost (the
	// call, adding up the eight accumulators) is small against its
	// loads; compiled, runs of 4096 beat runs of 1024 in the default build
	// (BenchmarkReduce's coarsenedCompiled).
	reduceRun = 4096
	// reduceBlocksPerWorker sizes the grid-stride grids to the device.
	reduceBlocksPerWorker = 4
)

// ReduceConfig returns the launch configuration Reduce uses for variant v
// over n elements on dev: one-dimensional blocks of 256 threads (64 for
// ReduceCoarsened), enough of them to cover n elements, one per thread or
// two per thread from ReduceFirstAdd on, or for the grid-stride variants a
// few blocks per worker of dev, fewer if n is small. The grid is never
// empty. An unknown v gets the ReduceSequential shape, a nil dev counts as
// one worker.
func ReduceConfig(dev *gocuda.Device, v ReduceVariant, n int) gocuda.Config {
	fixedGrid := reduceBlocksPerWorker
	if dev != nil {
		fixedGrid *= dev.Workers()
	}
	block, blocks := reduceBlock, 0
	switch v {
	case ReduceFirstAdd, ReduceUnrolledWarp, ReduceWarpShuffle:
		blocks = reduceCeil(n, 2*reduceBlock)
	case ReduceGridStride:
		blocks = min(fixedGrid, reduceCeil(n, 2*reduceBlock))
	case ReduceCoarsened:
		block = reduceCoarsenedBlock
		blocks = min(fixedGrid, reduceCeil(reduceCeil(n, reduceRun), block))
	default:
		blocks = reduceCeil(n, reduceBlock)
	}
	return gocuda.Config{Grid: gocuda.Dim3{X: max(1, blocks)}, Block: gocuda.Dim3{X: block}}
}

// Reduce returns the sum of in, computed on dev with variant v: the
// classic parallel reduction. Any length works, zero included. Every
// variant but ReduceAtomic runs in passes, each launch summing the
// previous pass's values into one partial sum per block, until one value
// is left. Integer sums wrap; floating-point sums are added in a tree
// order (for ReduceAtomic, the blocks' sums in the order their atomics
// land), so they may round differently from a serial loop. It returns an
// error wrapping gocuda.ErrInvalidValue if dev is nil or v is unknown, and
// otherwise the first launch error.
func Reduce[T Number](dev *gocuda.Device, v ReduceVariant, in []T) (T, error) {
	var zero T
	switch {
	case dev == nil:
		return zero, fmt.Errorf("%w: kernels.Reduce: nil device", gocuda.ErrInvalidValue)
	case v < 0 || int(v) >= len(reduceNames):
		return zero, fmt.Errorf("%w: kernels.Reduce: unknown variant %v", gocuda.ErrInvalidValue, v)
	case v == ReduceAtomic:
		sum := new(T)
		err := dev.Launch(ReduceConfig(dev, v, len(in)), ReduceAtomicKernel(in, sum))
		return *sum, err
	}
	for {
		cfg := ReduceConfig(dev, v, len(in))
		partial := make([]T, cfg.Grid.X)
		if err := dev.Launch(cfg, reduceKernel(v, in, partial)); err != nil {
			return zero, err
		}
		if len(partial) == 1 {
			return partial[0], nil
		}
		in = partial
	}
}

// reduceKernel returns variant v's kernel writing per-block sums of in to
// partial.
func reduceKernel[T Number](v ReduceVariant, in, partial []T) func(*gocuda.Thread) {
	switch v {
	case ReduceInterleaved:
		return ReduceInterleavedKernel(in, partial)
	case ReduceStridedIndex:
		return ReduceStridedIndexKernel(in, partial)
	case ReduceFirstAdd:
		return ReduceFirstAddKernel(in, partial)
	case ReduceUnrolledWarp:
		return ReduceUnrolledWarpKernel(in, partial)
	case ReduceWarpShuffle:
		return ReduceWarpShuffleKernel(in, partial)
	case ReduceGridStride:
		return ReduceGridStrideKernel(in, partial)
	case ReduceCoarsened:
		return ReduceCoarsenedKernel(in, partial)
	}
	return ReduceSequentialKernel(in, partial)
}

// ReduceAtomicKernel returns the reduction of P&H Appendix B, Figure
// B.8.9: each thread loads one element of in into shared memory, the
// block adds pairs at a halving stride with a barrier after each step, and
// thread 0 adds the block's sum into *sum with atomicAdd. *sum must start
// at zero (or at a value to add to). Launch it with a one-dimensional
// power-of-two block and at least len(in) threads (ReduceConfig).
//
//gocuda:kernel ReduceAtomicKernel
func reduceAtomic[T Number](t *gocuda.Thread, in []T, sum *T) {
	tid := t.ThreadIdx.X
	sdata := gocuda.Shared[T](t, t.BlockDim.X)
	sdata[tid] = reduceAt(in, t.BlockIdx.X*t.BlockDim.X+tid)
	t.SyncThreads()
	for s := t.BlockDim.X / 2; s > 0; s /= 2 {
		if tid < s {
			sdata[tid] += sdata[tid+s]
		}
		t.SyncThreads()
	}
	if tid == 0 {
		atomic.Add(sum, sdata[0])
	}
}

// ReduceInterleavedKernel returns Harris's reduction kernel 1, interleaved
// addressing with a divergent branch: at step s (1, 2, 4, ...) the threads
// whose id is a multiple of 2*s add the element s to their right. Each
// thread loads one element of in; thread 0 writes the block's sum to
// partial[blockIdx.x]. Launch it with a one-dimensional power-of-two block
// and at least len(in) threads (ReduceConfig).
//
//gocuda:kernel ReduceInterleavedKernel
func reduceInterleaved[T Number](t *gocuda.Thread, in, partial []T) {
	tid := t.ThreadIdx.X
	sdata := gocuda.Shared[T](t, t.BlockDim.X)
	sdata[tid] = reduceAt(in, t.BlockIdx.X*t.BlockDim.X+tid)
	t.SyncThreads()
	for s := 1; s < t.BlockDim.X; s *= 2 {
		if tid%(2*s) == 0 { // divergent: active threads are scattered over every warp
			sdata[tid] += sdata[tid+s]
		}
		t.SyncThreads()
	}
	if tid == 0 {
		partial[t.BlockIdx.X] = sdata[0]
	}
}

// ReduceStridedIndexKernel returns Harris's reduction kernel 2,
// interleaved addressing with a strided index: at step s thread tid adds
// element index+s into index = 2*s*tid, so the active threads are the
// first ones (no divergence within warps) but their accesses collide in
// shared-memory banks. Loads, output and launch are as for
// ReduceInterleavedKernel.
//
//gocuda:kernel ReduceStridedIndexKernel
func reduceStridedIndex[T Number](t *gocuda.Thread, in, partial []T) {
	tid := t.ThreadIdx.X
	sdata := gocuda.Shared[T](t, t.BlockDim.X)
	sdata[tid] = reduceAt(in, t.BlockIdx.X*t.BlockDim.X+tid)
	t.SyncThreads()
	for s := 1; s < t.BlockDim.X; s *= 2 {
		if index := 2 * s * tid; index < t.BlockDim.X {
			sdata[index] += sdata[index+s]
		}
		t.SyncThreads()
	}
	if tid == 0 {
		partial[t.BlockIdx.X] = sdata[0]
	}
}

// ReduceSequentialKernel returns Harris's reduction kernel 3, sequential
// addressing: the stride s halves from blockDim/2 and thread tid < s adds
// element tid+s, so active threads and their addresses are contiguous.
// Loads, output and launch are as for ReduceInterleavedKernel.
//
//gocuda:kernel ReduceSequentialKernel
func reduceSequential[T Number](t *gocuda.Thread, in, partial []T) {
	tid := t.ThreadIdx.X
	sdata := gocuda.Shared[T](t, t.BlockDim.X)
	sdata[tid] = reduceAt(in, t.BlockIdx.X*t.BlockDim.X+tid)
	t.SyncThreads()
	reduceSequentialTree(t, sdata, 0)
	if tid == 0 {
		partial[t.BlockIdx.X] = sdata[0]
	}
}

// reduceSequentialTree runs the sequential-addressing steps of a block
// tree over sdata (one element per thread, already stored and synchronized)
// for strides from blockDim/2 down to stop+1, leaving the sums of the first
// 2*stop elements (or with stop = 0, the block's sum) at the front.
func reduceSequentialTree[T Number](t *gocuda.Thread, sdata []T, stop int) {
	tid := t.ThreadIdx.X
	for s := t.BlockDim.X / 2; s > stop; s /= 2 {
		if tid < s {
			sdata[tid] += sdata[tid+s]
		}
		t.SyncThreads()
	}
}

// reduceAt returns in[i], or zero past the end of in: what a thread whose
// element is missing contributes.
func reduceAt[T Number](in []T, i int) T {
	if i < len(in) {
		return in[i]
	}
	var zero T
	return zero
}

// reduceCeil is ceil(a/b) for a >= 0, b > 0.
func reduceCeil(a, b int) int { return (a + b - 1) / b }
