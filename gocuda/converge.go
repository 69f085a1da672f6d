package gocuda

import (
	"reflect"
	"runtime"
	"sync"
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
		if kernelCaller(pc) {
			break
		}
		h = (h ^ uint64(pc)) * prime
	}
	return h
}

// kernelCallers caches, per return address, whether it lies in the engine
// function that calls the kernel: the top of a thread's chain.
var kernelCallers sync.Map // uintptr → bool

// engineEntries are the functions that call a kernel for one thread.
var engineEntries = sync.OnceValue(func() map[string]bool {
	names := map[string]bool{}
	for _, f := range []any{(*executor).runBlock, (*executor).runFiberThread} {
		names[runtime.FuncForPC(reflect.ValueOf(f).Pointer()).Name()] = true
	}
	return names
})

func kernelCaller(pc uintptr) bool {
	if v, ok := kernelCallers.Load(pc); ok {
		return v.(bool)
	}
	f := runtime.FuncForPC(pc - 1) // pc is a return address: the call is before it
	is := f != nil && engineEntries()[f.Name()]
	kernelCallers.Store(pc, is)
	return is
}
