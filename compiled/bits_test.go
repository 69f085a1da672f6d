package compiled_test

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gocuda/gocuda/compiled"
)

// TestBitsAt: the Bits functions copy a float's bits exactly, a NaN's
// payload and the sign of zero included, and touch only the element at p.
func TestBitsAt(t *testing.T) {
	for _, b := range []uint32{0, 0x80000000, 0x3fc00000, 0x7fc00001, 0xff800000, 1} {
		s := []float32{7, math.Float32frombits(b), 9}
		assert.Equal(t, b, compiled.Bits32At(&s[1]))
		compiled.SetBits32At(&s[0], b)
		assert.Equal(t, b, math.Float32bits(s[0]))
		assert.Equal(t, float32(9), s[2])
	}
	for _, b := range []uint64{0, 1 << 63, 0x7ff8000000000001, 0x3ff8000000000000} {
		s := []float64{7, math.Float64frombits(b), 9}
		assert.Equal(t, b, compiled.Bits64At(&s[1]))
		compiled.SetBits64At(&s[0], b)
		assert.Equal(t, b, math.Float64bits(s[0]))
		assert.Equal(t, 9.0, s[2])
	}
}
