package difftest

import "github.com/gocuda/gocuda/gocuda"

// ExitTailKernel is a loop holding barriers whose threads each make their
// own number of turns, list[i], and then store what they computed: the
// exit is the loop's condition, which differs between threads (HeCBench
// wyllie's walk, written as a for statement's condition). Each turn a
// thread stores its remaining turns ×10 in its shared slot and, after a
// barrier, folds in its right neighbour's slot: the last value that
// neighbour stored, once it has left. A thread leaving the loop stores
// its sum and returns, and no longer holds the barriers up, on the
// runtime path as compiled.
//
//gocuda:kernel ExitTailKernel
func exitTail(t *gocuda.Thread, list []int32, out []int32) {
	i := t.ThreadIdx.X
	n := t.BlockDim.X
	sh := gocuda.Shared[int32](t, n)
	acc := int32(0)
	for v := list[i]; v != 0; v = list[i] {
		sh[i] = v * 10
		t.SyncThreads()
		acc = acc*3 + sh[(i+1)%n]
		t.SyncThreads()
		list[i] = v - 1
	}
	out[i] = acc
}

// ExitTailBreakKernel is ExitTailKernel with the exit a break, the form
// HeCBench's wyllie has, and variables of the loop named as the ones the
// code after it reads (i, acc), which it must not see.
//
//gocuda:kernel ExitTailBreakKernel
func exitTailBreak(t *gocuda.Thread, list []int32, out []int32) {
	i := t.ThreadIdx.X
	n := t.BlockDim.X
	sh := gocuda.Shared[int32](t, n)
	acc := int32(0)
	for {
		v := list[i]
		if v == 0 {
			break
		}
		sh[i] = v * 10
		t.SyncThreads()
		i := (i + 1) % n
		acc := acc*3 + sh[i]
		t.SyncThreads()
		list[t.ThreadIdx.X] = v - 1
		out[t.ThreadIdx.X+n] += acc // a running record of the loop's own acc
	}
	out[i] = acc
}
