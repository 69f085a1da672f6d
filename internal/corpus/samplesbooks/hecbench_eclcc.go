package samplesbooks

import (
	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// This file holds ECL-CC, Jaiganesh and Burtscher's connected-components
// code, as HeCBench carries it (zjin-lcf/HeCBench at f27000a,
// src/cc-cuda/main.cu): init, compute1 (low-degree vertices a thread,
// filling two worklists), compute2 (medium-degree vertices a warp, the
// next vertex fetched by lane 0 and broadcast by a shuffle), compute3
// (high-degree vertices a block, through a shared vertex) and flatten.
// The file's static __device__ ints topL, posL, topH and posH are the
// fields of an eclGlobals the kernels take a pointer to; the hooking
// writes of representative() race benignly, as in the original.

// eclThreadsPerBlock and eclWarpsize are main.cu's ThreadsPerBlock and
// warpsize.
const (
	eclThreadsPerBlock = 256
	eclWarpsize        = 32
)

// EclGlobals holds main.cu's __device__ worklist bounds: topL and posL
// grow from the start of the worklist, topH and posH shrink from its end.
type EclGlobals struct {
	TopL, PosL, TopH, PosH int32
}

// EclInitKernel is init of ECL-CC: each vertex starts at its first
// smaller neighbour (or itself); thread 0 resets the worklist bounds.
//
//gocuda:kernel EclInitKernel
func eclInitKernel(t *gocuda.Thread, nodes int32, nidx, nlist, nstat []int32, g *EclGlobals) {
	from := int32(t.ThreadIdx.X + t.BlockIdx.X*eclThreadsPerBlock)
	incr := int32(t.GridDim.X * eclThreadsPerBlock)

	for v := from; v < nodes; v += incr {
		beg := nidx[v]
		end := nidx[v+1]
		m := v
		i := beg
		for (m == v) && (i < end) {
			m = min(m, nlist[i])
			i++
		}
		nstat[v] = m
	}

	if from == 0 {
		g.TopL = 0
		g.PosL = 0
		g.TopH = nodes - 1
		g.PosH = nodes - 1
	}
}

// representative is representative of ECL-CC: the root of idx's tree,
// halving the path on the way (intermediate pointer jumping).
func representative(idx int32, nstat []int32) int32 {
	curr := nstat[idx]
	if curr != idx {
		var next int32
		prev := idx
		for {
			next = nstat[curr]
			if !(curr > next) {
				break
			}
			nstat[prev] = next
			prev = curr
			curr = next
		}
	}
	return curr
}

// EclCompute1Kernel is compute1 of ECL-CC: vertices of degree 16 or less
// are hooked to their smaller neighbours' trees by CAS; larger ones go
// to the medium (front) or high-degree (back) worklist.
//
//gocuda:kernel EclCompute1Kernel
func eclCompute1Kernel(t *gocuda.Thread, nodes int32, nidx, nlist, nstat, wl []int32, g *EclGlobals) {
	from := int32(t.ThreadIdx.X + t.BlockIdx.X*eclThreadsPerBlock)
	incr := int32(t.GridDim.X * eclThreadsPerBlock)

	for v := from; v < nodes; v += incr {
		vstat := nstat[v]
		if v != vstat {
			beg := nidx[v]
			end := nidx[v+1]
			deg := end - beg
			if deg > 16 {
				var idx int32
				if deg <= 352 {
					idx = atomic.Add(&g.TopL, 1)
				} else {
					idx = atomic.Add(&g.TopH, -1)
				}
				wl[idx] = v
			} else {
				vstat := representative(v, nstat)
				for i := beg; i < end; i++ {
					nli := nlist[i]
					if v > nli {
						ostat := representative(nli, nstat)
						var repeat bool
						for {
							repeat = false
							if vstat != ostat {
								var ret int32
								if vstat < ostat {
									if ret = atomic.CAS(&nstat[ostat], ostat, vstat); ret != ostat {
										ostat = ret
										repeat = true
									}
								} else {
									if ret = atomic.CAS(&nstat[vstat], vstat, ostat); ret != vstat {
										vstat = ret
										repeat = true
									}
								}
							}
							if !repeat {
								break
							}
						}
					}
				}
			}
		}
	}
}

// EclCompute2Kernel is compute2 of ECL-CC: each warp takes medium-degree
// vertices off the front worklist (lane 0's atomicAdd broadcast by
// __shfl_sync) and hooks their neighbours a lane each.
//
//gocuda:kernel EclCompute2Kernel
func eclCompute2Kernel(t *gocuda.Thread, nodes int32, nidx, nlist, nstat, wl []int32, g *EclGlobals) {
	lane := int32(t.ThreadIdx.X % eclWarpsize)

	var idx int32
	if lane == 0 {
		idx = atomic.Add(&g.PosL, 1)
	}
	idx = gocuda.ShflSync(t, 0xffffffff, idx, 0, 32)
	for idx < g.TopL {
		v := wl[idx]
		vstat := representative(v, nstat)
		for i := nidx[v] + lane; i < nidx[v+1]; i += eclWarpsize {
			nli := nlist[i]
			if v > nli {
				ostat := representative(nli, nstat)
				var repeat bool
				for {
					repeat = false
					if vstat != ostat {
						var ret int32
						if vstat < ostat {
							if ret = atomic.CAS(&nstat[ostat], ostat, vstat); ret != ostat {
								ostat = ret
								repeat = true
							}
						} else {
							if ret = atomic.CAS(&nstat[vstat], vstat, ostat); ret != vstat {
								vstat = ret
								repeat = true
							}
						}
					}
					if !repeat {
						break
					}
				}
			}
		}
		if lane == 0 {
			idx = atomic.Add(&g.PosL, 1)
		}
		idx = gocuda.ShflSync(t, 0xffffffff, idx, 0, 32)
	}
}

// EclCompute3Kernel is compute3 of ECL-CC: each block takes high-degree
// vertices off the back worklist through a shared vertex thread 0 reads,
// the whole block hooking its neighbours, until the list is empty.
//
//gocuda:kernel EclCompute3Kernel
func eclCompute3Kernel(t *gocuda.Thread, nodes int32, nidx, nlist, nstat, wl []int32, g *EclGlobals) {
	vB := gocuda.Shared[int32](t, 1)
	if t.ThreadIdx.X == 0 {
		idx := atomic.Add(&g.PosH, -1)
		if idx > g.TopH {
			vB[0] = wl[idx]
		} else {
			vB[0] = -1
		}
	}
	t.SyncThreads()
	for vB[0] >= 0 {
		v := vB[0]
		t.SyncThreads()
		vstat := representative(v, nstat)
		for i := nidx[v] + int32(t.ThreadIdx.X); i < nidx[v+1]; i += eclThreadsPerBlock {
			nli := nlist[i]
			if v > nli {
				ostat := representative(nli, nstat)
				var repeat bool
				for {
					repeat = false
					if vstat != ostat {
						var ret int32
						if vstat < ostat {
							if ret = atomic.CAS(&nstat[ostat], ostat, vstat); ret != ostat {
								ostat = ret
								repeat = true
							}
						} else {
							if ret = atomic.CAS(&nstat[vstat], vstat, ostat); ret != vstat {
								vstat = ret
								repeat = true
							}
						}
					}
					if !repeat {
						break
					}
				}
			}
		}
		if t.ThreadIdx.X == 0 {
			idx := atomic.Add(&g.PosH, -1)
			if idx > g.TopH {
				vB[0] = wl[idx]
			} else {
				vB[0] = -1
			}
		}
		t.SyncThreads()
	}
}

// EclFlattenKernel is flatten of ECL-CC: every vertex points straight at
// its tree's root.
//
//gocuda:kernel EclFlattenKernel
func eclFlattenKernel(t *gocuda.Thread, nodes int32, nidx, nlist, nstat []int32) {
	from := int32(t.ThreadIdx.X + t.BlockIdx.X*eclThreadsPerBlock)
	incr := int32(t.GridDim.X * eclThreadsPerBlock)

	for v := from; v < nodes; v += incr {
		var next int32
		vstat := nstat[v]
		old := vstat
		for {
			next = nstat[vstat]
			if !(vstat > next) {
				break
			}
			vstat = next
		}
		if old != vstat {
			nstat[v] = vstat
		}
	}
}
