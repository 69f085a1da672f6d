package hecbenchatok

import (
	"math/bits"

	"github.com/gocuda/gocuda/gocuda"
)

// popc is __popc.
func popc(x int32) int32 { return int32(bits.OnesCount32(uint32(x))) }

// ffs is __ffs: one plus the index of the lowest set bit, 0 for 0.
func ffs(x uint32) int {
	if x == 0 {
		return 0
	}
	return bits.TrailingZeros32(x) + 1
}

// The partition states of treelabel's enum.
const (
	tlNone = iota
	tlSome
	tlLeft
	tlRight
)

// TreelabelKernel is treelabel of kernels.h; swap of two elements is Go's
// tuple assignment.
//
//gocuda:kernel TreelabelKernel
func treelabel(t *gocuda.Thread, nodes int, nindex, nlist []int32, einfo []EdgeInfo, inTree, negCnt, parent, queue, label []int32, level int32, start, end int) {
	from := (t.ThreadIdx.X + t.BlockIdx.X*gbThreadsPerBlock) / gbWarpsize
	incr := (t.GridDim.X * gbThreadsPerBlock) / gbWarpsize
	lane := t.ThreadIdx.X % gbWarpsize
	// top down: label tree + set nlist flag + set edge info + move tree nodes to front + make parent edge first in list
	for i := start + from; i < end; i += incr {
		node := queue[i]
		par := parent[node] >> 2
		nodelabel := label[node]
		beg := int(nindex[node])
		end := int(nindex[node+1])

		// set nlist flag + set edge info
		lbl := (nodelabel >> 1) + 1
		for j := beg + lane; t.AnySync(gbMask, j < end); j += gbWarpsize {
			lblinc := int32(0)
			neighbor := int32(-1)
			cond := false
			if j < end {
				neighbor = nlist[j] >> 1
				cond = neighbor != par && parent[neighbor]>>2 == node
				if cond {
					lblinc = label[neighbor]
				}
			}
			currcount := lblinc
			for d := 1; d < 32; d *= 2 {
				tmp := gocuda.ShflUpSync(t, gbMask, lblinc, d, 32)
				if lane >= d {
					lblinc += tmp
				}
			}
			lbl += lblinc

			if cond {
				lblval := (lbl - currcount) << 1
				label[neighbor] = lblval
				einfo[j].Beg = lblval
				einfo[j].End = (einfo[j].End & 1) | ((lbl - 1) << 1)
				nlist[j] |= 1 // child edge is in tree
			}
			lbl = gocuda.ShflSync(t, gbMask, lbl, 31, 32)
		}

		// move tree nodes to front
		length := end - beg
		if length > 0 {
			if length <= gbWarpsize {
				src := beg + lane
				var b, e, in, neg, n int32
				state := tlNone
				if lane < length {
					b = einfo[src].Beg
					e = einfo[src].End
					in = inTree[src]
					neg = negCnt[src]
					n = nlist[src]
					neighbor := n >> 1
					state = tlRight
					if neighbor != par && parent[neighbor]>>2 == node { // partitioning condition
						state = tlLeft
					}
				}
				ball := int32(t.BallotSync(gbMask, state == tlLeft))
				balr := int32(t.BallotSync(gbMask, state == tlRight))
				pfsl := popc(ball & ^(-1 << lane))
				pfsr := popc(balr & ^(-1 << lane))
				pos := beg + int(pfsl)
				if state == tlRight {
					pos = beg + (length - 1 - int(pfsr))
				}
				if state != tlNone {
					einfo[pos].Beg = b
					einfo[pos].End = e
					inTree[pos] = in
					negCnt[pos] = neg
					nlist[pos] = n
				}
			} else {
				lp := beg
				rp := end - 1
				state := tlSome
				read := beg + min(gbWarpsize, length)
				src := beg + lane
				b := einfo[src].Beg
				e := einfo[src].End
				n := nlist[src]
				in := inTree[src]
				neg := negCnt[src]

				for more := true; more; more = t.AnySync(gbMask, state == tlSome) {
					if state == tlSome {
						neighbor := n >> 1
						state = tlRight
						if neighbor != par && parent[neighbor]>>2 == node { // partitioning condition
							state = tlLeft
						}
					}
					ball := int32(t.BallotSync(gbMask, state == tlLeft))
					pfsl := popc(ball & ^(-1 << lane))
					if state == tlLeft {
						var oldb, olde, oldin, oldneg, oldn int32
						pos := lp + int(pfsl)
						if pos >= read {
							oldb = einfo[pos].Beg
							olde = einfo[pos].End
							oldin = inTree[pos]
							oldneg = negCnt[pos]
							oldn = nlist[pos]
						}
						einfo[pos].Beg = b
						einfo[pos].End = e
						inTree[pos] = in
						negCnt[pos] = neg
						nlist[pos] = n
						b = oldb
						e = olde
						in = oldin
						neg = oldneg
						n = oldn
						state = tlSome
						if pos < read {
							state = tlNone
						}
					}
					lp += int(popc(ball))
					read = max(read, lp)
					balr := int32(t.BallotSync(gbMask, state == tlRight))
					pfsr := popc(balr & ^(-1 << lane))
					if state == tlRight {
						var oldb, olde, oldin, oldneg, oldn int32
						pos := rp - int(pfsr)
						if pos >= read {
							oldb = einfo[pos].Beg
							olde = einfo[pos].End
							oldin = inTree[pos]
							oldneg = negCnt[pos]
							oldn = nlist[pos]
						}
						einfo[pos].Beg = b
						einfo[pos].End = e
						inTree[pos] = in
						negCnt[pos] = neg
						nlist[pos] = n
						b = oldb
						e = olde
						in = oldin
						neg = oldneg
						n = oldn
						state = tlSome
						if pos < read {
							state = tlNone
						}
					}
					rp -= int(popc(balr))
					if read <= rp {
						bal := int32(t.BallotSync(gbMask, state == tlNone))
						pfs := popc(bal & ^(-1 << lane))
						if state == tlNone {
							pos := read + int(pfs)
							if pos <= rp {
								b = einfo[pos].Beg
								e = einfo[pos].End
								in = inTree[pos]
								neg = negCnt[pos]
								n = nlist[pos]
								state = tlSome
							}
						}
						read += int(popc(bal)) // may be too high but okay
					}
				}
			}
		}

		// find paredge here
		paredge := -1
		for j := beg + lane; t.AnySync(gbMask, j < end); j += gbWarpsize {
			if j < end {
				neighbor := nlist[j] >> 1
				if neighbor == par {
					paredge = j
				}
			}
			if t.AnySync(gbMask, paredge >= 0) {
				break
			}
		}
		pos := -1
		for j := beg + lane; t.AnySync(gbMask, j < end); j += gbWarpsize {
			if j < end {
				neighbor := nlist[j] >> 1
				if parent[neighbor]>>2 != node {
					pos = j
				}
			}
			if t.AnySync(gbMask, pos >= 0) {
				break
			}
		}
		bal := t.BallotSync(gbMask, pos >= 0)
		lid := ffs(bal) - 1
		pos = gocuda.ShflSync(t, gbMask, pos, lid, 32)
		if paredge >= 0 { // only one thread per warp
			einfo[paredge].Beg = nodelabel | 1
			einfo[paredge].End = (einfo[paredge].End & 1) | ((lbl - 1) << 1)
			nlist[paredge] |= 1
			if paredge != beg {
				if paredge != pos {
					nlist[pos], nlist[paredge] = nlist[paredge], nlist[pos]
					einfo[pos], einfo[paredge] = einfo[paredge], einfo[pos]
					inTree[pos], inTree[paredge] = inTree[paredge], inTree[pos]
					negCnt[pos], negCnt[paredge] = negCnt[paredge], negCnt[pos]
					paredge = pos
				}
				if paredge != beg {
					nlist[beg], nlist[paredge] = nlist[paredge], nlist[beg]
					einfo[beg], einfo[paredge] = einfo[paredge], einfo[beg]
					inTree[beg], inTree[paredge] = inTree[paredge], inTree[beg]
					negCnt[beg], negCnt[paredge] = negCnt[paredge], negCnt[beg]
				}
			}
		}
		t.SyncWarp(0xffffffff)
	}
}
