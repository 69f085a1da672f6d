package difftest

import (
	"github.com/gocuda/gocuda/gocuda"
)

// Kernels whose barriers and collectives stand inside expressions, as
// real CUDA code writes them: the compiler evaluates them into
// temporaries in Go's order of evaluation.

// fmaxf is a device function taking a collective's result as an argument.
func fmaxf(a, b float32) float32 { return max(a, b) }

// note records the order in which the calls beside collectives run.
func note(log []int32, i int, v int32) int32 {
	log[i] = log[i]*10 + v
	return v
}

// warpMaxShfl is a warp max written as llm.c's warpReduceMax: the shuffle
// an argument of fmaxf.
func warpMaxShfl(t *gocuda.Thread, v float32) float32 {
	for off := 16; off > 0; off /= 2 {
		v = fmaxf(v, gocuda.ShflXorSync(t, gocuda.FullMask, v, off, 32))
	}
	return v
}

// ExprCollectivesKernel puts collectives and barriers in expressions: a
// shuffle as an argument, two votes in one element assignment beside
// calls whose order shows, a vote as an if's condition and in the right
// operand of && (so only the lanes that evaluate it take part), a
// predicate barrier inside arithmetic and as a loop's condition, and a
// helper that synchronizes called inside an expression. Launch it with
// one-dimensional blocks of whole warps; out and log have one element per
// thread of the grid, out holding four values per thread.
//
//gocuda:kernel ExprCollectivesKernel
func exprCollectives(t *gocuda.Thread, in []float32, out []float32, log []int32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	lane := t.LaneID()
	v := in[i]
	out[4*i] = warpMaxShfl(t, v) + 1
	out[4*i+1] = float32(note(log, i, 1)) + float32(t.BallotSync(gocuda.FullMask, v > 0)&1) + float32(note(log, i, 2)) + float32(t.BallotSync(gocuda.FullMask, v < 0)>>31)
	if t.AnySync(gocuda.FullMask, v > 2) {
		out[4*i+2] = 1
	}
	if lane%2 == 0 && t.AllSync(0x55555555, v > -3) {
		out[4*i+2] += 2
	}
	n := 1 + t.SyncThreadsCount(v > 0)
	rounds := 0
	for t.SyncThreadsOr(rounds < 2 && v > 0) {
		rounds++
	}
	out[4*i+3] = float32(n*10+rounds) + warpMaxShfl(t, -v)
}

// NestedSyncKernel nests sync points in one another: a collective whose
// mask is another collective's result, a collective as an if's condition
// around a shuffle, and a collective as a predicate barrier's predicate
// (refused before). out has three elements per thread of the grid.
//
//gocuda:kernel NestedSyncKernel
func nestedSync(t *gocuda.Thread, out []int32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	v := int32(i % 5)
	v = gocuda.ReduceAddSync(t, t.ActiveMask(), v)
	out[3*i] = v
	if t.AnySync(gocuda.FullMask, t.LaneID() > 3) {
		out[3*i+1] = gocuda.ShflSync(t, gocuda.FullMask, int32(t.LaneID()), 3, 32)
	}
	if t.SyncThreadsOr(t.AllSync(gocuda.FullMask, i%50 != 49)) {
		out[3*i+2] = 1
	}
}

// UniSyncKernel votes with UniSync whether each warp's lanes agree, in
// an assignment and in an if's condition. out has two elements per
// thread.
//
//gocuda:kernel UniSyncKernel
func uniSyncKernel(t *gocuda.Thread, in []int32, out []int32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	same := t.UniSync(gocuda.FullMask, in[i] > 0)
	out[2*i] = 0
	if same {
		out[2*i] = 1
	}
	if t.UniSync(gocuda.FullMask, in[i]%3 == 0) {
		out[2*i+1] = 1
	}
}

// MatchAllKernel asks, per warp, whether all lanes hold the same value
// (MatchAllSync's two results). out has two elements per thread.
//
//gocuda:kernel MatchAllKernel
func matchAll(t *gocuda.Thread, in []int32, out []uint32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	m, all := gocuda.MatchAllSync(t, gocuda.FullMask, in[i])
	out[2*i] = m
	if all {
		out[2*i+1] = 1
	}
}
