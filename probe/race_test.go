//go:build race

package probe

// raceEnabled reports whether the tests run under the race detector, which
// sees the plain stores of kernels that race by design.
const raceEnabled = true
