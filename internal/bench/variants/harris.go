package variants

import (
	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/bench"
	"github.com/gocuda/gocuda/kernels"
)

// The variants of Harris's shared-memory tree reductions ("Optimizing
// Parallel Reduction in CUDA"), as package kernels runs them through
// kernels.Reduce: blocks of 256 threads, one partial result per block,
// launched again over the partial results until one is left (harrisPasses).

// harrisThreads is the block of every tree reduction here, as kernels'.
const harrisThreads = 256

// HarrisSeqShiftKernel rewords kernels.ReduceSequentialKernel (Harris's
// kernel 3) inline, with shifts: s starts at blockDim >> 1 and halves by
// s >>= 1, the load guarded by an if instead of a helper.
//
//gocuda:kernel HarrisSeqShiftKernel
func harrisSeqShift(t *gocuda.Thread, in, partial []float32) {
	tid := t.ThreadIdx.X
	i := t.BlockIdx.X*t.BlockDim.X + tid
	sdata := gocuda.Shared[float32](t, t.BlockDim.X)
	sdata[tid] = 0
	if i < len(in) {
		sdata[tid] = in[i]
	}
	t.SyncThreads()
	for s := t.BlockDim.X >> 1; s > 0; s >>= 1 {
		if tid < s {
			sdata[tid] += sdata[tid+s]
		}
		t.SyncThreads()
	}
	if tid == 0 {
		partial[t.BlockIdx.X] = sdata[0]
	}
}

// HarrisSeqWhileKernel rewords kernels.ReduceSequentialKernel with a
// while-style loop (s := blockDim / 2; for s > 0 { ...; s /= 2 }) and the
// addition spelled out as a = a + b.
//
//gocuda:kernel HarrisSeqWhileKernel
func harrisSeqWhile(t *gocuda.Thread, in, partial []float32) {
	tid := t.ThreadIdx.X
	i := t.BlockIdx.X*t.BlockDim.X + tid
	sdata := gocuda.Shared[float32](t, t.BlockDim.X)
	var v float32
	if i < len(in) {
		v = in[i]
	}
	sdata[tid] = v
	t.SyncThreads()
	s := t.BlockDim.X / 2
	for s > 0 {
		if tid < s {
			sdata[tid] = sdata[tid] + sdata[tid+s]
		}
		t.SyncThreads()
		s /= 2
	}
	if tid == 0 {
		partial[t.BlockIdx.X] = sdata[0]
	}
}

// HarrisSeqConstKernel rewords kernels.ReduceSequentialKernel with the
// block size a constant, as CUDA code with a #define BLOCK_SIZE writes it:
// a shared array of 256 and a tree from 128.
//
//gocuda:kernel HarrisSeqConstKernel
func harrisSeqConst(t *gocuda.Thread, in, partial []float32) {
	const blockSize = 256
	sdata := gocuda.Shared[float32](t, blockSize)
	tid := t.ThreadIdx.X
	i := t.BlockIdx.X*blockSize + tid
	if i < len(in) {
		sdata[tid] = in[i]
	} else {
		sdata[tid] = 0
	}
	t.SyncThreads()
	for s := blockSize / 2; s > 0; s /= 2 {
		if tid < s {
			sdata[tid] += sdata[tid+s]
		}
		t.SyncThreads()
	}
	if tid == 0 {
		partial[t.BlockIdx.X] = sdata[0]
	}
}

// HarrisSeqMinKernel rewords kernels.ReduceSequentialKernel with an int32
// min instead of a float32 sum.
//
//gocuda:kernel HarrisSeqMinKernel
func harrisSeqMin(t *gocuda.Thread, in, partial []int32) {
	tid := t.ThreadIdx.X
	i := t.BlockIdx.X*t.BlockDim.X + tid
	sdata := gocuda.Shared[int32](t, t.BlockDim.X)
	sdata[tid] = math32Max
	if i < len(in) {
		sdata[tid] = in[i]
	}
	t.SyncThreads()
	for s := t.BlockDim.X / 2; s > 0; s /= 2 {
		if tid < s {
			sdata[tid] = min(sdata[tid], sdata[tid+s])
		}
		t.SyncThreads()
	}
	if tid == 0 {
		partial[t.BlockIdx.X] = sdata[0]
	}
}

// HarrisFirstAddInlineKernel rewords kernels.ReduceFirstAddKernel
// (Harris's kernel 4, first add during load) as Harris's slides write it,
// inline: i = blockIdx*(blockDim*2) + tid, the two loads guarded by ifs,
// the tree with s >>= 1 instead of the helper.
//
//gocuda:kernel HarrisFirstAddInlineKernel
func harrisFirstAddInline(t *gocuda.Thread, in, partial []float32) {
	tid := t.ThreadIdx.X
	i := t.BlockIdx.X*(t.BlockDim.X*2) + tid
	sdata := gocuda.Shared[float32](t, t.BlockDim.X)
	var v float32
	if i < len(in) {
		v = in[i]
	}
	if i+t.BlockDim.X < len(in) {
		v += in[i+t.BlockDim.X]
	}
	sdata[tid] = v
	t.SyncThreads()
	for s := t.BlockDim.X / 2; s > 0; s >>= 1 {
		if tid < s {
			sdata[tid] += sdata[tid+s]
		}
		t.SyncThreads()
	}
	if tid == 0 {
		partial[t.BlockIdx.X] = sdata[0]
	}
}

// HarrisFirstAddMaxKernel rewords kernels.ReduceFirstAddKernel with an
// int32 max instead of a float32 sum.
//
//gocuda:kernel HarrisFirstAddMaxKernel
func harrisFirstAddMax(t *gocuda.Thread, in, partial []int32) {
	tid := t.ThreadIdx.X
	i := t.BlockIdx.X*2*t.BlockDim.X + tid
	sdata := gocuda.Shared[int32](t, t.BlockDim.X)
	v := int32(-math32Max - 1)
	if i < len(in) {
		v = in[i]
	}
	if j := i + t.BlockDim.X; j < len(in) {
		v = max(v, in[j])
	}
	sdata[tid] = v
	t.SyncThreads()
	for s := t.BlockDim.X / 2; s > 0; s /= 2 {
		if tid < s {
			sdata[tid] = max(sdata[tid], sdata[tid+s])
		}
		t.SyncThreads()
	}
	if tid == 0 {
		partial[t.BlockIdx.X] = sdata[0]
	}
}

// HarrisInterleavedMaskKernel rewords kernels.ReduceInterleavedKernel
// (Harris's kernel 1) with a mask instead of a modulo, tid & (2*s-1) == 0,
// and the stride doubling by s <<= 1.
//
//gocuda:kernel HarrisInterleavedMaskKernel
func harrisInterleavedMask(t *gocuda.Thread, in, partial []float32) {
	tid := t.ThreadIdx.X
	i := t.BlockIdx.X*t.BlockDim.X + tid
	sdata := gocuda.Shared[float32](t, t.BlockDim.X)
	sdata[tid] = 0
	if i < len(in) {
		sdata[tid] = in[i]
	}
	t.SyncThreads()
	for s := 1; s < t.BlockDim.X; s <<= 1 {
		if tid&(2*s-1) == 0 {
			sdata[tid] += sdata[tid+s]
		}
		t.SyncThreads()
	}
	if tid == 0 {
		partial[t.BlockIdx.X] = sdata[0]
	}
}

// HarrisStridedShiftKernel rewords kernels.ReduceStridedIndexKernel
// (Harris's kernel 2) with shifts: index = (s*tid) << 1, s <<= 1, and the
// guard in its own statement.
//
//gocuda:kernel HarrisStridedShiftKernel
func harrisStridedShift(t *gocuda.Thread, in, partial []float32) {
	tid := t.ThreadIdx.X
	i := t.BlockIdx.X*t.BlockDim.X + tid
	sdata := gocuda.Shared[float32](t, t.BlockDim.X)
	sdata[tid] = 0
	if i < len(in) {
		sdata[tid] = in[i]
	}
	t.SyncThreads()
	for s := 1; s < t.BlockDim.X; s <<= 1 {
		index := (s * tid) << 1
		if index < t.BlockDim.X {
			sdata[index] += sdata[index+s]
		}
		t.SyncThreads()
	}
	if tid == 0 {
		partial[t.BlockIdx.X] = sdata[0]
	}
}

// HarrisUnrolledInlineKernel rewords kernels.ReduceUnrolledWarpKernel
// (Harris's kernel 5) with the last warp's six steps written out inline,
// each a read, __syncwarp, a write and __syncwarp, instead of a loop in a
// helper, and the block-wide steps while s > 32.
//
//gocuda:kernel HarrisUnrolledInlineKernel
func harrisUnrolledInline(t *gocuda.Thread, in, partial []float32) {
	tid := t.ThreadIdx.X
	i := t.BlockIdx.X*(t.BlockDim.X*2) + tid
	sdata := gocuda.Shared[float32](t, t.BlockDim.X)
	var v float32
	if i < len(in) {
		v = in[i]
	}
	if i+t.BlockDim.X < len(in) {
		v += in[i+t.BlockDim.X]
	}
	sdata[tid] = v
	t.SyncThreads()
	for s := t.BlockDim.X / 2; s > 32; s >>= 1 {
		if tid < s {
			sdata[tid] += sdata[tid+s]
		}
		t.SyncThreads()
	}
	if tid < 32 {
		v = sdata[tid] + sdata[tid+32]
		t.SyncWarp(gocuda.FullMask)
		sdata[tid] = v
		t.SyncWarp(gocuda.FullMask)
		v += sdata[tid+16]
		t.SyncWarp(gocuda.FullMask)
		sdata[tid] = v
		t.SyncWarp(gocuda.FullMask)
		v += sdata[tid+8]
		t.SyncWarp(gocuda.FullMask)
		sdata[tid] = v
		t.SyncWarp(gocuda.FullMask)
		v += sdata[tid+4]
		t.SyncWarp(gocuda.FullMask)
		sdata[tid] = v
		t.SyncWarp(gocuda.FullMask)
		v += sdata[tid+2]
		t.SyncWarp(gocuda.FullMask)
		sdata[tid] = v
		t.SyncWarp(gocuda.FullMask)
		v += sdata[tid+1]
		t.SyncWarp(gocuda.FullMask)
		sdata[tid] = v
	}
	if tid == 0 {
		partial[t.BlockIdx.X] = sdata[0]
	}
}

// harrisPasses reduces x with kernel k, perBlock elements to each block of
// harrisThreads threads, launching again over the partial results until
// one is left, as kernels.Reduce does.
func harrisPasses[T any](dev *gocuda.Device, runtimePath bool, x []T, perBlock int, k func(in, partial []T) func(*gocuda.Thread)) (T, error) {
	for {
		partial := make([]T, max(1, ceil(len(x), perBlock)))
		if err := dev.Launch(config(len(partial), harrisThreads, runtimePath), k(x, partial)); err != nil {
			var zero T
			return zero, err
		}
		if len(partial) == 1 {
			return partial[0], nil
		}
		x = partial
	}
}

// f32sparse is bench's reduction input: about one in eleven elements 1,
// the rest 0, so that every sum is exact.
func f32sparse(n int) []float32 {
	x := make([]float32, n)
	for i := range x {
		if (i*7)%11 == 0 {
			x[i] = 1
		}
	}
	return x
}

// harrisCase is a tree-reduction Impl of variant name rewording original
// of, over inputs in (shared under key), run by k with perBlock elements
// a block, checked against the fold want.
func harrisCase[T comparable](name, of string, in func(int) []T, key string, perBlock int,
	k func(in, partial []T) func(*gocuda.Thread), want func([]T) T) Impl {
	return Impl{Name: name, Kind: Reworded, Of: of, Setup: func(dev *gocuda.Device, n int, runtimePath bool) Instance {
		x := func() []T { return shared(key, n, in) }
		return result(func() (T, error) { return harrisPasses(dev, runtimePath, x(), perBlock, k) }, func() T { return want(x()) })
	}}
}

// harrisOther is an original or a baseline of the tree reductions: a
// float32 sum of f32sparse computed by run.
func harrisOther(name, kind string, run func(dev *gocuda.Device, x []float32) (float32, error)) Impl {
	return Impl{Name: name, Kind: kind, Setup: func(dev *gocuda.Device, n int, _ bool) Instance {
		x := func() []float32 { return shared("f32sparse", n, f32sparse) }
		return result(func() (float32, error) { return run(dev, x()) }, func() float32 { return bench.ReduceSerial(x()) })
	}}
}

func harrisAlgo() Algo {
	sum32 := func(x []float32) float32 { return fold(x, float32(0), func(r, e float32) float32 { return r + e }) }
	min32 := func(x []int32) int32 { return fold(x, int32(math32Max), minOf[int32]) }
	max32 := func(x []int32) int32 { return fold(x, int32(-math32Max-1), maxOf[int32]) }
	orig := func(v kernels.ReduceVariant) Impl {
		return harrisOther(v.String(), Original, func(dev *gocuda.Device, x []float32) (float32, error) { return kernels.Reduce(dev, v, x) })
	}
	const one, two = harrisThreads, 2 * harrisThreads
	return Algo{
		Name: "harris", Size: 1 << 24, Short: 1 << 16, Test: []int{1, 1000, 70001},
		Impls: []Impl{
			orig(kernels.ReduceInterleaved), orig(kernels.ReduceStridedIndex), orig(kernels.ReduceSequential),
			orig(kernels.ReduceFirstAdd), orig(kernels.ReduceUnrolledWarp),
			harrisCase("seqShift", "sequential", f32sparse, "f32sparse", one, HarrisSeqShiftKernel, sum32),
			harrisCase("seqWhile", "sequential", f32sparse, "f32sparse", one, HarrisSeqWhileKernel, sum32),
			harrisCase("seqConst", "sequential", f32sparse, "f32sparse", one, HarrisSeqConstKernel, sum32),
			harrisCase("seqMinInt32", "sequential", i32hash, "i32hash", one, HarrisSeqMinKernel, min32),
			harrisCase("firstAddInline", "firstAdd", f32sparse, "f32sparse", two, HarrisFirstAddInlineKernel, sum32),
			harrisCase("firstAddMaxInt32", "firstAdd", i32hash, "i32hash", two, HarrisFirstAddMaxKernel, max32),
			harrisCase("interleavedMask", "interleaved", f32sparse, "f32sparse", one, HarrisInterleavedMaskKernel, sum32),
			harrisCase("stridedShift", "stridedIndex", f32sparse, "f32sparse", one, HarrisStridedShiftKernel, sum32),
			harrisCase("unrolledInline", "unrolledWarp", f32sparse, "f32sparse", two, HarrisUnrolledInlineKernel, sum32),
			harrisOther(bench.HandSerial, Hand, func(_ *gocuda.Device, x []float32) (float32, error) { return bench.ReduceSerial(x), nil }),
			harrisOther(bench.HandParallel, Hand, func(_ *gocuda.Device, x []float32) (float32, error) { return bench.ReduceParallel(x), nil }),
		},
	}
}
