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

// TestLanes16: FirstLane16 is the lowest lane set (16 for none), and
// ExitedBits16 and SetExited16 read and write the record of exited
// threads rank to rank+15 as the bits of their lanes, for every lane
// alone and some mixes.
func TestLanes16(t *testing.T) {
	for _, bits := range []uint16{0, 1, 0x8000, 0x0100, 0x00ff, 0xff00, 0xa5a5, 0xffff} {
		want := 16
		for k := 15; k >= 0; k-- {
			if bits&(1<<k) != 0 {
				want = k
			}
		}
		assert.Equal(t, want, compiled.FirstLane16(bits), "bits %016b", bits)
		exited := make([]bool, 20)
		compiled.SetExited16(exited, 3, bits)
		for i, e := range exited {
			assert.Equal(t, i >= 3 && i < 19 && bits&(1<<(i-3)) != 0, e, "thread %d of bits %016b", i, bits)
		}
		assert.Equal(t, bits, compiled.ExitedBits16(exited, 3))
	}
}

// TestEvenBits: bit k of every byte is bit 2k of its spread, and no odd
// bit is set, against a bit-by-bit spread.
func TestEvenBits(t *testing.T) {
	for b := range 256 {
		var want uint16
		for k := range 8 {
			if b&(1<<k) != 0 {
				want |= 1 << (2 * k)
			}
		}
		assert.Equal(t, want, compiled.EvenBits(uint8(b)), "bits %08b", b)
	}
}
