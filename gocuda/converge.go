package gocuda

import (
	"runtime"

	"github.com/gocuda/gocuda/internal/grid"
)

// convergenceSite returns the key of the place ActiveMask is called from:
// the chain of calls from the kernel's entry down to it. Lanes converge
// only where they reach the same call through the same chain, so a helper
// called from both arms of an if (CUDA's warp-aggregated atomics) sees
// each arm's lanes apart, as on a GPU.
func convergenceSite() uint64 {
	var pcs [64]uintptr
	n := runtime.Callers(3, pcs[:]) // Callers, convergenceSite, ActiveMask
	const offset, prime = 14695981039346656037, 1099511628211
	h := uint64(offset)
	for _, pc := range pcs[:n] {
		if kernelCallers.Contains(pc) {
			break
		}
		h = (h ^ uint64(pc)) * prime
	}
	return h
}

// kernelCallers are the engine functions that call a kernel for one
// thread: the top of a thread's chain.
var kernelCallers = grid.NewFrameSet((*executor).runBlock, (*executor).runFiberThread)
