package bench

import (
	"runtime"
	"sync"
)

// SAXPYSerial computes y = a*x + y with a plain loop: the serial baseline.
func SAXPYSerial(a float32, x, y []float32) {
	y = y[:len(x)]
	for i, v := range x {
		y[i] += a * v
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
