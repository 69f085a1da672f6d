package hecbenchatok

import (
	"math"

	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// The second stage of graphB+'s iteration (kernels.h): the connected
// components of the graph without its minus edges, by warps hooking
// representatives with atomicCAS retry loops, their sizes, the largest,
// and the hop counts of the components from it by Bellman-Ford over the
// minus edges. The device globals hi and wSize are one-element slices.

// representative is representative of kernels.h; the assignment in the
// while condition is a for loop with a break.
func representative(idx int, label []int32) int32 {
	curr := label[idx]
	if int(curr) != idx {
		var next int32
		prev := int32(idx)
		for {
			next = label[curr]
			if !(curr > next) {
				break
			}
			label[prev] = next
			prev = curr
			curr = next
		}
	}
	return curr
}

// Init3Kernel is init3 of kernels.h.
//
//gocuda:kernel Init3Kernel
func init3(t *gocuda.Thread, nodes int, nidx, nlist, label, count []int32) {
	from := t.ThreadIdx.X + t.BlockIdx.X*gbThreadsPerBlock
	incr := t.GridDim.X * gbThreadsPerBlock

	for v := from; v < nodes; v += incr {
		label[v] = int32(v)
	}

	for v := from; v < nodes; v += incr {
		count[v] = 0
	}
}

// Compute1Kernel is compute1 of kernels.h; its do-while is a for loop
// whose post statement tests repeat.
//
//gocuda:kernel Compute1Kernel
func compute1(t *gocuda.Thread, nodes int, nidx, nlist, label []int32, minus []bool, negCnt []int32) {
	from := (t.ThreadIdx.X + t.BlockIdx.X*gbThreadsPerBlock) / gbWarpsize
	incr := (t.GridDim.X * gbThreadsPerBlock) / gbWarpsize
	lane := t.ThreadIdx.X % gbWarpsize
	for v := from; v < nodes; v += incr {
		beg := int(nidx[v])
		end := int(nidx[v+1])
		vstat := representative(v, label)
		for j := beg + lane; j < end; j += gbWarpsize {
			nli := nlist[j] >> 1
			if minus[j] {
				negCnt[j]++
			} else {
				ostat := representative(int(nli), label)
				var repeat bool
				for more := true; more; more = repeat {
					repeat = false
					if vstat != ostat {
						var ret int32
						if vstat < ostat {
							if ret = atomic.CAS(&label[ostat], ostat, vstat); ret != ostat {
								ostat = ret
								repeat = true
							}
						} else {
							if ret = atomic.CAS(&label[vstat], vstat, ostat); ret != vstat {
								vstat = ret
								repeat = true
							}
						}
					}
				}
			}
		}
	}
}

// FlattenKernel is flatten of kernels.h.
//
//gocuda:kernel FlattenKernel
func flatten(t *gocuda.Thread, nodes int, label []int32) {
	from := t.ThreadIdx.X + t.BlockIdx.X*gbThreadsPerBlock
	incr := t.GridDim.X * gbThreadsPerBlock

	for v := from; v < nodes; v += incr {
		var next int32
		vstat := label[v]
		old := vstat
		for {
			next = label[vstat]
			if !(vstat > next) {
				break
			}
			vstat = next
		}
		if old != vstat {
			label[v] = vstat
		}
	}
}

// CcSizeKernel is ccSize of kernels.h.
//
//gocuda:kernel CcSizeKernel
func ccSize(t *gocuda.Thread, nodes int, label, count []int32, hi []uint64, wSize []int32) {
	from := t.ThreadIdx.X + t.BlockIdx.X*gbThreadsPerBlock
	incr := t.GridDim.X * gbThreadsPerBlock
	if from == 0 {
		hi[0] = 0
		wSize[0] = 0
	}
	for v := from; v < nodes; v += incr {
		atomic.Add(&count[label[v]], 1)
	}
}

// LargestCCKernel is largestCC of kernels.h.
//
//gocuda:kernel LargestCCKernel
func largestCC(t *gocuda.Thread, nodes int, count []int32, hi []uint64) {
	from := t.ThreadIdx.X + t.BlockIdx.X*gbThreadsPerBlock
	incr := t.GridDim.X * gbThreadsPerBlock
	for v := from; v < nodes; v += incr {
		dHi := uint64(count[v])<<32 | uint64(v)
		if hi[0] < dHi {
			atomic.Max(&hi[0], dHi)
		}
	}
}

// CcHopCountKernel is ccHopCount of kernels.h.
//
//gocuda:kernel CcHopCountKernel
func ccHopCount(t *gocuda.Thread, nodes int, nidx, nlist, label, count, ws1, ws2 []int32, hi []uint64, wSize []int32) {
	from := (t.ThreadIdx.X + t.BlockIdx.X*gbThreadsPerBlock) / gbWarpsize
	incr := (t.GridDim.X * gbThreadsPerBlock) / gbWarpsize
	lane := t.ThreadIdx.X % gbWarpsize

	hi2 := int32(hi[0] & 0xffffffff)
	for v := from; v < nodes; v += incr {
		lblv := label[v]
		if int(lblv) == v {
			c := int32(math.MaxInt32 - 1)
			if lblv == hi2 {
				c = 0
			}
			count[lblv] = c // init count
		}
		for j := int(nidx[v]) + lane; j < int(nidx[v+1]); j += gbWarpsize {
			nli := nlist[j] >> 1
			lbln := label[nli]
			if lblv < lbln { // only one direction
				idx := atomic.Add(&wSize[0], 1) // get the return value and use it
				ws1[idx] = lblv
				ws2[idx] = lbln
			}
		}
	}
}

// BellmanFordKernel is BellmanFord of kernels.h.
//
//gocuda:kernel BellmanFordKernel
func bellmanFord(t *gocuda.Thread, count []int32, changed []bool, ws1, ws2, wSize []int32) {
	from := t.ThreadIdx.X + t.BlockIdx.X*gbThreadsPerBlock
	incr := t.GridDim.X * gbThreadsPerBlock
	// use Bellman Ford to compute distances
	for i := from; i < int(wSize[0]); i += incr {
		lblv := ws1[i]
		lbln := ws2[i]
		distv := count[lblv]
		distn := count[lbln]
		if distv+1 < distn {
			count[lbln] = distv + 1
			changed[0] = true
		} else if distn+1 < distv {
			count[lblv] = distn + 1
			changed[0] = true
		}
	}
}

// IncrementCCKernel is incrementCC of kernels.h.
//
//gocuda:kernel IncrementCCKernel
func incrementCC(t *gocuda.Thread, nodes int, label, count, inCC []int32) {
	from := t.ThreadIdx.X + t.BlockIdx.X*gbThreadsPerBlock
	incr := t.GridDim.X * gbThreadsPerBlock
	// increment inCC if node is at even hop count from source CC
	for v := from; v < nodes; v += incr {
		inCC[v] += (count[label[v]] % 2) ^ 1
	}
}
