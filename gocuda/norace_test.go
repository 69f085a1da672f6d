//go:build !race

package gocuda_test

// raceEnabled reports whether the tests run under the race detector, which
// slows coroutine switches and atomics tenfold; tests shrink their sizes.
const raceEnabled = false
