package cg

import (
	"math/bits"

	"github.com/gocuda/gocuda/gocuda"
)

// A Coalesced group is the threads of a warp that reached a point together
// (coalesced_group, from coalesced_threads). Its threads are ranked in lane
// order.
type Coalesced struct {
	t    *gocuda.Thread
	mask uint32
}

// CoalescedThreads returns the group of the caller's warp-mates that reach
// this call with it (coalesced_threads()), as Thread.ActiveMask finds them:
// lanes that returned early or wait elsewhere are not in it.
func CoalescedThreads(t *gocuda.Thread) Coalesced { return Coalesced{t, t.ActiveMask()} }

// Size returns the number of threads in the group.
func (c Coalesced) Size() int { return bits.OnesCount32(c.mask) }

// ThreadRank returns the caller's rank: the number of group lanes below it.
func (c Coalesced) ThreadRank() int {
	return bits.OnesCount32(c.mask & (1<<c.t.LaneID() - 1))
}

// Sync waits for every thread of the group.
func (c Coalesced) Sync() { c.t.SyncWarp(c.mask) }

// Any reports whether pred is true for any thread of the group.
func (c Coalesced) Any(pred bool) bool { return c.t.AnySync(c.mask, pred) }

// All reports whether pred is true for every thread of the group.
func (c Coalesced) All(pred bool) bool { return c.t.AllSync(c.mask, pred) }

// Ballot returns the group's predicates as a mask whose bit r is rank r's.
func (c Coalesced) Ballot(pred bool) uint32 {
	b := c.t.BallotSync(c.mask, pred)
	var out uint32
	r := 0
	for m := c.mask; m != 0; m &= m - 1 {
		if b&(m&-m) != 0 {
			out |= 1 << r
		}
		r++
	}
	return out
}

// ShflRank returns v of the group's thread of rank srcRank mod Size()
// (coalesced_group::shfl).
func ShflRank[T any](c Coalesced, v T, srcRank int) T {
	n := c.Size()
	lane := nthLane(c.mask, ((srcRank%n)+n)%n)
	return gocuda.ShflSync(c.t, c.mask, v, lane, gocuda.WarpSize)
}

// nthLane returns the lane of the r-th set bit of mask.
func nthLane(mask uint32, r int) int {
	for range r {
		mask &= mask - 1
	}
	return bits.TrailingZeros32(mask)
}
