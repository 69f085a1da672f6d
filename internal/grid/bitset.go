package grid

import "math/bits"

// A bitset is a set of thread indices of one block (at most 1024).
type bitset []uint64

// reset empties s and sizes it for n threads.
func (s bitset) reset(n int) bitset {
	words := (n + 63) / 64
	if cap(s) < words {
		return make(bitset, words)
	}
	s = s[:words]
	clear(s)
	return s
}

func (s bitset) has(i int) bool { return s[i>>6]&(1<<(i&63)) != 0 }
func (s bitset) set(i int)      { s[i>>6] |= 1 << (i & 63) }
func (s bitset) clear(i int)    { s[i>>6] &^= 1 << (i & 63) }

// next returns the first member at or after i, or -1.
func (s bitset) next(i int) int {
	w := i >> 6
	if w >= len(s) {
		return -1
	}
	if m := s[w] >> (i & 63); m != 0 {
		return i + bits.TrailingZeros64(m)
	}
	for w++; w < len(s); w++ {
		if s[w] != 0 {
			return w<<6 + bits.TrailingZeros64(s[w])
		}
	}
	return -1
}

// or adds every member of t to s; t and s have the same size.
func (s bitset) or(t bitset) {
	for i, w := range t {
		s[i] |= w
	}
}

// lanes returns the 32 bits of warp w.
func (s bitset) lanes(w int) uint32 { return uint32(s[w>>1] >> ((w & 1) * 32)) }

// setLanes adds the lanes in mask of warp w.
func (s bitset) setLanes(w int, mask uint32) { s[w>>1] |= uint64(mask) << ((w & 1) * 32) }
