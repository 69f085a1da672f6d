package difftest

import (
	"github.com/gocuda/gocuda/cg"
	"github.com/gocuda/gocuda/gocuda"
)

// This file holds kernels whose function literals capture variables that
// change across a sync point, as C++ lambdas capturing by reference do
// once ported (cuda-samples' shfl_integral_image reads its packed result
// through one): every call must see the variable's current value.

// ClosureAfterBarrierKernel makes get, reading v, before a barrier and
// calls it after v is assigned anew from a neighbour's element: each
// thread stores in[i^1] plus twice its own in[i] (w, set once).
//
//gocuda:kernel ClosureAfterBarrierKernel
func closureAfterBarrier(t *gocuda.Thread, in, out []int32) {
	s := gocuda.Shared[int32](t, t.BlockDim.X)
	tid := t.ThreadIdx.X
	i := t.BlockIdx.X*t.BlockDim.X + tid
	v := in[i]
	w := 2 * v
	get := func() int32 { return v + w }
	s[tid] = v
	t.SyncThreads()
	v = s[tid^1]
	out[i] = get()
}

// ClosureAfterShuffleKernel is ClosureAfterBarrierKernel with a tile's
// shuffle in place of the shared array: v becomes lane l^1's value, and
// a closure made before the shuffle reads it, field by field of a struct
// as shfl_integral_image's idxToElem does.
//
//gocuda:kernel ClosureAfterShuffleKernel
func closureAfterShuffle(t *gocuda.Thread, in, out []int32) {
	tile := cg.TiledPartition(cg.ThisThreadBlock(t), 32)
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	v := pairOf{in[i], in[i] * 3}
	pick := func(k int) int32 {
		if k == 0 {
			return v.a
		}
		return v.b
	}
	v.b = cg.ShflXor(tile, v.b, 1)
	out[i] = pick(i&1) + pick(0)
}

// pairOf stands for a struct kept across a shuffle, field by field.
type pairOf struct{ a, b int32 }

// ClosureWritesKernel adds through a closure, before and after a
// barrier, to acc, which the thread then reads directly, and even
// threads bump through another closure u, declared in an if's block:
// each thread stores in[i] + in[i^1] + 1, plus 3*in[i] + 1 if i is even.
//
//gocuda:kernel ClosureWritesKernel
func closureWrites(t *gocuda.Thread, in, out []int32) {
	s := gocuda.Shared[int32](t, t.BlockDim.X)
	tid := t.ThreadIdx.X
	i := t.BlockIdx.X*t.BlockDim.X + tid
	var acc int32
	add := func(x int32) { acc += x }
	add(in[i])
	s[tid] = in[i]
	t.SyncThreads()
	add(s[tid^1])
	acc++
	if i%2 == 0 {
		u := in[i] * 3
		bump := func() { u++ }
		bump()
		acc += u
	}
	out[i] = acc
}

// ClosureLoopVarsKernel keeps a closure of each iteration of a loop,
// each capturing that iteration's variable (Go 1.22), and calls them
// after a barrier; another loop's closure is called in its own
// iteration: each thread stores 0*a + 1*a*3 + 2*a*5 plus the shifted
// sums, a = in[i].
//
//gocuda:kernel ClosureLoopVarsKernel
func closureLoopVars(t *gocuda.Thread, in, out []int32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	a := in[i]
	var fs [3]func() int32
	for k := 0; k < 3; k++ {
		fs[k] = func() int32 { return int32(k) * a }
	}
	sum := int32(0)
	for k := range 4 {
		shift := func() int32 { return a >> k }
		sum += shift()
	}
	t.SyncThreads()
	out[i] = fs[0]() + fs[1]()*3 + fs[2]()*5 + sum
}

// ClosureLaneKeptKernel captures x, set once and kept per lane across a
// shuffle, in a closure made before the shuffle and called after it:
// each thread stores 2*in[i] + 1 + in[i^1] + 2*in[i].
//
//gocuda:kernel ClosureLaneKeptKernel
func closureLaneKept(t *gocuda.Thread, in, out []int32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	x := in[i] * 2
	get := func() int32 { return x + 1 }
	y := gocuda.ShflXorSync(t, gocuda.FullMask, in[i], 1, 32)
	out[i] = get() + y + x
}

// ClosureUniformLaterKernel calls, in thread code, a closure that
// captures a variable the same for the whole block, which block code
// changes after the call and before more thread code: each thread stores
// in[i] + b + in[i]&1, b its block's index plus 1, the value before the
// change
// (the fuzzer's seed 28740223: the compiled form once ran the change
// before the call, merging the thread code around it into one loop).
//
//gocuda:kernel ClosureUniformLaterKernel
func closureUniformLater(t *gocuda.Thread, in, out []int32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	b := int32(t.BlockIdx.X) + 1
	odd := in[i] & 1
	add := func(x int32) int32 { return x + b + odd }
	done := int32(0)
	x := in[i] + done
	done++
	x = add(x)
	b *= 100
	out[i] = x
	_, _ = done, b
}

// ClosurePassedKernel is ClosureUniformLaterKernel passing its closure
// to a function that calls it.
//
//gocuda:kernel ClosurePassedKernel
func closurePassed(t *gocuda.Thread, in, out []int32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	b := int32(t.BlockIdx.X) + 1
	odd := in[i] & 1
	add := func(x int32) int32 { return x + b + odd }
	done := int32(0)
	x := in[i] + done
	done++
	x = closureApply(add, x)
	b *= 100
	out[i] = x
	_, _ = done, b
}

// closureApply returns f(x).
func closureApply(f func(int32) int32, x int32) int32 { return f(x) }
