package grid

import (
	"runtime"
	"time"
)

// A goroutine that blocks hands its thread back to the runtime, and the
// goroutine that wakes it must then wake a thread too: a futex call on
// each side, slow on a virtual machine. A launch of a short kernel paid
// two of them, one when it woke a worker and one when the worker woke
// it, as much as the kernel's own work. So a worker that finds no job,
// and a launch waiting for its job, first yield the processor for up to
// spinFor, looking for what they wait for between yields, and only then
// block. Yielding (runtime.Gosched) leaves the processor to any other
// goroutine that is ready, so the spin takes no time from work. One
// worker spins at a time: the others would only take turns with the
// launch for the processors. BenchmarkLaunchShort shows what a short
// launch costs, BenchmarkLaunchEmpty an empty one, which ends before the
// launch looks and pays for the spin.

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
