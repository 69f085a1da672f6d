package samplesbooks

import (
	"math"

	"github.com/gocuda/gocuda/gocuda"
)

// This file holds HeCBench's src/rowwiseMoments-cuda (zjin-lcf/HeCBench at
// f27000a), PyTorch's group-norm statistics kernel: RowwiseMomentsKernel
// and its helpers of utils.h, a Welford reduction written as a functor
// (WelfordOps, with reduce, combine, project and warp_shfl_down) that the
// templates WarpReduce and BlockReduce take as their class ReduceOp. The
// functor is a Go struct with methods, ReduceOp a type parameter
// constrained by the methods the templates call, Block1D's static
// functions plain code, and thrust::pair a pair of results.

// welfordData is WelfordData<scalar_t, index_t> of utils.h with index_t
// int64.
type welfordData[S float32 | float64] struct {
	mean S
	m2   S
	n    int64
	nf   S
}

// welfordOps is WelfordOps<scalar_t, acc_scalar_t, index_t, res_t> of
// utils.h, with scalar_t and acc_scalar_t both S and res_t a pair.
type welfordOps[S float32 | float64] struct {
	correction int64
	takeSqrt   bool
}

// reduce is WelfordOps::reduce: acc with data added.
func (welfordOps[S]) reduce(acc welfordData[S], data S, _ int64) welfordData[S] {
	// n is counted in an integer to avoid rounding; nf is its float copy
	// for combine.
	newN := acc.n + 1
	newNf := S(newN)
	delta := data - acc.mean
	newMean := acc.mean + delta/newNf
	newDelta := data - newMean
	return welfordData[S]{
		newMean,
		acc.m2 + delta*newDelta,
		newN,
		newNf,
	}
}

// combine is WelfordOps::combine: the statistics of a and b together.
func (welfordOps[S]) combine(a, b welfordData[S]) welfordData[S] {
	if a.nf == 0 {
		return b
	}
	if b.nf == 0 {
		return a
	}
	delta := b.mean - a.mean
	newCount := a.nf + b.nf
	nbOverN := b.nf / newCount
	return welfordData[S]{
		a.mean + delta*nbOverN,
		a.m2 + b.m2 + delta*delta*a.nf*nbOverN,
		// The integer count may not hold the sum; -1 marks it unknown.
		-1,
		newCount,
	}
}

// project is WelfordOps::project: the pair (variance or its square root,
// mean).
func (o welfordOps[S]) project(acc welfordData[S]) (S, S) {
	mean := acc.mean
	divisor := S(0)
	if acc.nf > S(o.correction) {
		divisor = acc.nf - S(o.correction)
	}
	v := acc.m2 / divisor
	if o.takeSqrt {
		return S(math.Sqrt(float64(v))), mean
	}
	return v, mean
}

// warpShflDown is WelfordOps::warp_shfl_down: each field by
// WARP_SHFL_DOWN (__shfl_down_sync with a full mask, width warpSize).
func (welfordOps[S]) warpShflDown(t *gocuda.Thread, acc welfordData[S], offset int) welfordData[S] {
	return welfordData[S]{
		gocuda.ShflDownSync(t, 0xffffffff, acc.mean, offset, 32),
		gocuda.ShflDownSync(t, 0xffffffff, acc.m2, offset, 32),
		gocuda.ShflDownSync(t, 0xffffffff, acc.n, offset, 32),
		gocuda.ShflDownSync(t, 0xffffffff, acc.nf, offset, 32),
	}
}

// warpReduceOp is what utils.h's WarpReduce and BlockReduce call on
// their class ReduceOp.
type warpReduceOp[A any] interface {
	combine(a, b A) A
	warpShflDown(t *gocuda.Thread, v A, offset int) A
}

// rowwiseWarpReduce is WarpReduce<T, ReduceOp> of utils.h: a shuffle-down
// butterfly of op's combine over the warp.
func rowwiseWarpReduce[A any, Op warpReduceOp[A]](t *gocuda.Thread, val A, op Op) A {
	for offset := 32 >> 1; offset > 0; offset >>= 1 {
		val = op.combine(val, op.warpShflDown(t, val, offset))
	}
	return val
}

// rowwiseBlockReduce is BlockReduce<T, ReduceOp, Block1D> of utils.h: each
// warp reduces, lane 0 of each publishes to shared, and warp 0 reduces the
// warps' values; only thread 0's result is the block's.
func rowwiseBlockReduce[A any, Op warpReduceOp[A]](t *gocuda.Thread, val A, op Op, identityElement A, shared []A) A {
	tid := t.ThreadIdx.X
	lid := tid % 32
	wid := tid / 32
	val = rowwiseWarpReduce(t, val, op)
	t.SyncThreads()
	if lid == 0 {
		shared[wid] = val
	}
	t.SyncThreads()
	if tid < t.BlockDim.X/32 {
		val = shared[lid]
	} else {
		val = identityElement
	}
	if wid == 0 {
		val = rowwiseWarpReduce(t, val, op)
	}
	return val
}

// RowwiseMomentsKernel is RowwiseMomentsKernel<T> of rowwiseMoments-cuda:
// block i folds row i's N values into a Welford accumulator a thread,
// combines them by BlockReduce with the WelfordOps functor, and thread 0
// writes the row's mean and 1/sqrt(variance + eps).
//
//gocuda:kernel RowwiseMomentsKernel
func rowwiseMomentsKernel[T float32 | float64](t *gocuda.Thread, n int64, eps T, x, mean, rstd []T) {
	i := int64(t.BlockIdx.X)
	welfordOp := welfordOps[T]{correction: 0, takeSqrt: false}
	val := welfordData[T]{0, 0, 0, 0}
	for j := int64(t.ThreadIdx.X); j < n; j += int64(t.BlockDim.X) {
		index := i*n + j
		val = welfordOp.reduce(val, x[index], index)
	}

	valShared := gocuda.Shared[welfordData[T]](t, 32)
	val = rowwiseBlockReduce(t, val, welfordOp, welfordData[T]{0, 0, 0, 0}, valShared)

	if t.ThreadIdx.X == 0 {
		m1, m2 := welfordOp.project(val)
		rstd[i] = T(1 / math.Sqrt(float64(m1+eps)))
		mean[i] = m2
	}
}
