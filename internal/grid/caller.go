package grid

import (
	"slices"
	"sync"
	"sync/atomic"

	"github.com/gocuda/gocuda/internal/goid"
)

// Kernel code calling back into the engine (a launch from inside a kernel,
// CUDA's dynamic parallelism) must not wait for a worker: every worker may
// be running a block that makes such a call. So the engine records which
// goroutines run kernel code, and for which pools: workers for their life,
// fibers from their creation, resident-block runners for their life, and a
// goroutine helping with a nested job of another pool while it helps. A
// goroutine's pools form a stack, pushed as it nests into another pool.
var kernelGoroutines struct {
	mu    sync.Mutex
	pools map[uint64][]*Pool // goroutine id → the pools it runs blocks of
}

// jobsRunning counts the jobs running in every pool. While it is zero no
// goroutine runs kernel code, so Caller need not pay for the goroutine's id.
var jobsRunning atomic.Int64

// enter records that goroutine id runs blocks of p, until leave.
func (p *Pool) enter(id uint64) {
	k := &kernelGoroutines
	k.mu.Lock()
	if k.pools == nil {
		k.pools = make(map[uint64][]*Pool)
	}
	k.pools[id] = append(k.pools[id], p)
	k.mu.Unlock()
}

// leave undoes the latest enter of p by goroutine id.
func (p *Pool) leave(id uint64) {
	k := &kernelGoroutines
	k.mu.Lock()
	defer k.mu.Unlock()
	ps := k.pools[id]
	if i := slices.Index(ps, p); i >= 0 {
		ps = slices.Delete(ps, i, i+1)
	}
	if len(ps) == 0 {
		delete(k.pools, id)
		return
	}
	k.pools[id] = ps
}

// enterSelf records the calling goroutine as running blocks of p and
// returns the function that forgets it.
func (p *Pool) enterSelf() (leave func()) {
	id := goid.ID()
	p.enter(id)
	return func() { p.leave(id) }
}

// A Caller says whether a goroutine calling into the engine is running
// kernel code: a block of some pool's job.
type Caller struct {
	id     uint64
	Kernel bool // the goroutine runs a block of some pool's job
	Own    bool // of this pool's (Own implies Kernel)
}

// Caller classifies the calling goroutine. While no job runs in any pool it
// costs one atomic load; otherwise it looks up the goroutine's id, a few
// microseconds.
func (p *Pool) Caller() Caller {
	if jobsRunning.Load() == 0 {
		return Caller{}
	}
	id := goid.ID()
	k := &kernelGoroutines
	k.mu.Lock()
	ps := k.pools[id]
	c := Caller{id: id, Kernel: len(ps) > 0, Own: slices.Contains(ps, p)}
	k.mu.Unlock()
	return c
}
