package hecbenchwarp

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// bswBlosum62 is main.cu's scores_matrix (BLOSUM62, 24×24).
var bswBlosum62 = []int16{
	4, -1, -2, -2, 0, -1, -1, 0, -2, -1, -1, -1, -1, -2, -1, 1, 0, -3, -2, 0, -2, -1, 0, -4,
	-1, 5, 0, -2, -3, 1, 0, -2, 0, -3, -2, 2, -1, -3, -2, -1, -1, -3, -2, -3, -1, 0, -1, -4,
	-2, 0, 6, 1, -3, 0, 0, 0, 1, -3, -3, 0, -2, -3, -2, 1, 0, -4, -2, -3, 3, 0, -1, -4,
	-2, -2, 1, 6, -3, 0, 2, -1, -1, -3, -4, -1, -3, -3, -1, 0, -1, -4, -3, -3, 4, 1, -1, -4,
	0, -3, -3, -3, 9, -3, -4, -3, -3, -1, -1, -3, -1, -2, -3, -1, -1, -2, -2, -1, -3, -3, -2, -4,
	-1, 1, 0, 0, -3, 5, 2, -2, 0, -3, -2, 1, 0, -3, -1, 0, -1, -2, -1, -2, 0, 3, -1, -4,
	-1, 0, 0, 2, -4, 2, 5, -2, 0, -3, -3, 1, -2, -3, -1, 0, -1, -3, -2, -2, 1, 4, -1, -4,
	0, -2, 0, -1, -3, -2, -2, 6, -2, -4, -4, -2, -3, -3, -2, 0, -2, -2, -3, -3, -1, -2, -1, -4,
	-2, 0, 1, -1, -3, 0, 0, -2, 8, -3, -3, -1, -2, -1, -2, -1, -2, -2, 2, -3, 0, 0, -1, -4,
	-1, -3, -3, -3, -1, -3, -3, -4, -3, 4, 2, -3, 1, 0, -3, -2, -1, -3, -1, 3, -3, -3, -1, -4,
	-1, -2, -3, -4, -1, -2, -3, -4, -3, 2, 4, -2, 2, 0, -3, -2, -1, -2, -1, 1, -4, -3, -1, -4,
	-1, 2, 0, -1, -3, 1, 1, -2, -1, -3, -2, 5, -1, -3, -1, 0, -1, -3, -2, -2, 0, 1, -1, -4,
	-1, -1, -2, -3, -1, 0, -2, -3, -2, 1, 2, -1, 5, 0, -2, -1, -1, -1, -1, 1, -3, -1, -1, -4,
	-2, -3, -3, -3, -2, -3, -3, -3, -1, 0, 0, -3, 0, 6, -4, -2, -2, 1, 3, -1, -3, -3, -1, -4,
	-1, -2, -2, -1, -3, -1, -1, -2, -2, -3, -3, -1, -2, -4, 7, -1, -1, -4, -3, -2, -2, -1, -2, -4,
	1, -1, 1, 0, -1, 0, 0, 0, -1, -2, -2, 0, -1, -2, -1, 4, 1, -3, -2, -2, 0, 0, 0, -4,
	0, -1, 0, -1, -1, -1, -1, -2, -2, -1, -1, -1, -1, -2, -1, 1, 5, -2, -2, 0, -1, -1, 0, -4,
	-3, -3, -4, -4, -2, -2, -3, -2, -2, -3, -2, -3, -1, 1, -4, -3, -2, 11, 2, -3, -4, -3, -2, -4,
	-2, -2, -2, -3, -2, -1, -2, -3, 2, -1, -1, -2, -1, 3, -3, -2, -2, 2, 7, -1, -3, -2, -1, -4,
	0, -3, -3, -3, -1, -2, -2, -3, -3, 3, 1, -2, 1, -1, -2, -2, 0, -3, -1, 4, -3, -2, -1, -4,
	-2, -1, 3, 4, -3, 0, 1, -1, 0, -3, -4, 0, -3, -3, -2, 0, -1, -4, -3, -3, 4, 1, -1, -4,
	-1, 0, 0, 1, -3, 3, 4, -2, 0, -3, -3, 1, -1, -3, -1, 0, -1, -3, -2, -2, 1, 4, -1, -4,
	0, -1, -1, -1, -2, -1, -1, -1, -1, -1, -1, -1, -1, -1, -2, 0, 0, -2, -1, -1, -1, -1, -1, -4,
	-4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, -4, 1,
}

// bswEncoding is driver.cu's h_encoding_matrix: a letter's row in the
// scoring matrix.
var bswEncoding = []int16{
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	23, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 20, 4, 3, 6,
	13, 7, 8, 9, 0, 11, 10, 12, 2, 0, 14, 5,
	1, 15, 16, 0, 19, 17, 22, 18, 21,
}

// bswLocal returns the Smith-Waterman (Gotoh, affine gaps: a gap of k
// costs startGap + (k−1)·extendGap) matrix H of rows (the longer
// sequence) against cols, H[i][j] for prefixes of lengths i and j.
func bswLocal(rows, cols []int8, startGap, extendGap int) [][]int {
	H := make([][]int, len(rows)+1)
	E := make([][]int, len(rows)+1)
	F := make([][]int, len(rows)+1)
	const negInf = -1 << 20
	for i := range H {
		H[i], E[i], F[i] = make([]int, len(cols)+1), make([]int, len(cols)+1), make([]int, len(cols)+1)
		for j := range H[i] {
			E[i][j], F[i][j] = negInf, negInf
		}
	}
	for i := 1; i <= len(rows); i++ {
		for j := 1; j <= len(cols); j++ {
			E[i][j] = max(E[i][j-1]+extendGap, H[i][j-1]+startGap)
			F[i][j] = max(F[i-1][j]+extendGap, H[i-1][j]+startGap)
			s := int(bswBlosum62[int(bswEncoding[rows[i-1]])*24+int(bswEncoding[cols[j-1]])])
			H[i][j] = max(0, H[i-1][j-1]+s, E[i][j], F[i][j])
		}
	}
	return H
}

// reversed returns s reversed.
func reversed(s []int8) []int8 {
	r := make([]int8, len(s))
	for i := range s {
		r[len(s)-1-i] = s[i]
	}
	return r
}

// TestBsw runs driver.cu's two launches (forward with blocks of the
// smaller of the longest sequences of each side, then inverse with
// blocks of get_new_min_length's size) on 12 random protein pairs of 30
// to 110 letters (blocks of 30 to 110 threads: partial warps), one pair a
// launch, and requires each pair's top score to be the Smith-Waterman
// score, the end positions to be a cell holding it, and the start
// positions to be a cell holding it in the reversed prefixes' matrix.
// With several pairs a launch, a block's threads past its own pair's
// shorter length (the block being as wide as the longest pair's) call
// warpReduceMax_with_index's __shfl_down_sync under a ballot mask that
// leaves them out: undefined in CUDA, and gocuda fails the launch.
func TestBsw(t *testing.T) {
	const startGap, extendGap = -6, -1
	const letters = "ARNDCQEGHILKMFPSTWYV"
	r := rng(12, 7)
	var seqsA, seqsB [][]int8
	for range 12 {
		gen := func(n int) []int8 {
			s := make([]int8, n)
			for i := range s {
				s[i] = int8(letters[r.IntN(len(letters))])
			}
			return s
		}
		a, b := gen(30+r.IntN(80)), gen(30+r.IntN(80))
		// plant a shared stretch so that every pair has a real alignment
		k, pa, pb := 8+r.IntN(8), r.IntN(20), r.IntN(20)
		copy(b[pb:pb+k], a[pa:pa+k])
		seqsA, seqsB = append(seqsA, a), append(seqsB, b)
	}
	n := len(seqsA)
	type out struct{ aBegin, aEnd, bBegin, bEnd, scores []int16 }
	run := func(f form, a, b []int8) (out, error) {
		o := out{make([]int16, 1), make([]int16, 1), make([]int16, 1), make([]int16, 1), make([]int16, 1)}
		minSize := min(len(a), len(b))
		totShmem := 3 * (minSize + 1) * 2
		shmem := totShmem + 4 + (4 - totShmem%4)
		offA, offB := []uint32{uint32(len(a))}, []uint32{uint32(len(b))}
		launch := func(inverse bool, block int) error {
			return f.launch(gocuda.Config{Grid: gocuda.Dim3{X: 1}, Block: gocuda.Dim3{X: block}, SharedMem: shmem},
				BswSequenceAaKernel(inverse, a, b, offA, offB, o.aBegin, o.aEnd, o.bBegin, o.bEnd, o.scores, startGap, extendGap, bswBlosum62, bswEncoding))
		}
		if err := launch(false, minSize); err != nil {
			return o, err
		}
		return o, launch(true, min(int(o.aEnd[0]), int(o.bEnd[0])))
	}
	for i := range n {
		name := fmt.Sprintf("pair %d (%d×%d letters)", i, len(seqsA[i]), len(seqsB[i]))
		a, b := seqsA[i], seqsB[i]
		got := agree(t, func(f form) (out, error) { return run(f, a, b) })
		longer, shorter := b, a
		if len(a) >= len(b) {
			longer, shorter = a, b
		}
		H := bswLocal(longer, shorter, startGap, extendGap)
		best := 0
		for _, row := range H {
			best = max(best, sliceMax(row))
		}
		require.Equal(t, best, int(got.scores[0]), "%s: score", name)
		ea, eb := int(got.aEnd[0]), int(got.bEnd[0])
		if len(a) < len(b) {
			require.Equal(t, best, H[eb][ea], "%s: end (%d, %d)", name, ea, eb)
		} else {
			require.Equal(t, best, H[ea][eb], "%s: end (%d, %d)", name, ea, eb)
		}
		ra, rb := reversed(a[:ea]), reversed(b[:eb])
		ba, bb := int(got.aBegin[0]), int(got.bBegin[0])
		if ea < eb {
			Hr := bswLocal(rb, ra, startGap, extendGap)
			require.Equal(t, best, Hr[eb-bb][ea-ba], "%s: start (%d, %d)", name, ba, bb)
		} else {
			Hr := bswLocal(ra, rb, startGap, extendGap)
			require.Equal(t, best, Hr[ea-ba][eb-bb], "%s: start (%d, %d)", name, ba, bb)
		}
	}
}

// sliceMax is the largest element of s.
func sliceMax(s []int) int {
	m := s[0]
	for _, v := range s {
		m = max(m, v)
	}
	return m
}
