//go:build !(goexperiment.simd && amd64)

package compiled

import "github.com/gocuda/gocuda/internal/grid"

// shuffleWords is shuffleWarp for 32-bit values with vectors, in the SIMD
// build (warp_simd.go); here it leaves the shuffle to shuffleWarp.
func shuffleWords(grid.Kind, *[warpSize]uint32, int, *[warpSize]uint32) bool { return false }
