// Package control holds kernels whose control around barriers the
// compiler proves the same for the whole block in less direct ways.
package control

import "github.com/gocuda/gocuda/gocuda"

// lastBlock is the threadFenceReduction sample's shape: thread 0 stores a
// flag in shared memory, and after a barrier every thread reads it in the
// condition of an if holding barriers.
func lastBlock(t *gocuda.Thread, ticket []int32, out []int32) {
	flag := gocuda.Shared[bool](t, 1)
	if t.ThreadIdx.X == 0 {
		flag[0] = ticket[t.BlockIdx.X] > 0
	}
	t.SyncThreads()
	if flag[0] {
		s := gocuda.Shared[int32](t, t.BlockDim.X)
		s[t.ThreadIdx.X] = 1
		t.SyncThreads()
		out[t.BlockIdx.X] = s[0]
	}
}

// guarded keeps its whole body, barriers included, inside if tid < n, as
// Numba's array_sum does: the threads that skip it are done.
func guarded(t *gocuda.Thread, data []int32) {
	tid := t.ThreadIdx.X
	if tid < len(data) {
		s := gocuda.Shared[int32](t, t.BlockDim.X)
		s[tid] = data[tid]
		t.SyncThreads()
		data[tid] = s[(tid+1)%len(data)]
	}
}

// readOnlyBound bounds a loop with barriers by an element, at the block's
// index, of a slice the kernel never writes (Rodinia lavaMD's
// 1+box[bx].nn), hoisted into a variable.
func readOnlyBound(t *gocuda.Thread, in []float32, boxes []int32) {
	s := gocuda.Shared[float32](t, 32)
	n := 1 + int(boxes[t.BlockIdx.X])
	for k := 0; k < n; k++ {
		s[t.ThreadIdx.X] = in[t.ThreadIdx.X]
		t.SyncThreads()
		in[t.ThreadIdx.X] = s[31-t.ThreadIdx.X]
		t.SyncThreads()
	}
}

// sharedLocal tests, around a barrier, a local computed from shared
// memory read after a barrier, which no thread writes until the next
// (HeCBench asta's next_in_cycle).
func sharedLocal(t *gocuda.Thread, in, out []int32) {
	v := gocuda.Shared[int32](t, 1)
	if t.ThreadIdx.X == 0 {
		v[0] = in[0]
	}
	t.SyncThreads()
	next := v[0] * 3
	if next == 6 {
		t.SyncThreads()
	}
	out[t.ThreadIdx.X] = v[0]
}

// smaller is a pure helper: its call with uniform arguments is uniform.
func smaller(a, b int) int {
	if a < b {
		return a
	}
	return b
}

// pureBound bounds a loop with a barrier by a pure helper's result.
func pureBound(t *gocuda.Thread, out []int32, n int) {
	s := gocuda.Shared[int32](t, 1)
	total := smaller(n, 7)
	for c := 0; c < total; c++ {
		if t.ThreadIdx.X == 0 {
			s[0] += int32(c + 1)
		}
		t.SyncThreads()
	}
	out[t.ThreadIdx.X] = s[0]
}

// readThenSet reads w in each thread and then, under a switch on a value
// the same for the block, sets it to a value the same for every thread:
// the store runs thread after thread in the loop, so w is kept per
// thread, not uniform, and each thread reads its own old w.
func readThenSet(t *gocuda.Thread, out []int32, p int32) {
	s := gocuda.Shared[int32](t, t.BlockDim.X)
	tx := t.ThreadIdx.X
	w := p << 3
	a := int32(tx)
	s[tx] = a
	t.SyncThreads()
	switch (int32(t.BlockIdx.X) &^ p) & 1 {
	case 0:
		a ^= w
		w = p + 1
	}
	t.SyncThreads()
	out[tx] = a + s[tx] + w
}
