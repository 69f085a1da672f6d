package compiled_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gocuda/gocuda/compiled"
)

// TestSegmented: a row is segmented exactly where each of its threads'
// dividends is non-negative, the divisor at least MinSegment, and no
// dividend or segment end overflows.
func TestSegmented(t *testing.T) {
	for _, c := range []struct {
		off, d, from, to int
		want             bool
	}{
		{0, 8, 0, 256, true},
		{1 << 20, 768, 0, 1024, true},
		{-3, 8, 3, 64, true},   // the first dividend is 0
		{-4, 8, 3, 64, false},  // the first is -1: Go truncates toward zero
		{0, 7, 0, 256, false},  // too short a segment
		{0, 0, 0, 256, false},  // division by zero panics where the kernel's does
		{0, -8, 0, 256, false}, // negative divisors keep their own rounding
		{math.MaxInt - 256, 8, 0, 256, true},
		{math.MaxInt - 255, 8, 0, 256, false}, // x+off overflows at the row's end
		{0, math.MaxInt - 255, 0, 256, false}, // a segment's end would
	} {
		got := compiled.Segmented(c.off, c.d, c.from, c.to)
		assert.Equal(t, c.want, got, "Segmented(%d, %d, %d, %d)", c.off, c.d, c.from, c.to)
	}
}
