package cg

import (
	"math/bits"

	"github.com/gocuda/gocuda/gocuda"
)

// lanes is a group as the warp collectives see it: its lanes in the
// caller's warp, the caller's rank among them, and the shape of reduction
// CUDA's headers use for such a group, so that the operator is applied in
// the same order as there.
type lanes struct {
	t     *gocuda.Thread
	mask  uint32
	rank  int
	size  int
	shape shape
}

// A shape is how a group reduces.
type shape uint8

const (
	scanned   shape = iota // any lanes: an inclusive scan, its last value broadcast
	butterfly              // a whole tile: XOR shuffles, every lane combining as it goes
	downTree               // a whole warp as a coalesced group: shuffles down to rank 0, then a broadcast
)

// lanes returns the tile's lanes. A partial last tile, in a block whose
// size is not a multiple of the tile's, is the lanes it has.
func (g Tile) lanes() lanes {
	block := ThisThreadBlock(g.t)
	rank := g.ThreadRank()
	have := min(g.size, block.Size()-(block.ThreadRank()-rank))
	if have == g.size {
		return lanes{g.t, g.mask, rank, g.size, butterfly}
	}
	return lanes{g.t, (uint32(1)<<have - 1) << g.first, rank, have, scanned}
}

// lanes returns the coalesced group's lanes.
func (c Coalesced) lanes() lanes {
	s := scanned
	if c.mask == gocuda.FullMask {
		s = downTree
	}
	return lanes{c.t, c.mask, c.ThreadRank(), c.Size(), s}
}

// lastLane returns the lane of the group's highest rank.
func (g lanes) lastLane() int { return 31 - bits.LeadingZeros32(g.mask) }

// laneOf returns the lane of rank r, or the caller's own lane when r is
// out of range (a source whose value is not used).
func (g lanes) laneOf(r int) int {
	if r < 0 || r >= g.size {
		return g.t.LaneID()
	}
	return nthLane(g.mask, r)
}
