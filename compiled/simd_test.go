package compiled_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gocuda/gocuda/compiled"
)

// TestFirstLane: the lowest lane whose bit is set, 8 for none, for every
// byte.
func TestFirstLane(t *testing.T) {
	for b := range 256 {
		want := 8
		for k := 7; k >= 0; k-- {
			if b&(1<<k) != 0 {
				want = k
			}
		}
		assert.Equal(t, want, compiled.FirstLane(uint8(b)), "bits %08b", b)
	}
}
