package vector

import "github.com/gocuda/gocuda/gocuda"

// mixed calls helpers whose groups cannot be vectors.
//
// Unchanged: each helper's accumulators read one another, shuffle,
// leave the loop or shift, so none gets a twin.
func mixed(t *gocuda.Thread, in []int32, out []int32, run int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(out) {
		r := in[i*run : (i+1)*run]
		out[i] = readsOne(r) + shuffled(r) + leaves(r)
	}
}

// A helper: shuffled reads its elements out of order: no twin.
func shuffled(run []int32) int32 {
	var s0, s1, s2, s3, s4, s5, s6, s7 int32
	for len(run) >= 8 {
		s0 += run[0]
		s1 += run[1]
		s2 += run[2]
		s3 += run[4]
		s4 += run[3]
		s5 += run[5]
		s6 += run[6]
		s7 += run[7]
		run = run[8:]
	}
	return s0 ^ s1 ^ s2 ^ s3 ^ s4 ^ s5 ^ s6 ^ s7
}

// A helper: leaves returns from inside its loop: no twin.
func leaves(run []int32) int32 {
	var s0, s1, s2, s3, s4, s5, s6, s7 int32
	for len(run) >= 8 {
		if run[0] < 0 {
			return 0
		}
		s0 += run[0]
		s1 += run[1]
		s2 += run[2]
		s3 += run[3]
		s4 += run[4]
		s5 += run[5]
		s6 += run[6]
		s7 += run[7]
		run = run[8:]
	}
	return s0 ^ s1 ^ s2 ^ s3 ^ s4 ^ s5 ^ s6 ^ s7
}

// A helper: readsOne reads an accumulator elsewhere in its loop: no twin.
func readsOne(run []int32) int32 {
	var s0, s1, s2, s3, s4, s5, s6, s7 int32
	for len(run) >= 8 {
		s0 += run[0]
		s1 += run[1]
		s2 += run[2]
		s3 += run[3]
		s4 += run[4]
		s5 += run[5]
		s6 += run[6]
		s7 += run[7] + s0
		run = run[8:]
	}
	return s0 ^ s1 ^ s2 ^ s3 ^ s4 ^ s5 ^ s6 ^ s7
}
