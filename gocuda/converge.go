package gocuda

import (
	"runtime"
	"slices"
	"sync"

	"github.com/gocuda/gocuda/internal/grid"
)

// convergenceSite returns the place ActiveMask is called from: the chain
// of calls from the kernel's entry down to it, as a key and as an order
// (see sitePath). Lanes converge only where they reach the same call
// through the same chain, so a helper called from both arms of an if
// (CUDA's warp-aggregated atomics) sees each arm's lanes apart, as on a
// GPU.
func convergenceSite() (uint64, []uint64) {
	var pcs [64]uintptr
	n := runtime.Callers(3, pcs[:]) // Callers, convergenceSite, ActiveMask
	const offset, prime = 14695981039346656037, 1099511628211
	h := uint64(offset)
	for i, pc := range pcs[:n] {
		if kernelCallers.Contains(pc) {
			n = i
			break
		}
		h = (h ^ uint64(pc)) * prime
	}
	if p, ok := sitePaths.Load(h); ok {
		return h, p.([]uint64)
	}
	p, _ := sitePaths.LoadOrStore(h, sitePath(pcs[:n]))
	return h, p.([]uint64)
}

// sitePaths caches sitePath by site key: reading the frames' lines costs
// microseconds.
var sitePaths sync.Map

// sitePath returns the order of a chain of calls (return addresses, the
// innermost first): per frame from the kernel's down, its source line and
// the low bits of its address. Compared element by element, it orders
// places as the source does, which for structured code is the order a GPU
// runs a warp's divergent paths in: a branch's body before the code after
// it, where the warp reconverges (grid.Block.ActiveMask). Code addresses
// alone would not do: Go's compiler may lay an if's body out after the
// code that follows it (it did for the fuzzer's kernel activeMaskHelper,
// a helper called inside an if and after it).
func sitePath(pcs []uintptr) []uint64 {
	var path []uint64
	frames := runtime.CallersFrames(pcs)
	for {
		f, more := frames.Next()
		path = append(path, uint64(uint32(f.Line))<<32|uint64(uint32(f.PC)))
		if !more {
			break
		}
	}
	slices.Reverse(path)
	return path
}

// kernelCallers are the engine functions that call a kernel for one
// thread: the top of a thread's chain.
var kernelCallers = grid.NewFrameSet((*executor).runBlock, (*executor).runFiberThread)
