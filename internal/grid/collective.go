package grid

import "math/bits"

// result computes lane j's result of the completed collective g, from the
// arrivals of the warp's lanes. The lanes that take part are those that
// arrived: the non-exited lanes of g's mask.
func result(lanes []Collective, g group, j int) uint64 {
	c := &lanes[j]
	switch g.kind {
	case KindShfl, KindShflUp, KindShflDown, KindShflXor:
		if src, ok := shuffleSource(c, j); ok && g.arrived&(1<<src) != 0 {
			return lanes[src].Value
		}
		// Out of the segment: the caller's own value, as CUDA defines. A
		// lane outside the mask, exited or absent: undefined in CUDA, and
		// the caller's own value here (see Observer).
		return c.Value
	case KindAny:
		return boolBits(ballot(lanes, g.arrived) != 0)
	case KindAll:
		return boolBits(ballot(lanes, g.arrived) == g.arrived)
	case KindBallot:
		return uint64(ballot(lanes, g.arrived))
	case KindMatchAny:
		return uint64(matching(lanes, g.arrived, c.Value))
	case KindMatchAll:
		if matching(lanes, g.arrived, c.Value) == g.arrived {
			return uint64(g.mask) | 1<<32
		}
		return 0
	case KindSyncWarp:
		return 0
	}
	return reduce(lanes, g)
}

// shuffleSource returns the lane whose value lane j reads, or false if j
// keeps its own value (the source lies beyond j's segment).
func shuffleSource(c *Collective, j int) (int, bool) {
	w := c.Width
	start := j &^ (w - 1)
	switch c.Kind {
	case KindShfl: // lane srcLane mod width of j's segment
		return start + c.Arg&(w-1), true
	case KindShflUp: // the hardware reads delta's low five bits (PTX shfl.sync)
		d := c.Arg & (WarpSize - 1)
		if j-start < d {
			return 0, false
		}
		return j - d, true
	case KindShflDown:
		d := c.Arg & (WarpSize - 1)
		if j-start+d >= w {
			return 0, false
		}
		return j + d, true
	default: // KindShflXor: earlier segments may be read, later ones not
		src := j ^ (c.Arg & (WarpSize - 1))
		if src >= start+w {
			return 0, false
		}
		return src, true
	}
}

// ballot returns the lanes of mask whose predicate is true.
func ballot(lanes []Collective, mask uint32) uint32 {
	var b uint32
	for m := mask; m != 0; m &= m - 1 {
		if j := bits.TrailingZeros32(m); lanes[j].Value != 0 {
			b |= 1 << j
		}
	}
	return b
}

// matching returns the lanes of mask whose value is v.
func matching(lanes []Collective, mask uint32, v uint64) uint32 {
	var same uint32
	for m := mask; m != 0; m &= m - 1 {
		if j := bits.TrailingZeros32(m); lanes[j].Value == v {
			same |= 1 << j
		}
	}
	return same
}

// reduce combines the 32-bit values of the lanes that arrived as g.kind
// says.
func reduce(lanes []Collective, g group) uint64 {
	first := true
	var acc uint32
	for m := g.arrived; m != 0; m &= m - 1 {
		v := uint32(lanes[bits.TrailingZeros32(m)].Value)
		if first {
			acc, first = v, false
			continue
		}
		acc = Combine(g.kind, acc, v)
	}
	return uint64(acc)
}

// Combine returns acc combined with v by the 32-bit warp reduction kind
// (KindReduceAdd to KindReduceXor): a __reduce_*_sync's step.
func Combine(kind Kind, acc, v uint32) uint32 {
	switch kind {
	case KindReduceAdd:
		return acc + v
	case KindReduceMin:
		return uint32(min(int32(acc), int32(v)))
	case KindReduceMinU:
		return min(acc, v)
	case KindReduceMax:
		return uint32(max(int32(acc), int32(v)))
	case KindReduceMaxU:
		return max(acc, v)
	case KindReduceAnd:
		return acc & v
	case KindReduceOr:
		return acc | v
	case KindReduceXor:
		return acc ^ v
	}
	return acc
}

// IsReduce reports whether k is one of the 32-bit warp reductions.
func IsReduce(k Kind) bool { return k >= KindReduceAdd && k <= KindReduceXor }

func isShuffle(k Kind) bool { return k >= KindShfl && k <= KindShflXor }

// An Observer is told of operations whose result CUDA leaves undefined and
// gocuda defines, so that a checking mode can report them. Its methods run
// on the block's worker, holding the block's turn.
type Observer interface {
	// UndefinedShuffle reports that thread's shuffle c read lane src of its
	// warp, which is outside c's mask, has exited or does not exist: thread
	// got its own value.
	UndefinedShuffle(thread, src int, c Collective)
}

// observeShuffle tells the Observer if lane j of the warp at base read an
// undefined lane in the completed shuffle g.
func (b *Block) observeShuffle(lanes []Collective, g group, base, j int) {
	c := &lanes[j]
	if src, ok := shuffleSource(c, j); ok && g.arrived&(1<<src) == 0 {
		b.Observer.UndefinedShuffle(base+j, src, *c)
	}
}

func boolBits(v bool) uint64 {
	if v {
		return 1
	}
	return 0
}

// Results computes the results of a collective of kind and mask that the
// lanes arrived completed, one per arrived lane, into out: what Warp
// returns to each lane. It serves code that runs a warp's lanes in
// lockstep (compiled kernels), with the same semantics.
func Results(kind Kind, lanes []Collective, mask, arrived uint32, out []uint64) {
	g := group{kind: kind, mask: mask, arrived: arrived}
	one, same := groupResult(lanes, g)
	for m := arrived; m != 0; m &= m - 1 {
		j := bits.TrailingZeros32(m)
		if same {
			out[j] = one
		} else {
			out[j] = result(lanes, g, j)
		}
	}
}

// groupResult returns, for a collective whose result is the same for
// every lane of its group (a vote, a ballot, a __reduce_*_sync), that
// result, computed once: result would compute it again for each lane, a
// warp's reduction 32 times over.
func groupResult(lanes []Collective, g group) (uint64, bool) {
	switch g.kind {
	case KindAny, KindAll, KindBallot, KindReduceAdd, KindReduceMin, KindReduceMinU, KindReduceMax,
		KindReduceMaxU, KindReduceAnd, KindReduceOr, KindReduceXor:
		if g.arrived != 0 {
			return result(lanes, g, bits.TrailingZeros32(g.arrived)), true
		}
	}
	return 0, false
}

// ShuffleSource returns the lane whose value lane j reads in a shuffle of
// kind with argument arg and width, or false if j keeps its own value.
func ShuffleSource(kind Kind, arg, width, j int) (int, bool) {
	return shuffleSource(&Collective{Kind: kind, Arg: arg, Width: width}, j)
}

// IsShuffle reports whether k is one of the four shuffles.
func IsShuffle(k Kind) bool { return isShuffle(k) }
