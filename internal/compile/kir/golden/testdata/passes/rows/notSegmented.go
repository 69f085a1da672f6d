package rows

import "github.com/gocuda/gocuda/gocuda"

// notSegmented divides by a constant, which Go already multiplies, and
// by a value its loop changes: neither segments a row.
//
// rows checks out once a row but makes no quotient segments: one
// division is by a constant, which Go already multiplies, and the other
// by a value its loop changes.
func notSegmented(t *gocuda.Thread, out []int, d int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(out) {
		s := d
		for k := 0; k < 3; k++ {
			s += k
			out[i] += i/s + i/7
		}
	}
}
