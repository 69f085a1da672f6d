package hecbenchltoz

import "github.com/gocuda/gocuda/gocuda"

// This file holds HeCBench's nqueen benchmark (zjin-lcf/HeCBench at
// f27000a, src/nqueen-cuda/main.cu, Carneiro Pessoa's backtracking
// N-Queens): BP_queens_root_dfs with queens_stillLegal, a thread a
// partial board, a do-while of continues.

// queensEmpty is main.cu's _EMPTY_.
const queensEmpty = -1

// QueenRoot is main.cu's QueenRoot: a partial board of initial depth and
// the bitmask of its columns.
type QueenRoot struct {
	Control uint32
	Board   [12]int8
}

// queensStillLegal is queens_stillLegal of nqueen-cuda: whether the queen
// of row r attacks none of rows 0..r-1.
func queensStillLegal(board []int8, r int) bool {
	safe := true
	// Check vertical
	for i := 0; i < r; i++ {
		if board[i] == board[r] {
			safe = false
		}
	}
	// Check diagonals
	ld := int(board[r]) //left diagonal columns
	rd := int(board[r]) // right diagonal columns
	for i := r - 1; i >= 0; i-- {
		ld--
		rd++
		if int(board[i]) == ld || int(board[i]) == rd {
			safe = false
		}
	}
	return safe
}

// BPQueensRootDfsKernel is BP_queens_root_dfs of nqueen-cuda: thread idx
// completes partial board idx of depth depthPreFixos on an N×N board by
// depth-first search, counting its solutions and its search tree's nodes.
//
//gocuda:kernel BPQueensRootDfsKernel
func bpQueensRootDfsKernel(t *gocuda.Thread, N int, nPreFixos uint32, depthPreFixos int, rootPrefixes []QueenRoot, vectorOfTreeSize, sols []uint64) {
	idx := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if uint32(idx) < nPreFixos {
		flag := uint32(0)
		bitTest := uint32(0)
		var vertice [20]int8
		NL := N
		var i, depth int
		qtdSolutionsThread := uint64(0)
		depthGlobal := depthPreFixos
		treeSize := uint64(0)

		for i = 0; i < NL; i++ {
			vertice[i] = queensEmpty
		}

		flag = rootPrefixes[idx].Control

		for i = 0; i < depthGlobal; i++ {
			vertice[i] = rootPrefixes[idx].Board[i]
		}

		depth = depthGlobal

		for {
			vertice[depth]++
			bitTest = 0
			bitTest |= 1 << vertice[depth]
			if int(vertice[depth]) == NL {
				vertice[depth] = queensEmpty
			} else if (flag&bitTest) == 0 && queensStillLegal(vertice[:], depth) {
				treeSize++
				flag |= uint32(uint64(1) << vertice[depth])
				depth++
				if depth == NL { //sol
					qtdSolutionsThread++
				} else {
					if !(depth >= depthGlobal) {
						break
					}
					continue
				}
			} else {
				if !(depth >= depthGlobal) {
					break
				}
				continue
			}
			depth--
			flag &^= uint32(uint64(1) << vertice[depth])
			if !(depth >= depthGlobal) {
				break
			}
		}

		sols[idx] = qtdSolutionsThread
		vectorOfTreeSize[idx] = treeSize
	}
}
