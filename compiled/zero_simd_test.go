//go:build goexperiment.simd && amd64

package compiled_test

import (
	"simd/archsimd"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/gocuda/gocuda/compiled"
)

// TestZeroMasks: a vector compared NotEqual with the Zero vectors gives
// the mask ToMask gives, the lanes whose value is not zero, for every
// lane pattern of eight int32 and four int64 lanes (and sixteen int32
// lanes where the CPU has AVX-512).
func TestZeroMasks(t *testing.T) {
	for b := range 256 {
		x := archsimd.LoadInt32x8(&compiled.LaneBits[b])
		assert.Equal(t, uint8(b), x.NotEqual(compiled.ZeroInt32x8()).ToBits(), "bits %08b", b)
		assert.Equal(t, x.ToMask().ToBits(), x.NotEqual(compiled.ZeroInt32x8()).ToBits())
	}
	for b := range 16 {
		x := archsimd.LoadInt64x4(&compiled.LaneBits64[b])
		assert.Equal(t, uint8(b), x.NotEqual(compiled.ZeroInt64x4()).ToBits(), "bits %04b", b)
	}
	if !compiled.SIMD512 {
		return
	}
	var v [16]int32
	for k := range v {
		v[k] = int32(k % 3)
	}
	want := uint16(0)
	for k, x := range v {
		if x != 0 {
			want |= 1 << k
		}
	}
	assert.Equal(t, want, archsimd.LoadInt32x16(&v).NotEqual(compiled.ZeroInt32x16()).ToBits())
}
