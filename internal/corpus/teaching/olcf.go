package teaching

import (
	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/cg"
	"github.com/gocuda/gocuda/gocuda"
)

// This file holds kernels of the OLCF CUDA Training Series (NVIDIA's
// course for the Oak Ridge Leadership Computing Facility,
// olcf/cuda-training-series at 9cd77d5, the exercises' solutions):
// hw5's reductions.cu (atomic_red, reduce_a, reduce_ws),
// max_reduction_solution.cu's reduce and matrix_sums_solution.cu's
// row_sums and column_sums; hw9's cooperative groups
// (task1_solution.cu's my_reduce_kernel over a type-erased thread_group,
// task2_solution.cu's my_remove_if, a cooperative kernel with a grid-wide
// barrier); and hw12's task2_solution.cu estimate_sum_ahs.

// olcfN and olcfBlockSize are reductions.cu's N and BLOCK_SIZE; N is the
// alternative the file leaves commented out (256*640), not its
// 8*1024*1024, so that the test stays short.
const (
	olcfN         = 256 * 640
	olcfBlockSize = 256
)

// AtomicRedKernel is atomic_red of hw5/reductions.cu: every element added
// into *out with an atomic.
//
//gocuda:kernel AtomicRedKernel
func atomicRedKernel(t *gocuda.Thread, gdata []float32, out *float32) {
	idx := uint64(t.ThreadIdx.X + t.BlockDim.X*t.BlockIdx.X)
	if idx < olcfN {
		atomic.Add(out, gdata[idx])
	}
}

// ReduceAKernel is reduce_a of hw5/reductions.cu: a grid-stride load into
// shared memory, a sweep reduction and one atomic a block.
//
//gocuda:kernel ReduceAKernel
func reduceAKernel(t *gocuda.Thread, gdata []float32, out *float32) {
	sdata := gocuda.Shared[float32](t, olcfBlockSize)
	tid := t.ThreadIdx.X
	sdata[tid] = 0.0
	idx := uint64(t.ThreadIdx.X + t.BlockDim.X*t.BlockIdx.X)

	for idx < olcfN {
		sdata[tid] += gdata[idx]
		idx += uint64(t.GridDim.X * t.BlockDim.X)
	}

	for s := uint32(t.BlockDim.X / 2); s > 0; s >>= 1 {
		t.SyncThreads()
		if uint32(tid) < s {
			sdata[tid] += sdata[uint32(tid)+s]
		}
	}
	if tid == 0 {
		atomic.Add(out, sdata[0])
	}
}

// ReduceWsKernel is reduce_ws of hw5/reductions.cu: a grid-stride sum, a
// warp-shuffle reduction, the warps' sums through shared memory and a
// second warp-shuffle reduction in warp 0.
//
//gocuda:kernel ReduceWsKernel
func reduceWsKernel(t *gocuda.Thread, gdata []float32, out *float32) {
	sdata := gocuda.Shared[float32](t, 32)
	tid := t.ThreadIdx.X
	idx := t.ThreadIdx.X + t.BlockDim.X*t.BlockIdx.X
	val := float32(0.0)
	mask := uint32(0xFFFFFFFF)
	lane := t.ThreadIdx.X % gocuda.WarpSize
	warpID := t.ThreadIdx.X / gocuda.WarpSize
	for idx < olcfN {
		val += gdata[idx]
		idx += t.GridDim.X * t.BlockDim.X
	}

	for offset := gocuda.WarpSize / 2; offset > 0; offset >>= 1 {
		val += gocuda.ShflDownSync(t, mask, val, offset, gocuda.WarpSize)
	}
	if lane == 0 {
		sdata[warpID] = val
	}
	t.SyncThreads()

	if warpID == 0 {
		if tid < t.BlockDim.X/gocuda.WarpSize {
			val = sdata[lane]
		} else {
			val = 0
		}

		for offset := gocuda.WarpSize / 2; offset > 0; offset >>= 1 {
			val += gocuda.ShflDownSync(t, mask, val, offset, gocuda.WarpSize)
		}

		if tid == 0 {
			atomic.Add(out, val)
		}
	}
}

// MaxReduceKernel is reduce of hw5/max_reduction_solution.cu: block b's
// largest element of gdata[:n] (grid-stride) into out[b]; run twice, the
// second time on one block, for the maximum.
//
//gocuda:kernel MaxReduceKernel
func maxReduceKernel(t *gocuda.Thread, gdata []float32, out []float32, n uint64) {
	sdata := gocuda.Shared[float32](t, olcfBlockSize)
	tid := t.ThreadIdx.X
	sdata[tid] = 0.0
	idx := uint64(t.ThreadIdx.X + t.BlockDim.X*t.BlockIdx.X)

	for idx < n {
		sdata[tid] = fmaxf(gdata[idx], sdata[tid])
		idx += uint64(t.GridDim.X * t.BlockDim.X)
	}

	for s := uint32(t.BlockDim.X / 2); s > 0; s >>= 1 {
		t.SyncThreads()
		if uint32(tid) < s {
			sdata[tid] = fmaxf(sdata[uint32(tid)+s], sdata[tid])
		}
	}
	if tid == 0 {
		out[t.BlockIdx.X] = sdata[0]
	}
}

// RowSumsKernel is row_sums of hw5/matrix_sums_solution.cu: one block per
// row of the ds×ds matrix A.
//
//gocuda:kernel RowSumsKernel
func rowSumsKernel(t *gocuda.Thread, A []float32, sums []float32, ds uint64) {
	idx := t.BlockIdx.X
	if uint64(idx) < ds {
		sdata := gocuda.Shared[float32](t, olcfBlockSize)
		tid := t.ThreadIdx.X
		sdata[tid] = 0.0
		tidx := uint64(tid)

		for tidx < ds {
			sdata[tid] += A[uint64(idx)*ds+tidx]
			tidx += uint64(t.BlockDim.X)
		}

		for s := uint32(t.BlockDim.X / 2); s > 0; s >>= 1 {
			t.SyncThreads()
			if uint32(tid) < s {
				sdata[tid] += sdata[uint32(tid)+s]
			}
		}
		if tid == 0 {
			sums[idx] = sdata[0]
		}
	}
}

// ColumnSumsKernel is column_sums of hw5/matrix_sums_solution.cu: one
// thread per column.
//
//gocuda:kernel ColumnSumsKernel
func columnSumsKernel(t *gocuda.Thread, A []float32, sums []float32, ds uint64) {
	idx := t.ThreadIdx.X + t.BlockDim.X*t.BlockIdx.X
	if uint64(idx) < ds {
		sum := float32(0.0)
		for i := uint64(0); i < ds; i++ {
			sum += A[uint64(idx)+ds*i]
		}
		sums[idx] = sum
	}
}

// olcfNTPB is hw9's nTPB.
const olcfNTPB = 256

// threadGroup is cooperative groups' thread_group, the type-erased group
// hw9's reduce takes.
type threadGroup interface {
	ThreadRank() int
	Size() int
	Sync()
}

// olcfReduce is hw9/task1_solution.cu's __device__ reduce: a halving tree
// through x over any group, whose rank 0 prints the group's sum (printf
// needs the thread in Go: t).
func olcfReduce(t *gocuda.Thread, g threadGroup, x []int32, val int32) int32 {
	lane := g.ThreadRank()
	for i := g.Size() / 2; i > 0; i /= 2 {
		x[lane] = val
		g.Sync()
		if lane < i {
			val += x[lane+i]
		}
		g.Sync()
	}
	if g.ThreadRank() == 0 {
		t.Printf("group partial sum: %d\n", val)
	}
	return val
}

// MyReduceKernel is my_reduce_kernel of hw9/task1_solution.cu: the block
// split into 32-thread tiles and those into 16-thread tiles, each of
// which sums its part of data through its patch of shared memory.
//
//gocuda:kernel MyReduceKernel
func myReduceKernel(t *gocuda.Thread, data []int32) {
	sdata := gocuda.Shared[int32](t, olcfNTPB)
	g1 := cg.ThisThreadBlock(t)
	gindex := uint64(g1.GroupIndex().X*olcfNTPB + g1.ThreadIndex().X)
	g2 := cg.TiledPartition(g1, 32)
	g3 := cg.TiledPartition(g2, 16)
	g := g3
	sdataOffset := (g1.ThreadIndex().X / g.Size()) * g.Size()
	olcfReduce(t, g, sdata[sdataOffset:], data[gindex])
}

// predicateTest is hw9/task2_solution.cu's predicate_test<T>: 0 for the
// value to remove, 1 otherwise.
func predicateTest[T comparable](data, testval T) uint32 {
	if data == testval {
		return 0
	}
	return 1
}

// RemoveIfKernel is my_remove_if<T> of hw9/task2_solution.cu, a
// cooperative kernel: each block's inclusive scan of the kept flags
// (grid-stride over dsize, a multiple of nTPB), a grid-wide barrier, then
// each kept element moved to its place, found by adding the totals of
// the blocks before its own. Launch it with LaunchCooperative.
//
//gocuda:kernel RemoveIfKernel
func myRemoveIf[T comparable](t *gocuda.Thread, idata []T, removeVal T, odata []T, idxs []uint32, dsize uint32) {
	sidxs := gocuda.Shared[uint32](t, olcfNTPB)
	g := cg.ThisThreadBlock(t)
	gg := cg.ThisGrid(t)
	tidx := uint32(g.ThreadRank())
	gidx := tidx + olcfNTPB*uint32(g.GroupIndex().X)
	gridSize := uint32(g.Size() * t.GridDim.X)
	for i := gidx; i < dsize; i += gridSize {
		temp := predicateTest(idata[i], removeVal)
		sidxs[tidx] = temp
		for j := 1; j < g.Size(); j <<= 1 {
			g.Sync()
			if uint32(j) <= tidx {
				temp += sidxs[tidx-uint32(j)]
			}
			g.Sync()
			if uint32(j) <= tidx {
				sidxs[tidx] = temp
			}
		}
		idxs[i] = temp
		g.Sync()
	}
	gg.Sync()
	stride := uint32(0)
	for i := gidx; i < dsize; i += gridSize {
		temp := idata[i]
		if predicateTest(temp, removeVal) != 0 {
			myIdx := idxs[i]
			for j := uint32(1); (j - 1) < (uint32(g.GroupIndex().X) + (stride * uint32(t.GridDim.X))); j++ {
				myIdx += idxs[j*olcfNTPB-1]
			}
			odata[myIdx-1] = temp
		}
		stride++
	}
}

// ahs is hw12/task2_solution.cu's ahs: the n-th term of the alternating
// harmonic series, ((n&1)?1:-1)/(double)n.
func ahs(n uint64) float64 {
	s := -1
	if n&1 != 0 {
		s = 1
	}
	return float64(s) / float64(n)
}

// olcfAhsBlockSize is hw12/task2's BLOCK_SIZE.
const olcfAhsBlockSize = 512

// EstimateSumAhsKernel is estimate_sum_ahs<T> of hw12/task2_solution.cu:
// the first length terms of the alternating harmonic series, summed per
// block in shared memory and across blocks with an atomic.
//
//gocuda:kernel EstimateSumAhsKernel
func estimateSumAhs[T float32 | float64](t *gocuda.Thread, length uint64, sum *T) {
	smem := gocuda.Shared[T](t, olcfAhsBlockSize)
	idx := uint64(t.BlockDim.X*t.BlockIdx.X + t.ThreadIdx.X)
	if idx < length {
		smem[t.ThreadIdx.X] = T(ahs(idx))
	} else {
		smem[t.ThreadIdx.X] = 0
	}
	if idx == 0 {
		smem[0] = 0
	}

	for i := t.BlockDim.X >> 1; i > 0; i >>= 1 {
		t.SyncThreads()
		if t.ThreadIdx.X < i {
			smem[t.ThreadIdx.X] += smem[t.ThreadIdx.X+i]
		}
	}

	if t.ThreadIdx.X == 0 {
		atomic.Add(sum, smem[0])
	}
}
