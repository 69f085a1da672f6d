package hecbenchwarp

import "github.com/gocuda/gocuda/gocuda"

// This file holds ECL-APSP, Liu and Burtscher's blocked Floyd-Warshall,
// as HeCBench carries it (zjin-lcf/HeCBench at f27000a,
// src/floydwarshall2-cuda/main.cu): init1 and init2 fill the adjacency
// matrix (padded to upper, a multiple of the 64×64 tile), FW0_64 closes
// the first diagonal tile, and for each tile row x FWrowcol_64 updates the
// x-th tile row and column and FWrem_64 the remaining tiles, also closing
// the next diagonal tile. Blocks are 1024 threads, each holding four
// elements of a tile in registers (aa, ab, ba, bb), the pivot column
// passed by __shfl_sync or shared memory and the pivot row through shared
// memory. mtype is int, int32 here; ECLgraph, passed by value, is
// FwGraph.

// fwWS, fwTile and fwThreadsPerBlock are main.cu's ws, tile and
// ThreadsPerBlock; fwInf is INT_MAX / 2.
const (
	fwWS              = 32
	fwTile            = 64
	fwThreadsPerBlock = fwWS * fwWS
	fwInf             = int32(2147483647 / 2)
)

// FwGraph is graph.h's ECLgraph: a weighted graph in CSR form.
type FwGraph struct {
	Nodes, Edges int32
	Nindex       []int32
	Nlist        []int32
	Eweight      []int32
}

// FwInit1Kernel is init1 of floydwarshall2-cuda: the upper×upper matrix,
// zero on the diagonal of the graph's nodes and INT_MAX/2 elsewhere.
//
//gocuda:kernel FwInit1Kernel
func fwInit1Kernel(t *gocuda.Thread, nodes int32, adjMat []int32, upper int32) {
	idx := int32(t.ThreadIdx.X + t.BlockIdx.X*t.BlockDim.X)
	i := idx / upper
	if i < upper {
		j := idx % upper
		if (i == j) && (i < nodes) {
			adjMat[idx] = 0
		} else {
			adjMat[idx] = fwInf
		}
	}
}

// FwInit2Kernel is init2 of floydwarshall2-cuda: each node's edges into
// its row.
//
//gocuda:kernel FwInit2Kernel
func fwInit2Kernel(t *gocuda.Thread, g FwGraph, adjMat []int32, upper int32) {
	i := int32(t.ThreadIdx.X + t.BlockIdx.X*t.BlockDim.X)
	if i < g.Nodes {
		for j := g.Nindex[i]; j < g.Nindex[i+1]; j++ {
			nei := g.Nlist[j]
			adjMat[i*upper+nei] = g.Eweight[j]
		}
	}
}

// Fw0Kernel is FW0_64 of floydwarshall2-cuda: Floyd-Warshall within the
// first 64×64 tile, one barrier a pivot, saving each pivot's row to krows
// and, transposed through shared memory, its column to kcols.
//
//gocuda:kernel Fw0Kernel
func fw0Kernel(t *gocuda.Thread, adjMat []int32, upper int32, krows, kcols []int32) {
	temp := gocuda.Shared[int32](t, fwTile*fwTile)
	krow := gocuda.Shared[int32](t, fwTile*fwTile)

	warpA := int32(t.ThreadIdx.X / fwWS) // i: 0-31, upper half
	warpB := warpA + fwWS                // i: 32-63, lower half
	laneA := int32(t.ThreadIdx.X % fwWS) // j: 0-31, left half
	laneB := laneA + fwWS                // j: 32-63, right half

	idx0AA := warpA*upper + laneA // upper left
	idx0AB := warpA*upper + laneB // upper right
	idx0BA := warpB*upper + laneA // lower left
	idx0BB := warpB*upper + laneB // lower right

	idx1AA := laneA*fwTile + warpA
	idx1AB := laneB*fwTile + warpA
	idx1BA := laneA*fwTile + warpB
	idx1BB := laneB*fwTile + warpB

	idx2A := laneA
	idx2B := laneB

	ijAA := adjMat[idx0AA]
	ijAB := adjMat[idx0AB]
	ijBA := adjMat[idx0BA]
	ijBB := adjMat[idx0BB]

	for k := int32(0); k < fwTile; k++ {
		if warpA == k {
			krow[idx2A] = ijAA
		}
		if warpA == k {
			krow[idx2B] = ijAB
		}
		if warpB == k {
			krow[idx2A] = ijBA
		}
		if warpB == k {
			krow[idx2B] = ijBB
		}
		t.SyncThreads()

		var ikA, ikB int32
		if k < fwWS {
			ikA = gocuda.ShflSync(t, ^uint32(0), ijAA, int(k), 32)
			ikB = gocuda.ShflSync(t, ^uint32(0), ijBA, int(k), 32)
		} else {
			ikA = gocuda.ShflSync(t, ^uint32(0), ijAB, int(k-fwWS), 32)
			ikB = gocuda.ShflSync(t, ^uint32(0), ijBB, int(k-fwWS), 32)
		}

		krA := krow[idx2A]
		krB := krow[idx2B]

		ijAA = min(ijAA, ikA+krA)
		ijAB = min(ijAB, ikA+krB)
		ijBA = min(ijBA, ikB+krA)
		ijBB = min(ijBB, ikB+krB)

		if warpA == k {
			krows[idx0AA] = ijAA
		}
		if warpA == k {
			krows[idx0AB] = ijAB
		}
		if warpB == k {
			krows[idx0BA] = ijBA
		}
		if warpB == k {
			krows[idx0BB] = ijBB
		}

		if laneA == k {
			temp[idx1AA] = ijAA
		}
		if laneA == k {
			temp[idx1BA] = ijBA
		}
		if laneB == k {
			temp[idx1AB] = ijAB
		}
		if laneB == k {
			temp[idx1BB] = ijBB
		}

		idx2A += fwTile
		idx2B += fwTile
	}

	t.SyncThreads()
	kcols[idx0AA] = temp[warpA*fwTile+laneA]
	kcols[idx0AB] = temp[warpA*fwTile+laneB]
	kcols[idx0BA] = temp[warpB*fwTile+laneA]
	kcols[idx0BB] = temp[warpB*fwTile+laneB]
	adjMat[idx0AA] = ijAA
	adjMat[idx0AB] = ijAB
	adjMat[idx0BA] = ijBA
	adjMat[idx0BB] = ijBB
}
