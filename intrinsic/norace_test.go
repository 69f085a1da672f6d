//go:build !race

package intrinsic_test

// raceEnabled reports whether the tests run under the race detector, which
// slows the math/big references several times; tests shrink their samples.
const raceEnabled = false
