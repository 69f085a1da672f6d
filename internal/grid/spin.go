package grid

import (
	"runtime"
	"time"
)

// A goroutine that blocks hands its thread back to the runtime, and the
// goroutine that wakes it must then wake a thread too: a futex call on
// each side, several microseconds on a virtual machine. A launch of a
// kernel that runs for a few microseconds paid two of them, one when it
// woke a worker and one when the worker woke it: a 5 µs job handed to a
// goroutine parked on a sync.Cond took 11.9 µs against 5.4 µs run in
// place (two vCPUs). So a worker that finds no job, and a launch waiting
// for its job, first yield the processor for up to spinFor, looking for
// what they wait for between yields, and only then block: the same job
// took 6.6 µs. Yielding (runtime.Gosched) leaves the processor to any
// other goroutine that is ready, so the spin takes no time from work.
// One worker spins at a time: the others would only take turns with the
// launch for the processors. In gocuda, a launch of a 2.5 µs kernel went
// from 6.9 to 5.5 µs (BenchmarkLaunchShort), Harris's reductions and the
// scans at 2^16, a few launches each, from 16 to 30% faster; an empty
// launch, which ends before the launch looks, from 1.6 to 2.2 µs.

// spinFor is how long a worker or a launch yields before it blocks: a few
// of the futex round trips it saves.
const spinFor = 50 * time.Microsecond

// spinUntil yields the processor until done reports true or spinFor has
// passed, and reports whether done did.
func spinUntil(done func() bool) bool {
	start := time.Now()
	for !done() {
		if time.Since(start) >= spinFor {
			return false
		}
		runtime.Gosched()
	}
	return true
}
