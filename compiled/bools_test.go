package compiled_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/compiled"
)

// boolsOf returns the n bools of bits, bit k as element k, past off
// elements of padding set to pad.
func boolsOf(bits uint32, n, off int, pad bool) []bool {
	s := make([]bool, off+n+3)
	for k := range s {
		s[k] = pad
	}
	for k := range n {
		s[off+k] = bits&(1<<k) != 0
	}
	return s
}

// TestBools: the bits read are the bools' and the bools written are the
// bits', for every pattern of four and eight bools, some of sixteen, at
// every alignment, with the elements around them untouched; a slice too
// short panics as indexing it would.
func TestBools(t *testing.T) {
	for off := range 8 {
		for bits := range 256 {
			for _, pad := range []bool{false, true} {
				s := boolsOf(uint32(bits), 8, off, pad)
				assert.Equal(t, uint8(bits), compiled.Bools8(s[off:]))
				assert.Equal(t, uint8(bits&15), compiled.Bools4(s[off:]))
				w := boolsOf(0, 8, off, pad)
				compiled.SetBools8(w[off:], uint8(bits))
				require.Equal(t, boolsOf(uint32(bits), 8, off, pad), w, "SetBools8 %08b at %d", bits, off)
				w = boolsOf(0, 4, off, pad)
				compiled.SetBools4(w[off:], uint8(bits))
				require.Equal(t, boolsOf(uint32(bits&15), 4, off, pad), w, "SetBools4 %04b at %d", bits&15, off)
				wide := uint32(bits)*0x0101 ^ uint32(off)<<11
				s = boolsOf(wide, 16, off, pad)
				assert.Equal(t, uint16(wide), compiled.Bools16(s[off:]))
				w = boolsOf(0, 16, off, pad)
				compiled.SetBools16(w[off:], uint16(wide))
				require.Equal(t, s, w, "SetBools16 %016b at %d", wide, off)
			}
		}
	}
	assert.Panics(t, func() { compiled.Bools8(make([]bool, 7)) })
	assert.Panics(t, func() { compiled.SetBools4(make([]bool, 3), 1) })
}
