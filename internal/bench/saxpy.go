package bench

import (
	"runtime"
	"sync"
)

// SAXPYSerial computes y = a*x + y with a loop over four elements at a
// time: the serial baseline. The plain one-element loop runs at half speed
// or at full speed depending on where the linker happens to place it
// relative to a 64-byte boundary (Go does not align loops), so that the
// same benchmark disagreed with itself between two binaries; the wider
// body is fast at either placement.
func SAXPYSerial(a float32, x, y []float32) {
	y = y[:len(x)]
	i := 0
	for ; i+4 <= len(x); i += 4 {
		xs, ys := x[i:i+4:i+4], y[i:i+4:i+4] // one bounds check for four elements
		ys[0] += a * xs[0]
		ys[1] += a * xs[1]
		ys[2] += a * xs[2]
		ys[3] += a * xs[3]
	}
	for ; i < len(x); i++ {
		y[i] += a * x[i]
	}
}

// SAXPYParallel computes y = a*x + y split into GOMAXPROCS contiguous parts,
// one goroutine each: the hand-written parallel baseline.
func SAXPYParallel(a float32, x, y []float32) {
	Parallel(len(x), func(lo, hi int) { SAXPYSerial(a, x[lo:hi], y[lo:hi]) })
}

// Parallel splits [0, n) into GOMAXPROCS contiguous ranges and calls body on
// each from its own goroutine, returning when all have returned. It is how
// the hand-written parallel baselines divide work.
func Parallel(n int, body func(lo, hi int)) {
	parts := min(runtime.GOMAXPROCS(0), max(n, 1))
	var wg sync.WaitGroup
	for p := range parts {
		lo, hi := n*p/parts, n*(p+1)/parts
		wg.Go(func() { body(lo, hi) })
	}
	wg.Wait()
}
