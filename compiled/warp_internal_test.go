package compiled

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gocuda/gocuda/internal/grid"
)

// TestShuffleSegment: a whole warp's shuffle reads, for every lane, the
// lane the runtime path's rule (grid.ShuffleSource) names, or keeps its
// own value where it names none, for every kind, argument and width.
func TestShuffleSegment(t *testing.T) {
	var vals [warpSize]int
	for j := range vals {
		vals[j] = 100 + j
	}
	for _, kind := range []grid.Kind{grid.KindShfl, grid.KindShflUp, grid.KindShflDown, grid.KindShflXor} {
		for w := 1; w <= warpSize; w *= 2 {
			for arg := range 40 {
				var got [warpSize]int
				shuffleSegment(kind, vals[:], arg, w, got[:])
				for j := range warpSize {
					want := vals[j]
					if src, ok := grid.ShuffleSource(kind, arg, w, j); ok && src < warpSize {
						want = vals[src]
					}
					assert.Equal(t, want, got[j], "kind %v width %d arg %d lane %d", kind, w, arg, j)
				}
			}
		}
	}
}
