package compiled

import (
	"math/bits"

	"github.com/gocuda/gocuda/internal/grid"
)

// wholeVote completes a vote, a ballot or a 32-bit warp reduction (kind)
// for a warp whose active lanes all call with the one mask that names
// exactly them: its result, the same for every lane, computed once from
// vals, as grid.Results computes it. It reports false where it does not
// apply (other collectives, per-lane masks, a mask naming lanes that did
// not call, values of other types), for warpLanes to complete.
func wholeVote[T, R any](kind grid.Kind, active, mask uint32, masks *[warpSize]uint32, vals *[warpSize]T, out *[warpSize]R) bool {
	if masks != nil || mask != active || active == 0 || vals == nil {
		return false
	}
	var r uint64
	switch {
	case kind == grid.KindAny || kind == grid.KindAll || kind == grid.KindBallot:
		v, ok := any(vals).(*[warpSize]bool)
		if !ok {
			return false
		}
		var ballot uint32
		for m := active; m != 0; m &= m - 1 {
			if j := bits.TrailingZeros32(m); v[j] {
				ballot |= 1 << j
			}
		}
		switch kind {
		case grid.KindAny:
			r = boolBit(ballot != 0)
		case grid.KindAll:
			r = boolBit(ballot == active)
		default:
			r = uint64(ballot)
		}
	case grid.IsReduce(kind):
		words, ok := wordsOf(vals)
		if !ok {
			return false
		}
		acc := words[bits.TrailingZeros32(active)]
		for m := active & (active - 1); m != 0; m &= m - 1 {
			acc = grid.Combine(kind, acc, words[bits.TrailingZeros32(m)])
		}
		r = uint64(acc)
	default:
		return false
	}
	for m := active; out != nil && m != 0; m &= m - 1 {
		out[bits.TrailingZeros32(m)] = resultOf[R](r)
	}
	return true
}

// wordsOf returns vals as 32-bit words, where they are int32 or uint32.
func wordsOf[T any](vals *[warpSize]T) (*[warpSize]uint32, bool) {
	switch v := any(vals).(type) {
	case *[warpSize]uint32:
		return v, true
	case *[warpSize]int32:
		var w [warpSize]uint32
		for j, x := range v {
			w[j] = uint32(x)
		}
		return &w, true
	}
	return nil, false
}

func boolBit(b bool) uint64 {
	if b {
		return 1
	}
	return 0
}
