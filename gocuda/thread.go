package gocuda

import "github.com/gocuda/gocuda/internal/grid"

// A Thread is the context of one kernel thread: CUDA's built-in index
// variables plus the block-level operations. A kernel receives it as its
// only argument:
//
//	func(t *gocuda.Thread) {
//		i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
//		...
//	}
//
// The index fields are read-only by convention, as CUDA's built-ins are: a
// kernel must not assign to them. (Threads that never reach a barrier share
// one Thread in turn, so such a write can mislead the threads after it in the
// same block; the engine keeps its own copy for barriers and LaneID.) A *Thread is valid only inside the kernel
// call that received it and only on that goroutine; kernels must not keep it
// or use it from goroutines they start.
type Thread struct {
	_ noCopy

	ThreadIdx Dim3 // index of the thread in its block
	BlockIdx  Dim3 // index of the block in the grid
	BlockDim  Dim3 // threads per block (normalized)
	GridDim   Dim3 // blocks per grid (normalized)

	x       *executor // the worker running this thread
	self    int       // linear index in the block, kept by the engine
	nshared int       // one past the block's allocation of this thread's last Shared call

	gridSyncs int // SyncGrid calls made so far by this thread

	probe *gpuProbe // set on a GPU launch's probe, which runs nothing
}

// ThreadRank returns the thread's linear index in its block,
// (z*BlockDim.Y+y)*BlockDim.X+x, the order in which warps are formed:
// cg::this_thread_block().thread_rank(). The engine keeps it, so it holds
// even if a kernel writes to ThreadIdx.
func (t *Thread) ThreadRank() int { return t.self }

// LaneID returns the thread's lane in its warp, 0 to 31. A warp is 32
// consecutive linear thread indices (see ThreadRank).
func (t *Thread) LaneID() int { return t.self % WarpSize }

// WarpID returns the index of the thread's warp in its block.
func (t *Thread) WarpID() int { return t.self / WarpSize }

// SyncThreads is __syncthreads: it waits until every thread of the block
// that has not returned has reached a SyncThreads, and makes every shared
// and global memory write made before it visible to the whole block after
// it. Threads that have returned do not hold the barrier up. Threads of one
// block waiting at different barrier kinds (SyncThreads and
// SyncThreadsCount, say) can never be released: the launch fails with a
// *DeadlockError.
func (t *Thread) SyncThreads() { t.sync(grid.OpSync, false) }

// SyncThreadsCount is __syncthreads_count: a barrier that returns the number
// of arriving threads whose pred is true.
func (t *Thread) SyncThreadsCount(pred bool) int { return t.sync(grid.OpCount, pred) }

// SyncThreadsAnd is __syncthreads_and: a barrier that reports whether pred
// is true for every arriving thread.
func (t *Thread) SyncThreadsAnd(pred bool) bool { return t.sync(grid.OpAnd, pred) != 0 }

// SyncThreadsOr is __syncthreads_or: a barrier that reports whether pred is
// true for any arriving thread.
func (t *Thread) SyncThreadsOr(pred bool) bool { return t.sync(grid.OpOr, pred) != 0 }

// sync arrives at a block barrier, first making the block cooperative if
// this is the first barrier any of its threads reaches.
func (t *Thread) sync(op grid.Op, pred bool) int {
	x := t.x
	if !x.coop.Active() {
		x.promote(t)
	}
	r := x.coop.Sync(t.self, op, pred)
	if x.launch.probe != nil {
		x.pb.Syncs[t.self]++
		x.pb.Synced = true
	}
	return r
}
