package compiled

import (
	"math"
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

// TestShuffleWords: a whole warp's shuffle of 32-bit numbers reads what
// grid.ShuffleSource names, bit for bit (NaN payloads, negative zero).
func TestShuffleWords(t *testing.T) {
	var vals [warpSize]float32
	for j := range vals {
		vals[j] = math.Float32frombits(0x7fc00000 + uint32(j)*0x1011) // NaNs with payloads
	}
	vals[5] = float32(math.Copysign(0, -1))
	for _, kind := range []grid.Kind{grid.KindShfl, grid.KindShflUp, grid.KindShflDown, grid.KindShflXor} {
		for arg := range 40 {
			var got [warpSize]float32
			shuffleSegment(kind, vals[:], arg, warpSize, got[:])
			for j := range warpSize {
				want := vals[j]
				if src, ok := grid.ShuffleSource(kind, arg, warpSize, j); ok && src < warpSize {
					want = vals[src]
				}
				assert.Equal(t, math.Float32bits(want), math.Float32bits(got[j]), "kind %v arg %d lane %d", kind, arg, j)
			}
		}
	}
}
