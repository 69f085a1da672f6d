package difftest

import "github.com/gocuda/gocuda/gocuda"

// A template's functor, ported: PyTorch's WelfordOps passes warp_shfl_down
// and combine to a templated warp reduction, which Go writes as a
// function whose type parameter's constraint names the methods.

// sumMax is a pair a reduction carries: a sum and a maximum.
type sumMax[T int32 | float32] struct{ sum, max T }

// sumMaxOps is the functor over sumMax: combine and a shuffle down of
// both fields.
type sumMaxOps[T int32 | float32] struct{}

func (sumMaxOps[T]) combine(a, b sumMax[T]) sumMax[T] {
	return sumMax[T]{a.sum + b.sum, max(a.max, b.max)}
}

func (sumMaxOps[T]) down(t *gocuda.Thread, v sumMax[T], offset int) sumMax[T] {
	return sumMax[T]{
		gocuda.ShflDownSync(t, gocuda.FullMask, v.sum, offset, gocuda.WarpSize),
		gocuda.ShflDownSync(t, gocuda.FullMask, v.max, offset, gocuda.WarpSize),
	}
}

// warpOps is what functorWarpReduce calls on its functor.
type warpOps[A any] interface {
	combine(a, b A) A
	down(t *gocuda.Thread, v A, offset int) A
}

// functorWarpReduce reduces v over the warp with op's shuffles: lane 0
// ends with the warp's result.
func functorWarpReduce[A any, Op warpOps[A]](t *gocuda.Thread, v A, op Op) A {
	for offset := gocuda.WarpSize / 2; offset > 0; offset /= 2 {
		v = op.combine(v, op.down(t, v, offset))
	}
	return v
}

// FunctorReduceKernel reduces in over each warp with a generic functor
// called through a type parameter: lane 0 of warp w stores the warp's sum
// and maximum in sums[w] and maxes[w].
//
//gocuda:kernel FunctorReduceKernel
func functorReduce(t *gocuda.Thread, in []int32, sums, maxes []int32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	r := functorWarpReduce(t, sumMax[int32]{in[i], in[i]}, sumMaxOps[int32]{})
	if t.LaneID() == 0 {
		sums[i/gocuda.WarpSize], maxes[i/gocuda.WarpSize] = r.sum, r.max
	}
}

// functorWarpReducer is a template's functor kept in a field, as CUB's
// and PyTorch's reducers keep their operator: its method calls the
// functor through the field.
type functorWarpReducer[A any, Op warpOps[A]] struct{ op Op }

func (r functorWarpReducer[A, Op]) reduce(t *gocuda.Thread, v A) A {
	for offset := gocuda.WarpSize / 2; offset > 0; offset /= 2 {
		v = r.op.combine(v, r.op.down(t, v, offset))
	}
	return v
}

// functorPtrReduce is functorWarpReduce with the functor passed by
// pointer, as a C++ template takes it by reference.
func functorPtrReduce[A any, Op warpOps[A]](t *gocuda.Thread, v A, op *Op) A {
	for offset := gocuda.WarpSize / 2; offset > 0; offset /= 2 {
		v = (*op).combine(v, (*op).down(t, v, offset))
	}
	return v
}

// FunctorFieldReduceKernel is FunctorReduceKernel with the functor called
// through a field of a generic reducer (byField) or through a pointer.
//
//gocuda:kernel FunctorFieldReduceKernel
func functorFieldReduce(t *gocuda.Thread, in []int32, sums, maxes []int32, byField bool) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	var r sumMax[int32]
	if byField {
		red := functorWarpReducer[sumMax[int32], sumMaxOps[int32]]{}
		r = red.reduce(t, sumMax[int32]{in[i], in[i]})
	} else {
		op := sumMaxOps[int32]{}
		r = functorPtrReduce(t, sumMax[int32]{in[i], in[i]}, &op)
	}
	if t.LaneID() == 0 {
		sums[i/gocuda.WarpSize], maxes[i/gocuda.WarpSize] = r.sum, r.max
	}
}

// laneTagOps is a functor whose method takes the thread but does not
// synchronize: it tags a value with the caller's lane.
type laneTagOps struct{}

func (laneTagOps) tag(t *gocuda.Thread, v int32) int32 { return v*gocuda.WarpSize + int32(t.LaneID()) }

// tagger is what tagWith calls on its functor.
type tagger interface {
	tag(t *gocuda.Thread, v int32) int32
}

// tagWith tags v through op.
func tagWith[Op tagger](t *gocuda.Thread, v int32, op Op) int32 { return op.tag(t, v) }

// FunctorNoSyncKernel stores in[i]·32 + lane in out[i] where in[i] is
// positive, through a functor called under that divergent if: its method
// takes the thread and synchronizes nowhere, so the call may go there
// (the compiler once refused it, as a call it could not see into).
//
//gocuda:kernel FunctorNoSyncKernel
func functorNoSync(t *gocuda.Thread, in, out []int32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if in[i] > 0 {
		out[i] = tagWith(t, in[i], laneTagOps{})
	}
}
