// Package rowsahead holds the inputs of the rowsahead pass's golden
// tests (passes_test.go): each kernel's doc comment says what the pass
// does to it, or why it leaves it unchanged.
package rowsahead

import "github.com/gocuda/gocuda/gocuda"

// pairTwice reads the same two rows before and after a shuffle: each row
// is read ahead once, for both lane loops.
//
// rowsahead reads the two rows of in ahead, once, for both lane loops.
func pairTwice(t *gocuda.Thread, in, out []float32) {
	i := t.BlockIdx.X*2*t.BlockDim.X + t.ThreadIdx.X
	v := at(in, i) + at(in, i+t.BlockDim.X)
	v += gocuda.ShflDownSync(t, gocuda.FullMask, v, 1, 32)
	out[i] = v - at(in, i) - at(in, i+t.BlockDim.X)
}

// A helper: at returns in[i], or zero past its end: a guarded load.
func at(in []float32, i int) float32 {
	if i < len(in) {
		return in[i]
	}
	return 0
}
