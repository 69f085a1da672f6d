//go:build !(goexperiment.simd && amd64)

package compiled

// shflAddVector reports false: without the SIMD build, ShflAddWarp's
// steps are scalar.
func shflAddVector[T Number](Shuffle, *[warpSize]T, int, int, int) bool { return false }

// shflAddRun reports false: without the SIMD build, ShflAddSteps's steps
// are ShflAddWarp's.
func shflAddRun[T Number](Shuffle, *[warpSize]T, *ShflSteps) bool { return false }

// cleanUpper does nothing: the default build runs no vector code that
// leaves the registers' upper halves dirty.
func cleanUpper() {}

// pairLane0Vector reports false: without the SIMD build,
// ShflDownLane0Pair's tree is scalar.
func pairLane0Vector[T Number](_, _, _ *[warpSize]T) bool { return false }

// lane0Vector reports false: without the SIMD build, ShflDownLane0's tree
// is scalar.
func lane0Vector[T Number](*[warpSize]T) bool { return false }
