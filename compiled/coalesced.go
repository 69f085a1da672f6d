package compiled

import (
	"math/bits"
	"unsafe"

	"github.com/gocuda/gocuda/cg"
	"github.com/gocuda/gocuda/gocuda"
	"github.com/gocuda/gocuda/internal/cglink"
	"github.com/gocuda/gocuda/internal/grid"
)

// Coalesced groups in compiled code: each lane holds its own cg.Coalesced
// handle, made here with the block's representative thread and the
// group's lanes (the thread loop enters each thread before a method reads
// the handle's thread). Their collectives complete warp by warp here, each
// lane with its own group's lanes, as package cg does with the warp
// collectives.

// group returns the cg.Coalesced of the lanes mask.
func group(b *Block, mask uint32) cg.Coalesced {
	l := cglink.Coalesced{T: b.Thread(), Mask: mask}
	return *(*cg.Coalesced)(unsafe.Pointer(&l))
}

// maskOf returns the lanes of c.
func maskOf(c *cg.Coalesced) uint32 { return (*cglink.Coalesced)(unsafe.Pointer(c)).Mask }

// CoalescedLanes completes the coalesced-group collective name for the
// active lanes of the warp whose first thread is base: CoalescedThreads,
// the Sync, Any, All and Ballot methods of cg.Coalesced, cg.ShflRank,
// cg.LabeledPartition and cg.BinaryPartition. Lane j's group is groups[j]
// or, where groups is nil and tile is above 0, its tile of tile threads
// (a partition of a tile); it calls with vals[j] and the argument args[j]
// (arg for all where args is nil); out[j] receives its result (out and
// vals may be nil where the collective has none).
func CoalescedLanes[T, R any](b *Block, name string, base int, active uint32, groups *[32]cg.Coalesced, tile int, vals *[32]T, arg int, args *[32]int, out *[32]R) {
	if active == 0 {
		return
	}
	if name == "CoalescedThreads" {
		o := any(out).(*[warpSize]cg.Coalesced)
		for m := active; m != 0; m &= m - 1 {
			o[bits.TrailingZeros32(m)] = group(b, active)
		}
		return
	}
	masks := groupMasks(b, base, active, groups, tile)
	switch name {
	case "Sync":
		warpLanes[T, R](b, grid.KindSyncWarp, "SyncWarp", base, active, 0, &masks, nil, nil, nil, nil)
	case "Any":
		warpLanes(b, grid.KindAny, "AnySync", base, active, 0, &masks, vals, nil, nil, out)
	case "All":
		warpLanes(b, grid.KindAll, "AllSync", base, active, 0, &masks, vals, nil, nil, out)
	case "Ballot":
		warpLanes(b, grid.KindBallot, "BallotSync", base, active, 0, &masks, vals, nil, nil, out)
		o := any(out).(*[warpSize]uint32)
		for m := active; m != 0; m &= m - 1 {
			j := bits.TrailingZeros32(m)
			o[j] = compress(o[j], masks[j]) // bit r for rank r
		}
	case "ShflRank":
		var src, widths [warpSize]int
		for m := active; m != 0; m &= m - 1 {
			j := bits.TrailingZeros32(m)
			n, r := bits.OnesCount32(masks[j]), arg
			if args != nil {
				r = args[j]
			}
			src[j], widths[j] = nthLane(masks[j], ((r%n)+n)%n), warpSize
		}
		warpLanes(b, grid.KindShfl, "ShflSync", base, active, 0, &masks, vals, &src, &widths, out)
	case "LabeledPartition", "BinaryPartition":
		partition(b, name, base, active, &masks, vals, any(out).(*[warpSize]cg.Coalesced))
	default:
		panic("compiled.CoalescedLanes: unknown collective " + name)
	}
}

// groupMasks returns each active lane's group: its handle's lanes, or
// the lanes its tile of tile threads has.
func groupMasks(b *Block, base int, active uint32, groups *[32]cg.Coalesced, tile int) [warpSize]uint32 {
	var masks [warpSize]uint32
	n := min(warpSize, b.b.Threads-base)
	for m := active; m != 0; m &= m - 1 {
		j := bits.TrailingZeros32(m)
		if groups != nil {
			masks[j] = maskOf(&groups[j])
			continue
		}
		first := j &^ (tile - 1)
		have := min(tile, n-first) // a partial last tile is the lanes it has
		masks[j] = uint32(uint64(1)<<have-1) << first
	}
	return masks
}

// partition completes LabeledPartition (a MatchAnySync of the labels over
// each group) or BinaryPartition (a BallotSync of the predicates).
func partition[T any](b *Block, name string, base int, active uint32, masks *[32]uint32, vals *[32]T, out *[32]cg.Coalesced) {
	var res [warpSize]uint32
	if name == "LabeledPartition" {
		warpLanes(b, grid.KindMatchAny, "MatchAnySync", base, active, 0, masks, vals, nil, nil, &res)
	} else {
		warpLanes(b, grid.KindBallot, "BallotSync", base, active, 0, masks, vals, nil, nil, &res)
	}
	pred, _ := any(vals).(*[warpSize]bool)
	for m := active; m != 0; m &= m - 1 {
		j := bits.TrailingZeros32(m)
		switch {
		case name == "LabeledPartition" || pred[j]:
			out[j] = group(b, res[j])
		default:
			out[j] = group(b, masks[j]&^res[j])
		}
	}
}

// compress returns the bits of b at the lanes of mask, packed by rank.
func compress(b, mask uint32) uint32 {
	var out uint32
	r := 0
	for m := mask; m != 0; m &= m - 1 {
		if b&(m&-m) != 0 {
			out |= 1 << r
		}
		r++
	}
	return out
}

// CoalescedReduce completes cg.Reduce, cg.InclusiveScan or
// cg.ExclusiveScan (name) with operator op over coalesced groups: lane j
// of the warp whose first thread is base calls with groups[j] and
// vals[j], and out[j] receives its result. It applies op in package cg's
// order (shuffles down to rank 0 for a whole warp, a Hillis–Steele scan
// otherwise), so the results agree with the runtime path bit for bit.
func CoalescedReduce[T any](b *Block, name string, base int, active uint32, groups *[32]cg.Coalesced, vals *[32]T, op func(T, T) T, out *[32]T) {
	for left := active; left != 0; {
		mask := maskOf(&groups[bits.TrailingZeros32(left)])
		var act uint32 // the calling lanes of this group
		for m := left; m != 0; m &= m - 1 {
			if j := bits.TrailingZeros32(m); maskOf(&groups[j]) == mask {
				act |= 1 << j
			}
		}
		left &^= act
		r := tileRun[T]{b: b, base: base, size: bits.OnesCount32(mask), down: mask == gocuda.FullMask, mask: mask, act: act, op: op}
		r.fast = act == mask
		r.run(name, vals, out)
	}
}
