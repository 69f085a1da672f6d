package hecbenchltoz

import (
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/gocuda/gocuda/gocuda"
)

// queensPrefixes is nqueen-cuda's BP_queens_prefixes: the legal partial
// boards of initialDepth rows of a size×size board, and the number of
// nodes of the search tree above them.
func queensPrefixes(size, initialDepth int) ([]QueenRoot, uint64) {
	var roots []QueenRoot
	var tree uint64
	var board [20]int8
	var rec func(depth int, flag uint32)
	rec = func(depth int, flag uint32) {
		if depth == initialDepth {
			q := QueenRoot{Control: flag}
			copy(q.Board[:], board[:initialDepth])
			roots = append(roots, q)
			return
		}
		for c := range size {
			board[depth] = int8(c)
			if flag&(1<<c) == 0 && queensStillLegal(board[:], depth) {
				tree++
				rec(depth+1, flag|1<<c)
			}
		}
	}
	rec(0, 0)
	return roots, tree
}

// TestNQueen runs nqueen-cuda's BP_queens_root_dfs on the 8- and
// 9-queens problems from prefixes of depth 3 (blocks of 128, the last
// partial), against the known numbers of solutions (92 and 352) and a
// tree size both paths agree on.
func TestNQueen(t *testing.T) {
	for _, c := range []struct{ n, sols int }{{8, 92}, {9, 352}} {
		const depth = 3
		roots, _ := queensPrefixes(c.n, depth)
		np := len(roots)
		got := agree(t, func(f form) ([2][]uint64, error) {
			tree, sols := make([]uint64, np), make([]uint64, np)
			err := f.launch(gocuda.Config{Grid: gocuda.Dim3{X: (np + 127) / 128}, Block: gocuda.Dim3{X: 128}},
				BPQueensRootDfsKernel(c.n, uint32(np), depth, roots, tree, sols))
			return [2][]uint64{tree, sols}, err
		})
		total := uint64(0)
		for _, s := range got[1] {
			total += s
		}
		require.Equal(t, uint64(c.sols), total, "%d queens", c.n)
	}
}
