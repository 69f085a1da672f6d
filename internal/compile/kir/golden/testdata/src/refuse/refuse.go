// Package refuse holds kernels the pipeline refuses.
package refuse

import "github.com/gocuda/gocuda/gocuda"

// apply calls f, which may synchronize.
func apply(t *gocuda.Thread, f func(*gocuda.Thread, float32) float32, v float32) float32 {
	return f(t, v)
}

func warpSum(t *gocuda.Thread, v float32) float32 {
	t.SyncThreads()
	return v
}

// reducer holds a function the compiler cannot follow.
var reducer = warpSum

// funcValue reaches a barrier through a function value in a variable.
func funcValue(t *gocuda.Thread, out []float32) {
	out[t.ThreadIdx.X] = apply(t, reducer, 1)
}

type stage struct{ s []float32 }

func (st stage) run(t *gocuda.Thread) {
	st.s[t.ThreadIdx.X] = 1
	t.SyncThreads()
}

// methodExpr reaches a barrier through a method expression.
func methodExpr(t *gocuda.Thread, s []float32) {
	stage.run(stage{s}, t)
}

// reassigned calls through a variable that holds one method value or
// another: not known at the call.
func reassigned(t *gocuda.Thread, s []float32) {
	f := stage{s}.run
	if len(s) > 64 {
		f = stage{s[32:]}.run
	}
	f(t)
}

// varying holds a barrier under a condition that differs between
// threads, after which the kernel ends: the threads that skip it finish
// first, and the barrier waits for those that have not (exitIfs), as on
// the runtime path.
func varying(t *gocuda.Thread, out []int) {
	if t.ThreadIdx.X < 4 {
		t.SyncThreads()
	}
	out[0] = 1
}

// collective is not compiled by this pipeline yet.
func collective(t *gocuda.Thread, out []int32) {
	v := gocuda.ShflDownSync(t, ^uint32(0), int32(t.ThreadIdx.X), 1, 32)
	out[t.ThreadIdx.X] = v
}

// writtenBound bounds a loop with a barrier by an element of a slice the
// kernel writes (another block may have changed it): not provably the
// same for every thread. Only a store follows the loop, so a thread whose
// condition fails stores and returns, as on the runtime path
// (exitbreak.go).
func writtenBound(t *gocuda.Thread, counts []int32, s []float32) {
	for k := 0; k < int(counts[t.BlockIdx.X]); k++ {
		s[t.ThreadIdx.X] += 1
		t.SyncThreads()
	}
	counts[t.BlockIdx.X+1] = 0
}

// passedBound bounds it by an element of a slice it passes to a function,
// which may write it: the loop ends the kernel, so a thread whose
// condition fails returns.
func passedBound(t *gocuda.Thread, counts []int32, s []float32) {
	clear(counts[1:])
	for k := 0; k < int(counts[0]); k++ {
		t.SyncThreads()
	}
}

// writtenShared tests, around a barrier, a value read from shared memory
// that a thread writes between the same barriers: threads that read
// before the write and after it differ, so the value is not the block's,
// and the kernel ends after the if: the threads that skip its barrier
// finish first (exitIfs).
func writtenShared(t *gocuda.Thread, out []int32) {
	v := gocuda.Shared[int32](t, 1)
	t.SyncThreads()
	next := v[0]
	if t.ThreadIdx.X == 0 {
		v[0] = 5
	}
	if next == 5 {
		t.SyncThreads()
	}
	out[t.ThreadIdx.X] = next
}

// aliasedShared tests a value read from dynamic shared memory that a
// thread writes, through another name for the same memory, between the
// same barriers: compiled as writtenShared is.
func aliasedShared(t *gocuda.Thread, out []int32) {
	a := gocuda.DynamicShared[int32](t)
	b := gocuda.DynamicShared[int32](t)
	t.SyncThreads()
	next := a[0]
	if t.ThreadIdx.X == 0 {
		b[0] = 5
	}
	if next == 5 {
		t.SyncThreads()
	}
	out[t.ThreadIdx.X] = next
}

// barrierValue takes a barrier as a method value: a call through it would
// synchronize out of the compiler's sight.
func barrierValue(t *gocuda.Thread, out []int32) {
	sync := t.SyncThreads
	sync()
	out[t.ThreadIdx.X] = 1
}

// warpUpdate updates a uniform variable declared before a warp-level
// loop in a loop of block-level code inside it: each warp would run the
// update, where CUDA's threads each update their own copy once. Refused
// before; now the loop runs lane by lane, each thread updating its own
// copy (changesOuterUniform).
func warpUpdate(t *gocuda.Thread, out []int32, n int, w int32) {
	for k := 0; k < n; k++ {
		t.SyncWarp(gocuda.FullMask)
		for j := 1; j < 64; j *= 2 {
			w ^= int32(j)
		}
	}
	out[t.ThreadIdx.X] = w
}

// recursive calls a helper that synchronizes and calls itself: refused
// as a recursion, naming the calls, not as helpers nested too deep.
func recursive(t *gocuda.Thread, out []int32, n int) {
	out[t.ThreadIdx.X] = sumDown(t, out, n)
}

// A helper, not a kernel: sumDown adds n, n-1, ... 1, a barrier at each
// step.
func sumDown(t *gocuda.Thread, out []int32, n int) int32 {
	t.SyncThreads()
	if n == 0 {
		return 0
	}
	return int32(n) + sumDown(t, out, n-1)
}

// barrierSend sends a barrier's result on a channel: a barrier inside an
// expression the build cannot hoist.
func barrierSend(t *gocuda.Thread, in []int32, ch chan int) {
	ch <- t.SyncThreadsCount(in[t.ThreadIdx.X] > 0)
}

// scanStep is a warp scan policy, as The CUDA Handbook's scan templates
// take one (github.com/ArchaeaSoftware/cudahandbook).
type scanStep interface {
	step(t *gocuda.Thread, v int32, offset int) int32
}

// shflUpStep steps with a shuffle up.
type shflUpStep struct{}

func (shflUpStep) step(t *gocuda.Thread, v int32, offset int) int32 {
	u := gocuda.ShflUpSync(t, gocuda.FullMask, v, offset, gocuda.WarpSize)
	if t.LaneID() >= offset {
		v += u
	}
	return v
}

// A generic helper: it scans v over the warp with policy p.
func scanWith[P scanStep](t *gocuda.Thread, p P, v int32) int32 {
	for offset := 1; offset < gocuda.WarpSize; offset *= 2 {
		v = p.step(t, v, offset)
	}
	return v
}

// ownTypeParam calls a policy's method on a value of its own type
// parameter: which method is known only at instantiation, so the kernel
// as a whole is refused, saying so (it said "a barrier inside an
// expression" before), and compiles per instantiation.
func ownTypeParam[P scanStep](t *gocuda.Thread, in, out []int32) {
	var p P
	v := in[t.ThreadIdx.X]
	for offset := 1; offset < gocuda.WarpSize; offset *= 2 {
		v = p.step(t, v, offset)
	}
	out[t.ThreadIdx.X] = v
}

// helperTypeParam passes a value of its own type parameter to a generic
// helper calling the policy's method: refused as a whole and compiled per
// instantiation as ownTypeParam is.
func helperTypeParam[P scanStep](t *gocuda.Thread, in, out []int32) {
	var p P
	out[t.ThreadIdx.X] = scanWith(t, p, in[t.ThreadIdx.X])
}

// sender is a policy that sends what a barrier counts.
type sender interface {
	send(t *gocuda.Thread, ch chan int, v bool)
}

// countSend sends a barrier's count on a channel: a barrier inside an
// expression.
type countSend struct{}

func (countSend) send(t *gocuda.Thread, ch chan int, v bool) {
	ch <- t.SyncThreadsCount(v)
}

// sendTypeParam calls a method of its own type parameter, which compiles
// per instantiation; its instantiation with countSend is refused for the
// barrier inside an expression that countSend's method holds.
func sendTypeParam[P sender](t *gocuda.Thread, in []int32, ch chan int) {
	var p P
	p.send(t, ch, in[t.ThreadIdx.X] > 0)
}
