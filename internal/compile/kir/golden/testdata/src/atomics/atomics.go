// Package atomics holds atomics the shared pass writes as plain reads
// and writes, on shared memory, and atomics it leaves as they are.
package atomics

import (
	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// histogram counts bytes into shared bins, then merges them into global
// ones: the shared atomics are plain, the global ones stay atomic, and
// the counting loop is rebased (a byte index is below the bins' length).
func histogram(t *gocuda.Thread, data []byte, bins []uint32) {
	tid := t.ThreadIdx.X
	local := gocuda.Shared[uint32](t, 256)
	for b := tid; b < 256; b += t.BlockDim.X {
		local[b] = 0
	}
	t.SyncThreads()
	for i := t.BlockIdx.X*t.BlockDim.X + tid; i < len(data); i += t.BlockDim.X * t.GridDim.X {
		atomic.Add(&local[data[i]], 1)
	}
	t.SyncThreads()
	for b := tid; b < 256; b += t.BlockDim.X {
		atomic.Add(&bins[b], local[b])
	}
}

// kinds uses other atomics and element forms: a field of a shared
// struct, an element of a shared array of arrays, an explicit type
// argument, and a result that is read.
func kinds(t *gocuda.Thread, out []int32) {
	type cell struct{ n, m int32 }
	cells := gocuda.Shared[cell](t, 32)
	rows := gocuda.Shared[[4]float32](t, 8)
	tid := t.ThreadIdx.X
	old := atomic.Max(&cells[tid%32].n, int32(tid))
	atomic.Add[float32](&rows[tid%8][tid%4], 1)
	atomic.CAS(&cells[0].m, 0, int32(tid))
	t.SyncThreads()
	out[tid] = old + cells[tid%32].n
}

// notShared keeps its atomics: a global slice, and a pointer the
// kernel was given.
func notShared(t *gocuda.Thread, out []int32, p *int32) {
	atomic.Add(&out[t.ThreadIdx.X%len(out)], 1)
	atomic.Add(p, 1)
}
