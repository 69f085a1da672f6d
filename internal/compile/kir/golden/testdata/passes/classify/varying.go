package classify

import "github.com/gocuda/gocuda/gocuda"

// varying holds a barrier under a condition that differs between
// threads, after which the kernel ends: the threads that skip it finish
// first, and the barrier waits for those that have not (exitIfs), as on
// the runtime path.
//
// classify finds the if around the barrier varying and, the kernel
// ending after it, writes it as the threads that skip the barrier
// running the rest and returning first, then the barrier on its own.
func varying(t *gocuda.Thread, out []int) {
	if t.ThreadIdx.X < 4 {
		t.SyncThreads()
	}
	out[0] = 1
}
