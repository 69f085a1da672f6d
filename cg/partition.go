package cg

import "github.com/gocuda/gocuda/gocuda"

// WarpGroup is the set of groups that lie within one warp, which
// LabeledPartition and BinaryPartition split: tiles and coalesced groups.
// The unexported method keeps the set closed.
type WarpGroup interface {
	Tile | Coalesced
	lanes() lanes
}

// LabeledPartition is cg::labeled_partition: it splits g into coalesced
// groups of the threads that pass the same label, and returns the
// caller's. Every thread of g must call it. The new group's ranks follow
// lane order. It is one MatchAnySync over g's lanes (a partial last tile
// being the lanes it has, as for Reduce).
func LabeledPartition[G WarpGroup](g G, label int) Coalesced {
	w := g.lanes()
	return Coalesced{w.t, gocuda.MatchAnySync(w.t, w.mask, label)}
}

// BinaryPartition is cg::binary_partition: LabeledPartition with two
// labels, the threads whose pred is true and those whose pred is false.
// It is one BallotSync over g's lanes.
func BinaryPartition[G WarpGroup](g G, pred bool) Coalesced {
	w := g.lanes()
	yes := w.t.BallotSync(w.mask, pred)
	if pred {
		return Coalesced{w.t, yes}
	}
	return Coalesced{w.t, w.mask &^ yes}
}
