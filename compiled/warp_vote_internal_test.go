package compiled

import (
	"math/rand/v2"
	"testing"

	"github.com/gocuda/gocuda/internal/grid"
)

// TestWholeVote: a whole warp's vote, ballot or reduction, computed once
// from the lanes' values, is what grid.Results gives every lane (the
// runtime path's semantics), for every kind, int32 and uint32 values, and
// random sets of lanes calling with the mask that names them.
func TestWholeVote(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 2))
	kinds := []grid.Kind{grid.KindAny, grid.KindAll, grid.KindBallot, grid.KindReduceAdd, grid.KindReduceMin,
		grid.KindReduceMinU, grid.KindReduceMax, grid.KindReduceMaxU, grid.KindReduceAnd, grid.KindReduceOr, grid.KindReduceXor}
	for _, kind := range kinds {
		for range 300 {
			active := r.Uint32() | 1<<r.IntN(warpSize)
			if r.IntN(4) == 0 {
				active = fullWarp
			}
			var lanes [warpSize]grid.Collective
			var preds [warpSize]bool
			var words [warpSize]uint32
			var ints [warpSize]int32
			for j := range warpSize {
				preds[j], words[j] = r.IntN(3) == 0, r.Uint32()>>r.IntN(32)
				ints[j] = int32(words[j])
				v := uint64(words[j])
				if !grid.IsReduce(kind) {
					v = boolBit(preds[j])
				}
				lanes[j] = grid.Collective{Kind: kind, Mask: active, Value: v}
			}
			var want [warpSize]uint64
			grid.Results(kind, lanes[:], active, active, want[:])
			var got [warpSize]uint32
			var gotB [warpSize]bool
			var ok bool
			switch {
			case kind == grid.KindAny || kind == grid.KindAll:
				ok = wholeVote(kind, active, active, nil, &preds, &gotB)
				for j := range gotB {
					got[j] = uint32(boolBit(gotB[j]))
				}
			case kind == grid.KindBallot:
				ok = wholeVote(kind, active, active, nil, &preds, &got)
			case kind == grid.KindReduceMin || kind == grid.KindReduceMax:
				ok = wholeVote(kind, active, active, nil, &ints, &got)
			default:
				ok = wholeVote(kind, active, active, nil, &words, &got)
			}
			if !ok {
				t.Fatalf("%v: not taken", kind)
			}
			for j := range warpSize {
				if active&(1<<j) != 0 && uint64(got[j]) != want[j] {
					t.Fatalf("%v, active %#x, lane %d: %#x, want %#x", kind, active, j, got[j], want[j])
				}
			}
		}
	}
	var v [warpSize]int32
	if wholeVote(grid.KindReduceAdd, fullWarp, 0xffff, nil, &v, &v) {
		t.Error("taken for a mask that names lanes that did not call")
	}
}
