package corpus

import (
	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// This file ports the spin lock of "CUDA by Example" (appendix_a/lock.h)
// with its methods as Go methods, which gocuda check instruments under the
// calling thread as it does functions: the chained hash table's insertion
// (appendix_a/hashtable_gpu.cu) under a lock per bucket is race-free; the
// same lock without its fences orders nothing. A tile type whose method
// stores into shared memory over what another warp reads, with no barrier
// between, is a missing barrier inside a method.

// Lock is lock.h's Lock: a mutex word in global memory, and whether
// lock and unlock fence (lock.h's do; a lock without fences is the
// mistake).
type Lock struct {
	Mutex *int32
	Fence bool
}

func (l Lock) lock() {
	for atomic.CAS(l.Mutex, 0, 1) != 0 {
	}
	if l.Fence {
		atomic.ThreadFence()
	}
}

func (l *Lock) unlock() {
	if l.Fence {
		atomic.ThreadFence()
	}
	atomic.Exch(l.Mutex, 0)
}

// Chains builds hashtable_gpu.cu's table: each thread links entry i (of
// keys' key) at the head of its bucket, next[i] = heads[bucket], under the
// bucket's lock, the lanes of a warp taking their turns.
func Chains(keys []uint32, heads, next []int32, locks []Lock) func(*gocuda.Thread) {
	return func(t *gocuda.Thread) {
		i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
		if i >= len(keys) {
			return
		}
		bucket := int(keys[i]) % len(heads)
		for lane := range 32 {
			if i%32 == lane {
				locks[bucket].lock()
				next[i] = heads[bucket]  // LINK
				heads[bucket] = int32(i) // HEAD
				locks[bucket].unlock()
			}
		}
	}
}

// tile is a block's shared tile.
type tile struct{ s []int32 }

func (tl *tile) put(i int, v int32) { tl.s[i] = v } // PUT

// RotateTile doubles each element of a block's segment of in and rotates
// it by half a block into out, through a tile whose method stores the
// doubled element over the one another warp reads, with no barrier
// between that read and the store.
func RotateTile(in, out []int32) func(*gocuda.Thread) {
	return func(t *gocuda.Thread) {
		b, tid := t.BlockDim.X, t.ThreadIdx.X
		tl := &tile{gocuda.Shared[int32](t, b)}
		tl.put(tid, in[t.BlockIdx.X*b+tid])
		t.SyncThreads()
		v := tl.s[(tid+b/2)%b] // NEXT
		tl.put(tid, 2*v)
		t.SyncThreads()
		out[t.BlockIdx.X*b+tid] = tl.s[tid]
	}
}
