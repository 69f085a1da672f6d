package fuzz

import "math/rand/v2"

// A chooser makes the generator's choices from a byte string: each choice
// reads one byte, and an exhausted input chooses 0, the simplest option.
type chooser struct {
	data []byte
	pos  int
}

// pick returns a choice in [0, n).
func (c *chooser) pick(n int) int {
	if n <= 1 || c.pos >= len(c.data) {
		c.pos++
		return 0
	}
	b := c.data[c.pos]
	c.pos++
	return int(b) % n
}

// weighted returns the index of a choice with the given weights; a zero
// weight is never chosen unless every weight is zero, and then 0 is.
func (c *chooser) weighted(w ...int) int {
	total := 0
	for _, x := range w {
		total += x
	}
	if total == 0 {
		return 0
	}
	r := c.pick(256) * total / 256
	for i, x := range w {
		if r < x {
			return i
		}
		r -= x
	}
	return len(w) - 1
}

// Bytes returns n pseudo-random bytes determined by seed, the input of a
// random kernel.
func Bytes(seed uint64, n int) []byte {
	r := rand.New(rand.NewPCG(seed, 0x9e3779b97f4a7c15))
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}
