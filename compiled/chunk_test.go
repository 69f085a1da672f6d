package compiled_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gocuda/gocuda/compiled"
)

// TestChunkTrips: the count is the trips of the loop it replaces, for
// i, n := from, 0; n < chunk && i < limit (or <=); i, n = i+step, n+1,
// whose keys wrap as Go's ints do, at the ints' edges, for steps that
// never end the loop, and for chunks of one trip and of many.
func TestChunkTrips(t *testing.T) {
	trips := func(from, step, chunk, limit int, inclusive bool) int {
		n := 0
		for i := from; n < chunk && (i < limit || inclusive && i == limit); i += step {
			n++
		}
		return n
	}
	ends := []int{math.MinInt, math.MinInt + 1, -3000, -1, 0, 1, 5, 31, 32, 33, 1000, 5000,
		math.MaxInt - 3000, math.MaxInt - 64, math.MaxInt - 1, math.MaxInt}
	steps := []int{math.MinInt, -32, -1, 0, 1, 2, 7, 32, 100, 2047, 2048, math.MaxInt / 2, math.MaxInt}
	for _, from := range ends {
		for _, limit := range ends {
			for _, step := range steps {
				for _, chunk := range []int{0, 1, 2, 64, 2048} {
					for _, inclusive := range []bool{false, true} {
						assert.Equal(t, trips(from, step, chunk, limit, inclusive), compiled.ChunkTrips(from, step, chunk, limit, inclusive),
							"from %d, step %d, chunk %d, limit %d, inclusive %v", from, step, chunk, limit, inclusive)
					}
				}
			}
		}
	}
}
