package kernels_test

import (
	"os"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/kernels"
)

// The workloads of the timing model's tests (cmd/gocuda/internal/textbooks'
// TestTimingTextbooks): Harris's seven reductions of 2^22 ints and Ryoo et
// al.'s three matrix multiplies, launched as the papers launched them on
// the GeForce 8800 GTX, to be profiled by gocuda profile for sm_10. They
// run only where envTimingWorkload is set: uninstrumented they are only
// slow reductions.

// envTimingWorkload names the variable that turns the timing workloads on;
// its value is the log2 of the reductions' length (22 for Harris's 2^22
// ints), envTimingMatMul's the matrices' side, and envTimingSample's the
// fraction 1/s of the first pass of kernels 1 to 6 that is launched (see
// harrisReduce).
const (
	envTimingWorkload = "GOCUDA_TIMING_WORKLOAD"
	envTimingMatMul   = "GOCUDA_TIMING_MATMUL"
	envTimingSample   = "GOCUDA_TIMING_SAMPLE"
)

// harrisBlock is the block size of Harris's measurements (256 threads).
const harrisBlock = 256

// harrisGrid7 is kernel 7's grid: the CUDA SDK reduction sample's
// maxBlocks for it (64 blocks of 256 threads).
const harrisGrid7 = 64

// reduceCompleteUnroll is Harris's kernel 6, the tree completely unrolled
// for a block size known at compile time (a template parameter in CUDA, a
// constant here): the conditions on harrisBlock are constants.
func reduceCompleteUnroll(t *gocuda.Thread, in, partial []int32) {
	tid := t.ThreadIdx.X
	i := t.BlockIdx.X*2*harrisBlock + tid
	sdata := gocuda.Shared[int32](t, harrisBlock)
	sdata[tid] = in[i] + in[i+harrisBlock]
	t.SyncThreads()
	if harrisBlock >= 512 {
		if tid < 256 {
			sdata[tid] += sdata[tid+256]
		}
		t.SyncThreads()
	}
	if harrisBlock >= 256 {
		if tid < 128 {
			sdata[tid] += sdata[tid+128]
		}
		t.SyncThreads()
	}
	if harrisBlock >= 128 {
		if tid < 64 {
			sdata[tid] += sdata[tid+64]
		}
		t.SyncThreads()
	}
	if tid < 32 {
		warpReduceUnrolled(t, sdata, tid)
	}
	if tid == 0 {
		partial[t.BlockIdx.X] = sdata[0]
	}
}

// warpReduceUnrolled is Harris's warpReduce, its six steps written out,
// each step's reads and writes separated by SyncWarp (independent thread
// scheduling).
func warpReduceUnrolled(t *gocuda.Thread, sdata []int32, tid int) {
	v := sdata[tid] + sdata[tid+32]
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

// harrisStep is one of Harris's kernels: its constructor and how many
// elements one block of harrisBlock threads covers (0: a fixed grid of
// harrisGrid7 blocks).
type harrisStep struct {
	kernel   func(in, partial []int32) func(*gocuda.Thread)
	perBlock int
}

var harrisSteps = []harrisStep{
	{kernels.ReduceInterleavedKernel[int32], harrisBlock},
	{kernels.ReduceStridedIndexKernel[int32], harrisBlock},
	{kernels.ReduceSequentialKernel[int32], harrisBlock},
	{kernels.ReduceFirstAddKernel[int32], 2 * harrisBlock},
	{kernels.ReduceUnrolledWarpKernel[int32], 2 * harrisBlock},
	{func(in, partial []int32) func(*gocuda.Thread) {
		return func(t *gocuda.Thread) { reduceCompleteUnroll(t, in, partial) }
	}, 2 * harrisBlock},
	{kernels.ReduceGridStrideKernel[int32], 0},
}

// TestTimingWorkload runs Harris's kernels 1 to 7 over 2^k ints
// (k from envTimingWorkload), each reducing in passes as Harris's driver
// does until one sum is left, and Ryoo et al.'s naive, tiled and unrolled
// matrix multiplies of envTimingMatMul-sided matrices (default 128).
func TestTimingWorkload(t *testing.T) {
	log2, err := strconv.Atoi(os.Getenv(envTimingWorkload))
	if err != nil {
		t.Skip("a workload for gocuda profile: set " + envTimingWorkload)
	}
	sample := 1
	if s, err := strconv.Atoi(os.Getenv(envTimingSample)); err == nil {
		sample = s
	}
	dev := newDevice(t)
	in := make([]int32, 1<<log2)
	var want int32
	for i := range in {
		in[i] = int32(i%7 - 3)
		want += in[i]
	}
	for k, step := range harrisSteps {
		require.Equal(t, want, harrisReduce(t, dev, step, in, sample), "kernel %d", k+1)
	}
	side := 128
	if s, err := strconv.Atoi(os.Getenv(envTimingMatMul)); err == nil {
		side = s
	}
	a, b := lessonMatrix(side*side, 1), lessonMatrix(side*side, 2)
	var c0 []float32
	for _, v := range []kernels.MatMulVariant{kernels.MatMulNaive, kernels.MatMulTiled, kernels.MatMulTiledUnrolled} {
		c := make([]float32, side*side)
		require.NoError(t, kernels.MatMul(dev, v, a, b, c, side, side, side))
		if c0 == nil {
			c0 = c
		}
		require.Equal(t, c0, c, "%v", v)
	}
}

// harrisReduce reduces in with step, launching it in passes until one
// value is left, and returns the sum. Every pass launches blocks of
// harrisBlock threads, its input padded with zeros to whole blocks (kernel
// 6 has no bounds checks, as Harris's has none).
//
// With sample s > 1, the first pass of a kernel that takes one block per
// perBlock elements launches only its first 1/s of the blocks; the other
// blocks' sums are added on the host, and the later passes run as they
// would. Every block of that pass does the same work, so gocuda profile's
// time for the pass is 1/s of the whole pass's (gpu's
// TestPredictScalesWithGrid), while the instrumented run is s times
// shorter.
func harrisReduce(t *testing.T, dev *gocuda.Device, step harrisStep, in []int32, sample int) int32 {
	for pass := 0; ; pass++ {
		blocks := max(1, min(harrisGrid7, (len(in)+2*harrisBlock-1)/(2*harrisBlock)))
		if step.perBlock > 0 {
			blocks = (len(in) + step.perBlock - 1) / step.perBlock
			if pad := blocks*step.perBlock - len(in); pad > 0 {
				in = append(in[:len(in):len(in)], make([]int32, pad)...)
			}
		}
		partial := make([]int32, blocks)
		launched, src := blocks, in
		if pass == 0 && step.perBlock > 0 && sample > 1 {
			require.Zero(t, blocks%sample, "%d blocks in samples of 1/%d", blocks, sample)
			launched = blocks / sample
			src = in[:launched*step.perBlock]
			for b := launched; b < blocks; b++ {
				for _, v := range in[b*step.perBlock : (b+1)*step.perBlock] {
					partial[b] += v
				}
			}
		}
		cfg := gocuda.Config{Grid: gocuda.Dim3{X: launched}, Block: gocuda.Dim3{X: harrisBlock}}
		require.NoError(t, dev.Launch(cfg, step.kernel(src, partial)))
		if blocks == 1 {
			return partial[0]
		}
		in = partial
	}
}
