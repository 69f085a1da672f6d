// Package quotient holds kernels dividing the thread's flat index by a
// value the same for the block: their rows run in segments of one
// quotient.
package quotient

import "github.com/gocuda/gocuda/gocuda"

// uniformAdd is the CUDA samples' uniformAdd: each element adds the sum of
// the blocks before its block of perBlock elements.
func uniformAdd(t *gocuda.Thread, out, offsets []float32, perBlock int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(out) {
		out[i] += offsets[i/perBlock]
	}
}

// biasAdd is llm.c's flattened (B, T, C) loop: the row and column of a
// flat index, by a division and a remainder by the same C.
func biasAdd(t *gocuda.Thread, out, inp, bias []float32, n, C int) {
	idx := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if idx < n {
		bt := idx / C
		c := idx % C
		out[bt*C+c] = inp[idx] + bias[c]
	}
}

// twoDivisors divides by two values: segments end where either quotient
// changes.
func twoDivisors(t *gocuda.Thread, out []int, NH, T int) {
	idx := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if idx < len(out) {
		h := idx % NH
		b := idx / (NH * T)
		out[idx] = h + 1000*b
	}
}

// notSegmented divides by a constant, which Go already multiplies, and
// by a value its loop changes: neither segments a row.
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
