//go:build !race

package rodinia_test

// raceEnabled reports whether the tests run under the race detector.
const raceEnabled = false
