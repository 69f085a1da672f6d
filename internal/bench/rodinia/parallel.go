package rodinia

import (
	"fmt"
	"math/rand/v2"
	"runtime"
	"sync"

	"github.com/gocuda/gocuda/gocuda"
)

// parallelFor splits [0, n) into GOMAXPROCS contiguous ranges and calls f on
// each from a goroutine of its own, returning when all have: the
// hand-written parallel baselines' one tool.
func parallelFor(n int, f func(lo, hi int)) {
	parallelForParts(n, func(_, lo, hi int) { f(lo, hi) })
}

// serialFor calls f(0, n) in the calling goroutine: parallelFor's serial
// counterpart, for baselines whose serial and parallel forms share a body.
func serialFor(n int, f func(lo, hi int)) { f(0, n) }

// parallelForParts is parallelFor passing f the number of its range too,
// from 0 to parallelParts(n)-1.
func parallelForParts(n int, f func(part, lo, hi int)) {
	parts := parallelParts(n)
	if parts <= 1 {
		if n > 0 {
			f(0, 0, n)
		}
		return
	}
	var wg sync.WaitGroup
	for p := range parts {
		lo, hi := p*n/parts, (p+1)*n/parts
		wg.Go(func() { f(p, lo, hi) })
	}
	wg.Wait()
}

// newRand returns the deterministic generator every input of the package
// is made with.
func newRand(seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
}

// parallelParts is the number of ranges parallelFor splits n into.
func parallelParts(n int) int { return min(runtime.GOMAXPROCS(0), n) }

// nilDevice is the error of a driver given no device.
func nilDevice(name string) error {
	return fmt.Errorf("%w: rodinia.%s: nil device", gocuda.ErrInvalidValue, name)
}
