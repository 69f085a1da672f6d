package grid

import "iter"

// A fiber is a pooled coroutine that runs one thread of a cooperative block
// at a time. It is built on iter.Pull, whose resume and yield are direct
// goroutine switches (runtime coroswitch), not scheduler round trips.
type fiber struct {
	b      *Block
	thread int // the thread this fiber runs now
	resume func() (struct{}, bool)
	stop   func()
	yield  func(struct{}) bool
	dead   bool // the coroutine has ended (stopped, or its thread called Goexit)
}

func newFiber(b *Block) *fiber {
	f := &fiber{b: b}
	seq := f.loop
	if b.Marked {
		seq = func(yield func(struct{}) bool) { marked(func() { f.loop(yield) }) }
	}
	f.resume, f.stop = iter.Pull(seq)
	return f
}

// loop is the coroutine's body: run the assigned thread to its end, then
// park until the driver resumes it with the next thread.
func (f *fiber) loop(yield func(struct{}) bool) {
	defer func() { f.dead = true }()
	f.yield = yield
	for {
		f.b.runThread(f.thread)
		if !yield(struct{}{}) {
			return
		}
	}
}

// suspend gives control back to the driver until it resumes this fiber.
// It reports false if the fiber was stopped while suspended.
func (f *fiber) suspend() bool { return f.yield(struct{}{}) }
