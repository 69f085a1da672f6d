package compiled_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gocuda/gocuda/compiled"
	"github.com/gocuda/gocuda/compiled/lanes"
)

// TestBroadcastAt checks the At broadcasts, the lane masks and the Zero
// vectors through package lanes, in either build.
func TestBroadcastAt(t *testing.T) {
	f := []float32{1, 2, 3}
	var got [8]float32
	compiled.BroadcastFloat32x8At(&f[1], compiled.Lane0Mask32()).Store(&got)
	assert.Equal(t, [8]float32{2, 2, 2, 2, 2, 2, 2, 2}, got)
	d := []float64{5, 6}
	var got64 [4]float64
	compiled.BroadcastFloat64x4At(&d[1], compiled.Lane0Mask64()).Store(&got64)
	assert.Equal(t, [4]float64{6, 6, 6, 6}, got64)
	assert.Equal(t, uint8(1), compiled.Lane0Mask32().ToBits())
	assert.Equal(t, uint8(1), compiled.Lane0Mask64().ToBits())
	x := lanes.LoadInt32x8(&[8]int32{0, 1, 0, 2, 0, 0, 3, 0})
	assert.Equal(t, uint8(0b01001010), x.NotEqual(compiled.ZeroInt32x8()).ToBits())
	y := lanes.LoadInt64x4(&[4]int64{7, 0, 0, 1})
	assert.Equal(t, uint8(0b1001), y.NotEqual(compiled.ZeroInt64x4()).ToBits())
	if !compiled.SIMD512 {
		return
	}
	var got16 [16]float32
	compiled.BroadcastFloat32x16At(&f[2], compiled.Lane0Mask32()).Store(&got16)
	for k := range got16 {
		assert.Equal(t, float32(3), got16[k], "lane %d", k)
	}
	var z [16]int32
	compiled.ZeroInt32x16().Store(&z)
	assert.Equal(t, [16]int32{}, z)
}
