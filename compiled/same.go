package compiled

import "math"

// Same32 reports whether a and b have the same bits. A lane of generated
// code whose inputs are the same as those of the lane that last computed
// a run of statements (a warp's mean from a reduction's sum, say) takes
// that lane's results instead of computing them again; unlike ==, Same32
// tells -0 from +0, whose quotients differ, and finds a NaN the same as
// itself.
func Same32(a, b float32) bool { return math.Float32bits(a) == math.Float32bits(b) }

// Same64 is Same32 for float64.
func Same64(a, b float64) bool { return math.Float64bits(a) == math.Float64bits(b) }
