package hecbenchatok

import (
	"math"

	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// This file and hecbench_graphb_label.go hold the first stage of
// HeCBench's graphB+ benchmark (zjin-lcf/HeCBench at f27000a,
// src/graphB+-cuda/kernels.h, after Alabandi, Burtscher et al.'s graphB+
// for balancing signed graphs): a spanning tree grown level by level by
// warps, one node a warp, neighbours picked by a hash through an
// atomicCAS retry loop; subtree sizes pushed up the levels; the tree's
// labelling by warps (a __shfl_up_sync prefix sum in a loop whose
// condition is __any_sync, and the node's adjacency partitioned, tree
// edges first, by __ballot_sync and __popc in a do-while on __any_sync);
// and the parity of each cycle a non-tree edge closes. The device
// globals are arguments, volatile a plain access, and the relaxed atomic
// load of generateSpanningTree the plain load of its CUDA < 12.8 branch.

// The graphB+ constants of kernels.h.
const (
	gbThreadsPerBlock = 256
	gbWarpsize        = 32
	gbMask            = 0xffffffff
)

// EdgeInfo is EdgeInfo of kernels.h.
type EdgeInfo struct {
	Beg int32 // beginning of range (shifted by 1) | is range inverted or not
	End int32 // end of range (shifted by 1) | plus or minus (1 = minus, 0 = plus or zero)
}

// gbHash is hash of kernels.h.
func gbHash(val uint32) uint32 {
	val = ((val >> 16) ^ val) * 0x45d9f3b
	val = ((val >> 16) ^ val) * 0x45d9f3b
	return (val >> 16) ^ val
}

// GbInitKernel is init of kernels.h.
//
//gocuda:kernel GbInitKernel
func gbInit(t *gocuda.Thread, edges, nodes int, nlist, eweight, inCC []int32, einfo []EdgeInfo, inTree, negCnt []int32) {
	from := t.ThreadIdx.X + t.BlockIdx.X*gbThreadsPerBlock
	incr := t.GridDim.X * gbThreadsPerBlock

	for j := from; j < edges; j += incr {
		nlist[j] <<= 1
	}

	// zero out inCC
	for v := from; v < nodes; v += incr {
		inCC[v] = 0
	}

	// set minus if graph weight is -1
	for j := from; j < edges; j += incr {
		einfo[j].End = 0
		if eweight[j] == -1 {
			einfo[j].End = 1
		}
	}

	// zero out inTree and negCnt
	for j := from; j < edges; j += incr {
		inTree[j] = 0
		negCnt[j] = 0
	}
}

// GbInit2Kernel is init2 of kernels.h.
//
//gocuda:kernel GbInit2Kernel
func gbInit2(t *gocuda.Thread, edges, nodes, root int, nlist, parent, queue, label, tail []int32) {
	from := t.ThreadIdx.X + t.BlockIdx.X*gbThreadsPerBlock
	incr := t.GridDim.X * gbThreadsPerBlock
	// initialize
	for j := from; j < edges; j += incr {
		nlist[j] &^= 1
	}
	for j := from; j < nodes; j += incr {
		parent[j] = -1
		if root == j {
			parent[j] = math.MaxInt32 &^ 3
		}
	}
	for j := from; j < nodes; j += incr {
		label[j] = 1
	}
	if from == 0 {
		queue[0] = int32(root)
		tail[0] = 1
	}
}

// GenerateSpanningTreeKernel is generateSpanningTree of kernels.h.
//
//gocuda:kernel GenerateSpanningTreeKernel
func generateSpanningTree(t *gocuda.Thread, nodes int, nindex, nlist []int32, seed int32, einfo []EdgeInfo, parent, queue []int32, level int32, tail []int32, start, end int) {
	from := (t.ThreadIdx.X + t.BlockIdx.X*gbThreadsPerBlock) / gbWarpsize
	incr := (t.GridDim.X * gbThreadsPerBlock) / gbWarpsize
	lane := t.ThreadIdx.X % gbWarpsize
	seed2 := seed*seed + seed
	bit := (level & 1) | 2

	for i := start + from; i < end; i += incr {
		node := queue[i]
		me := (node << 2) | bit
		if lane == 0 {
			atomic.And(&parent[node], ^int32(3))
		}
		for j := int(nindex[node+1]) - 1 - lane; j >= int(nindex[node]); j -= gbWarpsize { // reverse order on purpose
			neighbor := nlist[j] >> 1
			seed3 := neighbor ^ seed2
			hashMe := int32(gbHash(uint32(me ^ seed3)))
			var val, hashVal int32
			for { // pick parent deterministically
				val = parent[neighbor]
				hashVal = int32(gbHash(uint32(val ^ seed3)))
				if !((val < 0 || (val&3 == bit && (hashVal < hashMe || (hashVal == hashMe && val < me)))) &&
					atomic.CAS(&parent[neighbor], val, me) != val) {
					break
				}
			}
			if val < 0 {
				val = atomic.Add(&tail[0], 1)
				queue[val] = neighbor
			}
		}
		t.SyncWarp(0xffffffff)
	}
}

// RootcountKernel is rootcount of kernels.h.
//
//gocuda:kernel RootcountKernel
func rootcount(t *gocuda.Thread, parent, queue, label []int32, level int32, start, end int) {
	from := t.ThreadIdx.X + t.BlockIdx.X*gbThreadsPerBlock
	incr := t.GridDim.X * gbThreadsPerBlock
	// bottom up: push counts
	for i := start + from; i < end; i += incr {
		node := queue[i]
		atomic.Add(&label[parent[node]>>2], label[node])
	}
}

// InTreeUpdateKernel is inTreeUpdate of kernels.h.
//
//gocuda:kernel InTreeUpdateKernel
func inTreeUpdate(t *gocuda.Thread, edges int, nlist, inTree []int32) {
	from := t.ThreadIdx.X + t.BlockIdx.X*gbThreadsPerBlock
	incr := t.GridDim.X * gbThreadsPerBlock
	// update inTree
	for j := from; j < edges; j += incr {
		inTree[j] += nlist[j] & 1
	}
}

// ProcessCyclesKernel is processCycles of kernels.h.
//
//gocuda:kernel ProcessCyclesKernel
func processCycles(t *gocuda.Thread, nodes int, nindex, nlist, label []int32, einfo []EdgeInfo, minus []bool) {
	from := (t.ThreadIdx.X + t.BlockIdx.X*gbThreadsPerBlock) / gbWarpsize
	incr := (t.GridDim.X * gbThreadsPerBlock) / gbWarpsize
	lane := t.ThreadIdx.X % gbWarpsize
	for i := from; i < nodes; i += incr {
		target0 := label[i]
		target1 := target0 | 1
		j := int(nindex[i+1]) - 1 - lane
		for j >= int(nindex[i]) && nlist[j]&1 == 0 {
			curr := nlist[j] >> 1
			if int(curr) > i { // only process edges in one direction
				sum := int32(0)
				for label[curr] != target0 {
					k := nindex[curr]
					for (einfo[k].Beg&1 != 0) == (einfo[k].Beg <= target1 && target0 <= einfo[k].End) {
						k++
					}
					sum += einfo[k].End & 1
					curr = nlist[k] >> 1
				}
				minus[j] = sum&1 != 0
			}
			j -= gbWarpsize
		}
		t.SyncWarp(0xffffffff)
	}
}
