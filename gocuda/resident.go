package gocuda

import "sync"

// A residentSet keeps the executors that run off the workers for reuse,
// with their pooled fibers: those of cooperative launches' blocks, since
// each such block needs an executor of its own, and those of goroutines
// running a nested launch's blocks (see runNested). The zero residentSet is empty and ready to use.
type residentSet struct {
	mu     sync.Mutex
	free   []*executor
	limit  int  // most executors kept; a larger launch closes the rest
	marked bool // the executors' fibers are marked (see newExecutor)
}

// take returns n executors, reusing free ones first.
func (r *residentSet) take(n int) []*executor {
	r.mu.Lock()
	k := min(n, len(r.free))
	xs := append([]*executor(nil), r.free[len(r.free)-k:]...)
	r.free = r.free[:len(r.free)-k]
	r.mu.Unlock()
	for len(xs) < n {
		xs = append(xs, newExecutor(r.marked))
	}
	return xs
}

// takeOne is take(1) without the slice.
func (r *residentSet) takeOne() *executor {
	r.mu.Lock()
	if n := len(r.free); n > 0 {
		x := r.free[n-1]
		r.free = r.free[:n-1]
		r.mu.Unlock()
		return x
	}
	r.mu.Unlock()
	return newExecutor(r.marked)
}

// putOne is put of one executor.
func (r *residentSet) putOne(x *executor) { r.put([]*executor{x}) }

// put returns executors to the set, closing those past its limit.
func (r *residentSet) put(xs []*executor) {
	r.mu.Lock()
	keep := min(len(xs), max(0, r.limit-len(r.free)))
	r.free = append(r.free, xs[:keep]...)
	r.mu.Unlock()
	for _, x := range xs[keep:] {
		x.coop.Close()
	}
}

// close stops the free executors' fibers. Launches have finished.
func (r *residentSet) close() {
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, x := range r.free {
		x.coop.Close()
	}
	r.free = nil
}
