package hecbenchwarp

import (
	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// This file holds ECL-GC, Alabandi, Powers and Burtscher's graph colouring
// with shortcutting, as HeCBench carries it (zjin-lcf/HeCBench at f27000a,
// src/gc-cuda/main.cu): init (priorities, a worklist of high-degree
// vertices, each compacted by a warp through ballots), runLarge (the
// worklist a warp a vertex, iterated while any lane changed a colour
// range) and runSmall (the low-degree vertices a thread). C's int is int32;
// the kernels stride by the constant ThreadsPerBlock, not blockDim.x, so
// they must be launched with blocks of 512. The volatile pointers are
// plain slices: their reads race benignly with other threads' writes, as
// in the original.

// gcThreadsPerBlock, gcWarp, gcWS, gcMSB and gcMask are main.cu's
// ThreadsPerBlock, Warp, WS, MSB and Mask.
const (
	gcThreadsPerBlock = 512
	gcWarp            = uint32(0xffffffff)
	gcWS              = 32
	gcMSB             = int32(-1 << (gcWS - 1))
	gcMask            = int32((1 << (gcWS / 2)) - 1)
	gcUMSB            = uint32(1 << (gcWS - 1)) // (unsigned int)MSB
)

// gcHash is main.cu's hash, an integer hash after StackOverflow.
func gcHash(val uint32) uint32 {
	val = ((val >> 16) ^ val) * 0x45d9f3b
	val = ((val >> 16) ^ val) * 0x45d9f3b
	return (val >> 16) ^ val
}

// GcInitKernel is init of ECL-GC: each vertex counts and marks its
// higher-priority neighbours (higher degree, then higher hash, then higher
// index); vertices of degree 32 or more go to the worklist wl, whose
// neighbours a warp then compacts into nlist2, the lanes taking turns by
// the ballot of the vertices that need it.
//
//gocuda:kernel GcInitKernel
func gcInitKernel(t *gocuda.Thread, nodes, edges int32, nidx, nlist, nlist2, posscol, posscol2, color, wl, wlsize []int32) {
	lane := int32(t.ThreadIdx.X % gcWS)
	thread := int32(t.ThreadIdx.X + t.BlockIdx.X*gcThreadsPerBlock)
	threads := int32(t.GridDim.X * gcThreadsPerBlock)

	maxrange := int32(-1)
	for v := thread; t.AnySync(gcWarp, v < nodes); v += threads {
		cond := false
		var beg, end, pos, degv, active int32
		if v < nodes {
			beg = nidx[v]
			end = nidx[v+1]
			degv = end - beg
			cond = (degv >= gcWS)
			if cond {
				wl[atomic.Add(&wlsize[0], 1)] = v
			} else {
				active = 0
				pos = beg
				for i := beg; i < end; i++ {
					nei := nlist[i]
					degn := nidx[nei+1] - nidx[nei]
					if (degv < degn) || ((degv == degn) && (gcHash(uint32(v)) < gcHash(uint32(nei)))) || ((degv == degn) && (gcHash(uint32(v)) == gcHash(uint32(nei))) && (v < nei)) {
						active |= int32(gcUMSB >> (i - beg))
						pos++
					}
				}
			}
		}

		bal := int32(t.BallotSync(gcWarp, cond))
		for bal != 0 {
			who := ffs(bal) - 1
			bal &= bal - 1
			wv := gocuda.ShflSync(t, gcWarp, v, int(who), 32)
			wbeg := gocuda.ShflSync(t, gcWarp, beg, int(who), 32)
			wend := gocuda.ShflSync(t, gcWarp, end, int(who), 32)
			wdegv := wend - wbeg
			wpos := wbeg
			for i := wbeg + lane; t.AnySync(gcWarp, i < wend); i += gcWS {
				var wnei int32
				prio := false
				if i < wend {
					wnei = nlist[i]
					wdegn := nidx[wnei+1] - nidx[wnei]
					prio = ((wdegv < wdegn) || ((wdegv == wdegn) && (gcHash(uint32(wv)) < gcHash(uint32(wnei)))) || ((wdegv == wdegn) && (gcHash(uint32(wv)) == gcHash(uint32(wnei))) && (wv < wnei)))
				}
				b := int32(t.BallotSync(gcWarp, prio))
				offs := popc(b & ((1 << lane) - 1))
				if prio {
					nlist2[wpos+offs] = wnei
				}
				wpos += popc(b)
			}
			if who == lane {
				pos = wpos
			}
		}

		if v < nodes {
			rnge := pos - beg
			maxrange = max(maxrange, rnge)
			if cond || (rnge == 0) {
				color[v] = rnge << (gcWS / 2)
			} else {
				color[v] = active
			}
			if rnge >= gcWS {
				posscol[v] = -1
			} else {
				posscol[v] = gcMSB >> rnge
			}
		}
	}
	//if (maxrange >= Mask) printf("too many active neighbors\n");

	for i := thread; i < edges/gcWS+1; i += threads {
		posscol2[i] = -1
	}
}

// GcRunLargeKernel is runLarge of ECL-GC: a warp takes each worklist
// vertex in turn (the ballot of the lanes holding one), its lanes scan the
// vertex's higher-priority neighbours, clear the colours the finished ones
// took (in the lane's word by a shuffle-xor AND reduction, in posscol2 by
// atomicAnd) and test whether an unfinished neighbour's range overlaps;
// the warp repeats while any lane could not settle its vertex.
//
//gocuda:kernel GcRunLargeKernel
func gcRunLargeKernel(t *gocuda.Thread, nodes int32, nidx, nlist, posscol, posscol2, color, wl, wlsize []int32) {
	stop := wlsize[0]
	if stop != 0 {
		lane := int32(t.ThreadIdx.X % gcWS)
		thread := int32(t.ThreadIdx.X + t.BlockIdx.X*gcThreadsPerBlock)
		threads := int32(t.GridDim.X * gcThreadsPerBlock)
		var again bool
		for {
			again = false
			for w := thread; t.AnySync(gcWarp, w < stop); w += threads {
				var shortcut, done bool
				cond := false
				var v, data, rnge, beg, pcol int32
				if w < stop {
					v = wl[w]
					data = color[v]
					rnge = data >> (gcWS / 2)
					if rnge > 0 {
						beg = nidx[v]
						pcol = posscol[v]
						cond = true
					}
				}

				bal := int32(t.BallotSync(gcWarp, cond))
				for bal != 0 {
					who := ffs(bal) - 1
					bal &= bal - 1
					wdata := gocuda.ShflSync(t, gcWarp, data, int(who), 32)
					wrange := wdata >> (gcWS / 2)
					wbeg := gocuda.ShflSync(t, gcWarp, beg, int(who), 32)
					wmincol := wdata & gcMask
					wmaxcol := wmincol + wrange
					wend := wbeg + wmaxcol
					woffs := wbeg / gcWS
					wpcol := gocuda.ShflSync(t, gcWarp, pcol, int(who), 32)

					wshortcut := true
					wdone := true
					for i := wbeg + lane; t.AnySync(gcWarp, i < wend); i += gcWS {
						var nei, neidata, neirange int32
						if i < wend {
							nei = nlist[i]
							neidata = color[nei]
							neirange = neidata >> (gcWS / 2)
							neidone := (neirange == 0)
							wdone = wdone && neidone //consolidated below
							if neidone {
								neicol := neidata
								if neicol < gcWS {
									wpcol &= ^int32(gcUMSB >> neicol) //consolidated below
								} else {
									if (wmincol <= neicol) && (neicol < wmaxcol) && ((posscol2[woffs+neicol/gcWS] << (neicol % gcWS)) < 0) {
										atomic.And(&posscol2[woffs+neicol/gcWS], ^int32(gcUMSB>>(neicol%gcWS)))
									}
								}
							} else {
								neimincol := neidata & gcMask
								neimaxcol := neimincol + neirange
								if (neimincol <= wmincol) && (neimaxcol >= wmincol) {
									wshortcut = false //consolidated below
								}
							}
						}
					}
					wshortcut = t.AllSync(gcWarp, wshortcut)
					wdone = t.AllSync(gcWarp, wdone)
					wpcol &= gocuda.ShflXorSync(t, gcWarp, wpcol, 1, 32)
					wpcol &= gocuda.ShflXorSync(t, gcWarp, wpcol, 2, 32)
					wpcol &= gocuda.ShflXorSync(t, gcWarp, wpcol, 4, 32)
					wpcol &= gocuda.ShflXorSync(t, gcWarp, wpcol, 8, 32)
					wpcol &= gocuda.ShflXorSync(t, gcWarp, wpcol, 16, 32)
					if who == lane {
						pcol = wpcol
					}
					if who == lane {
						done = wdone
					}
					if who == lane {
						shortcut = wshortcut
					}
				}

				if w < stop {
					if rnge > 0 {
						mincol := data & gcMask
						val, mc := pcol, int32(0)
						if pcol == 0 {
							offs := beg / gcWS
							mc = max(1, mincol/gcWS)
							for {
								val = posscol2[offs+mc]
								if val != 0 {
									break
								}
								mc++
							}
						}
						newmincol := mc*gcWS + clz(val)
						if mincol != newmincol {
							shortcut = false
						}
						if shortcut || done {
							if newmincol < gcWS {
								pcol = int32(gcUMSB >> newmincol)
							} else {
								pcol = 0
							}
						} else {
							maxcol := mincol + rnge
							rnge := maxcol - newmincol
							newmincol = (rnge << (gcWS / 2)) | newmincol
							again = true
						}
						posscol[v] = pcol
						color[v] = newmincol
					}
				}
			}
			if !t.AnySync(gcWarp, again) {
				break
			}
		}
	}
}

// GcRunSmallKernel is runSmall of ECL-GC: each thread walks the
// higher-priority neighbours of each of its low-degree vertices (the set
// bits of color[v]), dropping a possible colour for each neighbour whose
// possible colours no longer meet its own and removing the colour of each
// finished one, and shortcuts to its lowest possible colour when no
// neighbour can take it; the thread repeats while any vertex waits.
//
//gocuda:kernel GcRunSmallKernel
func gcRunSmallKernel(t *gocuda.Thread, nodes int32, nidx, nlist, posscol, color []int32) {
	thread := int32(t.ThreadIdx.X + t.BlockIdx.X*gcThreadsPerBlock)
	threads := int32(t.GridDim.X * gcThreadsPerBlock)

	var again bool
	for {
		again = false
		for v := thread; v < nodes; v += threads {
			pcol := posscol[v]
			if popc(pcol) > 1 {
				beg := nidx[v]
				active := color[v]
				allnei := int32(0)
				keep := active
				for {
					old := active
					active &= active - 1
					curr := old ^ active
					i := beg + clz(curr)
					nei := nlist[i]
					neipcol := posscol[nei]
					allnei |= neipcol
					if (pcol & neipcol) == 0 {
						pcol &= pcol - 1
						keep ^= curr
					} else if popc(neipcol) == 1 {
						pcol ^= neipcol
						keep ^= curr
					}
					if active == 0 {
						break
					}
				}
				if keep != 0 {
					best := int32(gcUMSB >> clz(pcol))
					if (best & ^allnei) != 0 {
						pcol = best
						keep = 0
					}
				}
				again = again || keep != 0
				if keep == 0 {
					keep = clz(pcol)
				}
				color[v] = keep
				posscol[v] = pcol
			}
		}
		if !again {
			break
		}
	}
}
