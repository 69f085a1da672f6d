//go:build !(goexperiment.simd && amd64)

package compiled

// treeFoldVector reports false: without the SIMD build, TreeFold's sums
// are scalar.
func treeFoldVector[T Number]([]T, int, int, int) bool { return false }
