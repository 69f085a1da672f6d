//go:build race

package bench_test

// raceEnabled reports whether the tests run under the race detector, which
// slows memory accesses unevenly and makes timings say nothing.
const raceEnabled = true
