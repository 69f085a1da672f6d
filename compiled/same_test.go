package compiled_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gocuda/gocuda/compiled"
)

// TestSame: the same bits, not the same value: -0 and +0 differ, a NaN
// is the same as itself and not as a NaN of another payload.
func TestSame(t *testing.T) {
	nan32, nan32b := math.Float32frombits(0x7fc00000), math.Float32frombits(0x7fc00001)
	negZero32 := float32(math.Copysign(0, -1))
	assert.True(t, compiled.Same32(1.5, 1.5))
	assert.False(t, compiled.Same32(1.5, 1.25))
	assert.False(t, compiled.Same32(0, negZero32))
	assert.True(t, compiled.Same32(nan32, nan32))
	assert.False(t, compiled.Same32(nan32, nan32b))

	nan64, nan64b := math.Float64frombits(0x7ff8000000000000), math.Float64frombits(0x7ff8000000000001)
	assert.True(t, compiled.Same64(2.5, 2.5))
	assert.False(t, compiled.Same64(0, math.Copysign(0, -1)))
	assert.True(t, compiled.Same64(nan64, nan64))
	assert.False(t, compiled.Same64(nan64, nan64b))
}
