package variants

import (
	"cmp"
	"sync"

	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/cg"
	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/bench"
)

// The variants of the warp-shuffle block reduction of BenchmarkBlockReduce
// (bench.BlockReduceShuffleKernel): a grid of brBlocks blocks of brThreads
// threads, each thread first summing a run of n/(brBlocks*brThreads)
// consecutive elements, each warp summing its threads' sums with five
// shuffles down, lane 0 storing the warp's sum, and thread 0 adding up the
// warps' sums into partial[blockIdx.x].
const (
	brBlocks  = 16
	brThreads = 256
)

// BlockReduceLaneModKernel rewords bench.BlockReduceShuffleKernel in lane
// arithmetic: the lane and the warp as tid % 32 and tid / 32 instead of
// t.LaneID() and t.WarpID(), the warp size as a literal 32.
//
//gocuda:kernel BlockReduceLaneModKernel
func brLaneMod(t *gocuda.Thread, x []float32, partial []float64, run int) {
	tid := t.ThreadIdx.X
	lane, warp := tid%32, tid/32
	warps := gocuda.Shared[float64](t, t.BlockDim.X/32)
	v := runSum(x, (t.BlockIdx.X*t.BlockDim.X+tid)*run, run)
	for off := 16; off > 0; off /= 2 {
		v += gocuda.ShflDownSync(t, 0xffffffff, v, off, 32)
	}
	if lane == 0 {
		warps[warp] = v
	}
	t.SyncThreads()
	if tid == 0 {
		var s float64
		for _, w := range warps {
			s += w
		}
		partial[t.BlockIdx.X] = s
	}
}

// BlockReduceXorKernel rewords bench.BlockReduceShuffleKernel with xor
// butterflies (__shfl_xor_sync) instead of shuffles down: every lane ends
// with the warp's sum.
//
//gocuda:kernel BlockReduceXorKernel
func brXor(t *gocuda.Thread, x []float32, partial []float64, run int) {
	warps := gocuda.Shared[float64](t, t.BlockDim.X/gocuda.WarpSize)
	v := runSum(x, (t.BlockIdx.X*t.BlockDim.X+t.ThreadIdx.X)*run, run)
	for mask := gocuda.WarpSize / 2; mask > 0; mask /= 2 {
		v += gocuda.ShflXorSync(t, gocuda.FullMask, v, mask, gocuda.WarpSize)
	}
	if t.LaneID() == 0 {
		warps[t.WarpID()] = v
	}
	t.SyncThreads()
	if t.ThreadIdx.X == 0 {
		var s float64
		for _, w := range warps {
			s += w
		}
		partial[t.BlockIdx.X] = s
	}
}

// BlockReduceShiftKernel rewords bench.BlockReduceShuffleKernel's shuffle
// loop with a shift, off >>= 1, and its final loop over the warps' sums
// with an index.
//
//gocuda:kernel BlockReduceShiftKernel
func brShift(t *gocuda.Thread, x []float32, partial []float64, run int) {
	nw := t.BlockDim.X >> 5
	warps := gocuda.Shared[float64](t, nw)
	v := runSum(x, (t.BlockIdx.X*t.BlockDim.X+t.ThreadIdx.X)*run, run)
	for off := gocuda.WarpSize >> 1; off > 0; off >>= 1 {
		v += gocuda.ShflDownSync(t, gocuda.FullMask, v, off, gocuda.WarpSize)
	}
	if t.LaneID() == 0 {
		warps[t.WarpID()] = v
	}
	t.SyncThreads()
	if t.ThreadIdx.X == 0 {
		s := 0.0
		for w := 0; w < nw; w++ {
			s += warps[w]
		}
		partial[t.BlockIdx.X] = s
	}
}

// BlockReduceUnrolledKernel rewords bench.BlockReduceShuffleKernel with
// its five shuffles written out, as #pragma unroll leaves them.
//
//gocuda:kernel BlockReduceUnrolledKernel
func brUnrolled(t *gocuda.Thread, x []float32, partial []float64, run int) {
	warps := gocuda.Shared[float64](t, t.BlockDim.X/gocuda.WarpSize)
	v := runSum(x, (t.BlockIdx.X*t.BlockDim.X+t.ThreadIdx.X)*run, run)
	v += gocuda.ShflDownSync(t, gocuda.FullMask, v, 16, 32)
	v += gocuda.ShflDownSync(t, gocuda.FullMask, v, 8, 32)
	v += gocuda.ShflDownSync(t, gocuda.FullMask, v, 4, 32)
	v += gocuda.ShflDownSync(t, gocuda.FullMask, v, 2, 32)
	v += gocuda.ShflDownSync(t, gocuda.FullMask, v, 1, 32)
	if t.LaneID() == 0 {
		warps[t.WarpID()] = v
	}
	t.SyncThreads()
	if t.ThreadIdx.X == 0 {
		var s float64
		for _, w := range warps {
			s += w
		}
		partial[t.BlockIdx.X] = s
	}
}

// BlockReduceHelpersKernel rewords bench.BlockReduceShuffleKernel as
// Luitjens's "Faster Parallel Reductions on Kepler" writes it: helpers
// warpReduceSum and blockReduceSum, the lane and warp by % and /, and the
// second stage warp 0 shuffling the warps' sums instead of thread 0's loop.
//
//gocuda:kernel BlockReduceHelpersKernel
func brHelpers(t *gocuda.Thread, x []float32, partial []float64, run int) {
	sum := blockReduceSum(t, runSum(x, (t.BlockIdx.X*t.BlockDim.X+t.ThreadIdx.X)*run, run))
	if t.ThreadIdx.X == 0 {
		partial[t.BlockIdx.X] = sum
	}
}

// warpReduceSum is Luitjens's warpReduceSum.
func warpReduceSum(t *gocuda.Thread, v float64) float64 {
	for off := 16; off > 0; off /= 2 {
		v += gocuda.ShflDownSync(t, gocuda.FullMask, v, off, 32)
	}
	return v
}

// blockReduceSum is Luitjens's blockReduceSum: the block's sum in thread 0.
func blockReduceSum(t *gocuda.Thread, v float64) float64 {
	shared := gocuda.Shared[float64](t, 32)
	lane, wid := t.ThreadIdx.X%32, t.ThreadIdx.X/32
	v = warpReduceSum(t, v)
	if lane == 0 {
		shared[wid] = v
	}
	t.SyncThreads()
	v = 0
	if t.ThreadIdx.X < t.BlockDim.X/32 {
		v = shared[lane]
	}
	if wid == 0 {
		v = warpReduceSum(t, v)
	}
	return v
}

// BlockReduceOnePerThreadKernel rewords bench.BlockReduceShuffleKernel as
// the Programming Guide's readers write it first: one element per thread
// (a grid covering the input), float32 sums, tid % 32 and tid / 32, and an
// if around the second stage, in which warp 0 shuffles the warps' sums.
//
//gocuda:kernel BlockReduceOnePerThreadKernel
func brOnePerThread(t *gocuda.Thread, x []float32, partial []float32) {
	tid := t.ThreadIdx.X
	i := t.BlockIdx.X*t.BlockDim.X + tid
	warps := gocuda.Shared[float32](t, 32)
	var v float32
	if i < len(x) {
		v = x[i]
	}
	for off := 16; off > 0; off /= 2 {
		v += gocuda.ShflDownSync(t, gocuda.FullMask, v, off, 32)
	}
	if tid%32 == 0 {
		warps[tid/32] = v
	}
	t.SyncThreads()
	if tid < 32 {
		v = 0
		if tid < t.BlockDim.X/32 {
			v = warps[tid]
		}
		for off := 16; off > 0; off /= 2 {
			v += gocuda.ShflDownSync(t, gocuda.FullMask, v, off, 32)
		}
		if tid == 0 {
			partial[t.BlockIdx.X] = v
		}
	}
}

// BlockReduceFloat64Kernel rewords bench.BlockReduceShuffleKernel over
// float64 elements.
//
//gocuda:kernel BlockReduceFloat64Kernel
func brFloat64(t *gocuda.Thread, x []float64, partial []float64, run int) {
	warps := gocuda.Shared[float64](t, t.BlockDim.X/gocuda.WarpSize)
	lo := (t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X) * run
	var v float64
	for _, e := range x[lo : lo+run] {
		v += e
	}
	for off := gocuda.WarpSize / 2; off > 0; off /= 2 {
		v += gocuda.ShflDownSync(t, gocuda.FullMask, v, off, gocuda.WarpSize)
	}
	if t.LaneID() == 0 {
		warps[t.WarpID()] = v
	}
	t.SyncThreads()
	if t.ThreadIdx.X == 0 {
		var s float64
		for _, w := range warps {
			s += w
		}
		partial[t.BlockIdx.X] = s
	}
}

// BlockReduceMinKernel rewords bench.BlockReduceShuffleKernel with an
// int32 min instead of a float64 sum.
//
//gocuda:kernel BlockReduceMinKernel
func brMin(t *gocuda.Thread, x []int32, partial []int32, run int) {
	warps := gocuda.Shared[int32](t, t.BlockDim.X/gocuda.WarpSize)
	lo := (t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X) * run
	v := int32(math32Max)
	for _, e := range x[lo : lo+run] {
		v = min(v, e)
	}
	for off := gocuda.WarpSize / 2; off > 0; off /= 2 {
		v = min(v, gocuda.ShflDownSync(t, gocuda.FullMask, v, off, gocuda.WarpSize))
	}
	if t.LaneID() == 0 {
		warps[t.WarpID()] = v
	}
	t.SyncThreads()
	if t.ThreadIdx.X == 0 {
		s := int32(math32Max)
		for _, w := range warps {
			s = min(s, w)
		}
		partial[t.BlockIdx.X] = s
	}
}

// BlockReduceMaxKernel rewords bench.BlockReduceShuffleKernel with an
// int32 max written as an if, in a helper, instead of a float64 sum.
//
//gocuda:kernel BlockReduceMaxKernel
func brMax(t *gocuda.Thread, x []int32, partial []int32, run int) {
	warps := gocuda.Shared[int32](t, t.BlockDim.X/gocuda.WarpSize)
	lo := (t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X) * run
	v := x[lo]
	for i := lo + 1; i < lo+run; i++ {
		v = max32(v, x[i])
	}
	for off := gocuda.WarpSize / 2; off > 0; off /= 2 {
		v = max32(v, gocuda.ShflDownSync(t, gocuda.FullMask, v, off, gocuda.WarpSize))
	}
	if t.LaneID() == 0 {
		warps[t.WarpID()] = v
	}
	t.SyncThreads()
	if t.ThreadIdx.X == 0 {
		s := warps[0]
		for _, w := range warps[1:] {
			s = max32(s, w)
		}
		partial[t.BlockIdx.X] = s
	}
}

// max32 is the larger of a and b.
func max32(a, b int32) int32 {
	if a > b {
		return a
	}
	return b
}

// BlockReduceXorBitsKernel rewords bench.BlockReduceShuffleKernel with a
// uint32 ^ instead of a float64 sum (a parity of every bit).
//
//gocuda:kernel BlockReduceXorBitsKernel
func brXorBits(t *gocuda.Thread, x []uint32, partial []uint32, run int) {
	warps := gocuda.Shared[uint32](t, t.BlockDim.X/gocuda.WarpSize)
	lo := (t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X) * run
	var v uint32
	for _, e := range x[lo : lo+run] {
		v ^= e
	}
	for off := gocuda.WarpSize / 2; off > 0; off /= 2 {
		v ^= gocuda.ShflDownSync(t, gocuda.FullMask, v, off, gocuda.WarpSize)
	}
	if t.LaneID() == 0 {
		warps[t.WarpID()] = v
	}
	t.SyncThreads()
	if t.ThreadIdx.X == 0 {
		var s uint32
		for _, w := range warps {
			s ^= w
		}
		partial[t.BlockIdx.X] = s
	}
}

// BlockReduceGridStrideKernel rewords bench.BlockReduceShuffleKernel's
// runs as the GPU's grid-stride loop: thread g adds elements g, g+s,
// g+2s, ... where s is the grid's thread count (several elements per
// thread, interleaved instead of consecutive).
//
//gocuda:kernel BlockReduceGridStrideKernel
func brGridStride(t *gocuda.Thread, x []float32, partial []float64) {
	warps := gocuda.Shared[float64](t, t.BlockDim.X/gocuda.WarpSize)
	var v float64
	for i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X; i < len(x); i += t.BlockDim.X * t.GridDim.X {
		v += float64(x[i])
	}
	for off := gocuda.WarpSize / 2; off > 0; off /= 2 {
		v += gocuda.ShflDownSync(t, gocuda.FullMask, v, off, gocuda.WarpSize)
	}
	if t.LaneID() == 0 {
		warps[t.WarpID()] = v
	}
	t.SyncThreads()
	if t.ThreadIdx.X == 0 {
		var s float64
		for _, w := range warps {
			s += w
		}
		partial[t.BlockIdx.X] = s
	}
}

// BlockReduceGroupKernel rewords bench.BlockReduceShuffleKernel with
// cooperative groups' cg::reduce over a tile of 32 instead of the shuffle
// loop, the tile's rank and meta-group rank instead of the lane and warp.
//
//gocuda:kernel BlockReduceGroupKernel
func brGroup(t *gocuda.Thread, x []float32, partial []float64, run int) {
	block := cg.ThisThreadBlock(t)
	tile := cg.TiledPartition(block, 32)
	warps := gocuda.Shared[float64](t, block.Size()/32)
	v := runSum(x, (block.GroupIndex().X*block.Size()+block.ThreadRank())*run, run)
	v = cg.Reduce(tile, v, cg.Plus[float64])
	if tile.ThreadRank() == 0 {
		warps[tile.MetaGroupRank()] = v
	}
	block.Sync()
	if block.ThreadRank() == 0 {
		var s float64
		for _, w := range warps {
			s += w
		}
		partial[block.GroupIndex().X] = s
	}
}

// BlockReduceAtomicKernel rewords bench.BlockReduceShuffleKernel's output:
// thread 0 adds the block's sum into *total with atomicAdd instead of
// writing partial[blockIdx.x].
//
//gocuda:kernel BlockReduceAtomicKernel
func brAtomic(t *gocuda.Thread, x []float32, total *float64, run int) {
	warps := gocuda.Shared[float64](t, t.BlockDim.X/gocuda.WarpSize)
	v := runSum(x, (t.BlockIdx.X*t.BlockDim.X+t.ThreadIdx.X)*run, run)
	for off := gocuda.WarpSize / 2; off > 0; off /= 2 {
		v += gocuda.ShflDownSync(t, gocuda.FullMask, v, off, gocuda.WarpSize)
	}
	if t.LaneID() == 0 {
		warps[t.WarpID()] = v
	}
	t.SyncThreads()
	if t.ThreadIdx.X == 0 {
		var s float64
		for _, w := range warps {
			s += w
		}
		atomic.Add(total, s)
	}
}

// runSum is the sum of x[lo:lo+n], as bench's runSum.
func runSum(x []float32, lo, n int) float64 {
	var v float64
	for _, e := range x[lo : lo+n] {
		v += float64(e)
	}
	return v
}

// math32Max is the largest int32, min's identity.
const math32Max = 1<<31 - 1

// Inputs of the reductions. mod7 keeps every sum of up to 2^24 elements
// exact in float32 runs and in float64; the hashes have every bit pattern.
func f32mod7(n int) []float32 {
	x := make([]float32, n)
	for i := range x {
		x[i] = float32(i % 7)
	}
	return x
}

func f64mod7(n int) []float64 {
	x := make([]float64, n)
	for i := range x {
		x[i] = float64(i % 7)
	}
	return x
}

func i32hash(n int) []int32 {
	x := make([]int32, n)
	for i := range x {
		x[i] = int32(hash32(i))
	}
	return x
}

func u32hash(n int) []uint32 {
	x := make([]uint32, n)
	for i := range x {
		x[i] = hash32(i)
	}
	return x
}

// fold is a sequential fold of x with op from init: the host reference.
func fold[E, R any](x []E, init R, op func(R, E) R) R {
	r := init
	for _, e := range x {
		r = op(r, e)
	}
	return r
}

// brCase is a block-reduction Impl over elements made by in, launched by
// launch (the grid and the partial results are its own), checked against
// the sequential fold want.
func brCase[E any, R comparable](name, kind string, in func(int) []E, key string,
	launch func(dev *gocuda.Device, x []E, runtimePath bool) (R, error), want func(x []E) R) Impl {
	of := ""
	if kind == Reworded {
		of = "warpShuffle"
	}
	return Impl{Name: name, Kind: kind, Of: of, Setup: func(dev *gocuda.Device, n int, runtimePath bool) Instance {
		x := func() []E { return shared(key, n, in) }
		return result(func() (R, error) { return launch(dev, x(), runtimePath) }, func() R { return want(x()) })
	}}
}

// brRuns launches a run-per-thread block reduction on the brBlocks ×
// brThreads grid and folds its partial results on the host.
func brRuns[E, P any, R any](k func(x []E, partial []P, run int) func(*gocuda.Thread), init R, op func(R, P) R) func(*gocuda.Device, []E, bool) (R, error) {
	return func(dev *gocuda.Device, x []E, runtimePath bool) (R, error) {
		partial := make([]P, brBlocks)
		err := dev.Launch(config(brBlocks, brThreads, runtimePath), k(x, partial, len(x)/(brBlocks*brThreads)))
		return fold(partial, init, op), err
	}
}

func addF64[E float32 | float64](r float64, e E) float64 { return r + float64(e) }

func minOf[T cmp.Ordered](a, b T) T { return min(a, b) }
func maxOf[T cmp.Ordered](a, b T) T { return max(a, b) }

func blockReduceAlgo() Algo {
	sum := func(x []float32) float64 { return fold(x, 0.0, addF64[float32]) }
	return Algo{
		Name: "blockReduce", Size: 1 << 24, Short: 1 << 16, Test: []int{4096, 3 * 4096},
		Impls: []Impl{
			brCase("warpShuffle", Original, f32mod7, "f32mod7", brRuns(bench.BlockReduceShuffleKernel, 0.0, addF64[float64]), sum),
			brCase("laneMod", Reworded, f32mod7, "f32mod7", brRuns(BlockReduceLaneModKernel, 0.0, addF64[float64]), sum),
			brCase("xor", Reworded, f32mod7, "f32mod7", brRuns(BlockReduceXorKernel, 0.0, addF64[float64]), sum),
			brCase("shift", Reworded, f32mod7, "f32mod7", brRuns(BlockReduceShiftKernel, 0.0, addF64[float64]), sum),
			brCase("unrolled", Reworded, f32mod7, "f32mod7", brRuns(BlockReduceUnrolledKernel, 0.0, addF64[float64]), sum),
			brCase("helpers", Reworded, f32mod7, "f32mod7", brRuns(BlockReduceHelpersKernel, 0.0, addF64[float64]), sum),
			brCase("onePerThread", Reworded, f32mod7, "f32mod7", func(dev *gocuda.Device, x []float32, runtimePath bool) (float64, error) {
				partial := make([]float32, ceil(len(x), brThreads))
				err := dev.Launch(config(len(partial), brThreads, runtimePath), BlockReduceOnePerThreadKernel(x, partial))
				return fold(partial, 0.0, addF64[float32]), err
			}, sum),
			brCase("float64", Reworded, f64mod7, "f64mod7", brRuns(BlockReduceFloat64Kernel, 0.0, addF64[float64]),
				func(x []float64) float64 { return fold(x, 0.0, addF64[float64]) }),
			brCase("minInt32", Reworded, i32hash, "i32hash", brRuns(BlockReduceMinKernel, int32(math32Max), minOf[int32]),
				func(x []int32) int32 { return fold(x, int32(math32Max), minOf[int32]) }),
			brCase("maxInt32", Reworded, i32hash, "i32hash", brRuns(BlockReduceMaxKernel, int32(-math32Max-1), maxOf[int32]),
				func(x []int32) int32 { return fold(x, int32(-math32Max-1), maxOf[int32]) }),
			brCase("xorUint32", Reworded, u32hash, "u32hash", brRuns(BlockReduceXorBitsKernel, uint32(0), func(r, e uint32) uint32 { return r ^ e }),
				func(x []uint32) uint32 { return fold(x, uint32(0), func(r, e uint32) uint32 { return r ^ e }) }),
			brCase("gridStride", Reworded, f32mod7, "f32mod7", func(dev *gocuda.Device, x []float32, runtimePath bool) (float64, error) {
				partial := make([]float64, brBlocks)
				err := dev.Launch(config(brBlocks, brThreads, runtimePath), BlockReduceGridStrideKernel(x, partial))
				return fold(partial, 0.0, addF64[float64]), err
			}, sum),
			brCase("group", Reworded, f32mod7, "f32mod7", brRuns(BlockReduceGroupKernel, 0.0, addF64[float64]), sum),
			brCase("atomic", Reworded, f32mod7, "f32mod7", func(dev *gocuda.Device, x []float32, runtimePath bool) (float64, error) {
				var total float64
				err := dev.Launch(config(brBlocks, brThreads, runtimePath), BlockReduceAtomicKernel(x, &total, len(x)/(brBlocks*brThreads)))
				return total, err
			}, sum),
			brCase(bench.HandSerial, Hand, f32mod7, "f32mod7", func(_ *gocuda.Device, x []float32, _ bool) (float64, error) {
				return handSum(x), nil
			}, sum),
			brCase(bench.HandParallel, Hand, f32mod7, "f32mod7", func(_ *gocuda.Device, x []float32, _ bool) (float64, error) {
				return handSumParallel(x), nil
			}, sum),
		},
	}
}

// handSum is BenchmarkBlockReduce's serial baseline (bench_test's
// sumSerial): the sum in float64 with eight independent accumulators.
func handSum(x []float32) float64 {
	var s0, s1, s2, s3, s4, s5, s6, s7 float64
	for len(x) >= 8 {
		v := x[:8:8]
		s0 += float64(v[0])
		s1 += float64(v[1])
		s2 += float64(v[2])
		s3 += float64(v[3])
		s4 += float64(v[4])
		s5 += float64(v[5])
		s6 += float64(v[6])
		s7 += float64(v[7])
		x = x[8:]
	}
	for _, v := range x {
		s0 += float64(v)
	}
	return ((s0 + s1) + (s2 + s3)) + ((s4 + s5) + (s6 + s7))
}

// handSumParallel is BenchmarkBlockReduce's parallel baseline.
func handSumParallel(x []float32) float64 {
	var mu sync.Mutex
	var total float64
	bench.Parallel(len(x), func(lo, hi int) {
		s := handSum(x[lo:hi])
		mu.Lock()
		total += s
		mu.Unlock()
	})
	return total
}
