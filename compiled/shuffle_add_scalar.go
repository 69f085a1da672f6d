//go:build !(goexperiment.simd && amd64)

package compiled

// shflAddVector reports false: without the SIMD build, ShflAddWarp's
// steps are scalar.
func shflAddVector[T Number](Shuffle, *[warpSize]T, int, int, int) bool { return false }
