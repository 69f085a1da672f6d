package difftest

import (
	"math"

	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// The kernels of this file keep privatized histograms in shared memory: a
// block sets its array to an operator's identity, updates it with that
// operator and merges it into a global slice with it. The compiler may
// make the array the global slice's private copy where the block's
// threads cover the array once, and must run the kernel as written
// elsewhere.

// PrivateHistoKernel is Kirk and Hwu's privatized histogram, one byte per
// thread, its clearing and merging guarded by tid < 256 and the merge
// skipping empty bins.
//
//gocuda:kernel PrivateHistoKernel
func privateHisto(t *gocuda.Thread, data []byte, bins []uint32) {
	tid := t.ThreadIdx.X
	histoS := gocuda.Shared[uint32](t, 256)
	if tid < 256 {
		histoS[tid] = 0
	}
	t.SyncThreads()
	i := t.BlockIdx.X*t.BlockDim.X + tid
	if i < len(data) {
		atomic.Add(&histoS[data[i]], 1)
	}
	t.SyncThreads()
	if tid < 256 {
		if v := histoS[tid]; v > 0 {
			atomic.Add(&bins[tid], v)
		}
	}
}

// PrivateHistoExactKernel counts the low seven bits of each byte into 128
// bins with blocks of exactly 128 threads: the clearing and the merge
// have no guard.
//
//gocuda:kernel PrivateHistoExactKernel
func privateHistoExact(t *gocuda.Thread, data []byte, bins []uint64) {
	tid := t.ThreadIdx.X
	s := gocuda.Shared[uint64](t, 128)
	s[tid] = 0
	t.SyncThreads()
	if i := t.BlockIdx.X*t.BlockDim.X + tid; i < len(data) {
		atomic.Add(&s[data[i]&127], 1)
	}
	t.SyncThreads()
	atomic.Add(&bins[tid], s[tid])
}

// PrivateMaxKernel keeps, per key, the largest value seen, in 64 bins
// set to the least int32; the merge skips bins no thread updated. A key
// outside the bins fails the launch.
//
//gocuda:kernel PrivateMaxKernel
func privateMax(t *gocuda.Thread, keys, vals []int32, best []int32) {
	tid := t.ThreadIdx.X
	top := gocuda.Shared[int32](t, 64)
	if 64 > tid {
		top[tid] = math.MinInt32
	}
	t.SyncThreads()
	if i := t.BlockIdx.X*t.BlockDim.X + tid; i < len(keys) {
		atomic.Max(&top[keys[i]], vals[i])
	}
	t.SyncThreads()
	if tid < 64 {
		if v := top[tid]; math.MinInt32 != v {
			atomic.Max(&best[tid], v)
		}
	}
}

// PrivateOffsetKernel sets its bins to 1, which is not the identity of
// +: each block adds one to every bin besides its counts.
//
//gocuda:kernel PrivateOffsetKernel
func privateOffset(t *gocuda.Thread, data []byte, bins []uint32) {
	tid := t.ThreadIdx.X
	s := gocuda.Shared[uint32](t, 256)
	if tid < 256 {
		s[tid] = 1
	}
	t.SyncThreads()
	if i := t.BlockIdx.X*t.BlockDim.X + tid; i < len(data) {
		atomic.Add(&s[data[i]], 1)
	}
	t.SyncThreads()
	if tid < 256 {
		atomic.Add(&bins[tid], s[tid])
	}
}

// PrivateStridedKernel counts keys modulo 64 in a grid-stride walk, its
// bins cleared and merged in loops striding by the block's width (the
// form of kernels.HistogramKernel and PMPP's privatized histogram).
//
//gocuda:kernel PrivateStridedKernel
func privateStrided(t *gocuda.Thread, keys []byte, counts []uint64) {
	tid := t.ThreadIdx.X
	local := gocuda.Shared[uint64](t, 64)
	for b := tid; b < 64; b += t.BlockDim.X {
		local[b] = 0
	}
	t.SyncThreads()
	for i := t.BlockIdx.X*t.BlockDim.X + tid; i < len(keys); i += t.BlockDim.X * t.GridDim.X {
		atomic.Add(&local[keys[i]%64], 1)
	}
	t.SyncThreads()
	for b := tid; b < 64; b += t.BlockDim.X {
		if c := local[b]; c != 0 {
			atomic.Add(&counts[b], c)
		}
	}
}

// PrivateCountKernel counts the positive elements in a counter of one
// element per block, which thread 0 clears and the block's last thread
// merges into a global count.
//
//gocuda:kernel PrivateCountKernel
func privateCount(t *gocuda.Thread, in []int32, count []uint32) {
	tid := t.ThreadIdx.X
	last := t.BlockDim.X - 1
	c := gocuda.Shared[uint32](t, 1)
	if tid == 0 {
		c[0] = 0
	}
	t.SyncThreads()
	if i := t.BlockIdx.X*t.BlockDim.X + tid; i < len(in) && in[i] > 0 {
		atomic.Add(&c[0], 1)
	}
	t.SyncThreads()
	if last == tid {
		atomic.Add(&count[0], c[0])
	}
}

// PrivatePMPPKernel is PMPP's privatized histogram of 128 bins (byte/2):
// the block's width held in a variable, the merge loop stepping by
// bin = bin + stride and reading each bin into a variable of its own
// before testing it.
//
//gocuda:kernel PrivatePMPPKernel
func privatePMPP(t *gocuda.Thread, data []byte, bins []uint32) {
	stride := t.BlockDim.X
	histoS := gocuda.Shared[uint32](t, 128)
	for bin := t.ThreadIdx.X; bin < 128; bin += stride {
		histoS[bin] = 0
	}
	t.SyncThreads()
	for i := t.BlockIdx.X*stride + t.ThreadIdx.X; i < len(data); i += stride * t.GridDim.X {
		atomic.Add(&histoS[data[i]/2], 1)
	}
	t.SyncThreads()
	for bin := t.ThreadIdx.X; bin < 128; bin = bin + stride {
		binValue := histoS[bin]
		if binValue > 0 {
			atomic.Add(&bins[bin], binValue)
		}
	}
}

// PrivateKeptKernel, for blocks of 64 threads, clears its bins under
// tid <= 63 and merges bin tid through v at the top level of the thread's
// code, and every thread then writes v out after a barrier: the merge
// cannot be skipped, since v is read later.
//
//gocuda:kernel PrivateKeptKernel
func privateKept(t *gocuda.Thread, data []byte, bins []uint32, out []uint32) {
	tid := t.ThreadIdx.X
	s := gocuda.Shared[uint32](t, 64)
	if tid <= 63 {
		s[tid] = 0
	}
	t.SyncThreads()
	if i := t.BlockIdx.X*t.BlockDim.X + tid; i < len(data) {
		atomic.Add(&s[data[i]%64], 1)
	}
	t.SyncThreads()
	v := s[tid]
	if v != 0 {
		atomic.Add(&bins[tid], v)
	}
	t.SyncThreads()
	out[t.BlockIdx.X*t.BlockDim.X+tid] = v
}
