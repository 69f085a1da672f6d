package gocudatest

import "github.com/gocuda/gocuda/gocuda"

// An Order is one way of running a block's threads between its barriers.
type Order struct {
	// Name describes the order, for test names.
	Name string
	// Wrap returns the kernel to launch for kernel.
	Wrap func(kernel func(*gocuda.Thread)) func(*gocuda.Thread)
}

// Orders are two ways to run a kernel with barriers, of which a kernel
// missing a barrier fails at least one.
//
// On the runtime path gocuda runs one thread of a block at a time, each
// until its next barrier, in an order that alternates: thread 0 to the
// last up to the first barrier, from the last thread back to thread 0 up
// to the next, and so on. A kernel missing a barrier can give the right
// answer in one of these orders by luck. The second Order runs the kernel
// after one extra barrier, which flips the order of every stretch between
// its barriers.
//
// The second Order also makes every thread meet at a t.SyncThreadsCount
// after the kernel returns. A thread that returns while others still wait
// at one of the kernel's SyncThreads then waits at a different barrier
// than they do, and the launch fails with a *gocuda.DeadlockError: CUDA
// requires every thread of a block to reach the same __syncthreads calls
// (the programming guide calls anything else undefined behavior), even
// where gocuda, like recent GPUs, would let such a kernel finish.
var Orders = []Order{
	{Name: "as written", Wrap: func(k func(*gocuda.Thread)) func(*gocuda.Thread) { return k }},
	{Name: "after an extra barrier", Wrap: func(k func(*gocuda.Thread)) func(*gocuda.Thread) {
		return func(t *gocuda.Thread) {
			t.SyncThreads()
			k(t)
			t.SyncThreadsCount(true)
		}
	}},
}

// OrderHint explains a kernel that is right in one thread order and wrong
// in the other.
const OrderHint = "the kernel is right when the threads of a block run in one order and wrong in another:\n" +
	"a thread reads shared memory that another thread writes (or overwrites what another still has to\n" +
	"read) with no t.SyncThreads() in between. On a GPU this is a race that fails at random."
