package grid

import (
	"fmt"
	"math/bits"
)

// WarpSize is the number of lanes in a warp.
const WarpSize = 32

// Kind names a warp collective. Lanes complete a collective together when
// every lane of its mask has arrived at the same Kind with the same mask.
type Kind uint8

// The warp collectives, as CUDA's __*_sync intrinsics.
const (
	KindSyncWarp   Kind = iota // __syncwarp
	KindShfl                   // __shfl_sync: Arg is the source lane
	KindShflUp                 // __shfl_up_sync: Arg is delta
	KindShflDown               // __shfl_down_sync: Arg is delta
	KindShflXor                // __shfl_xor_sync: Arg is the lane mask
	KindAny                    // __any_sync: Value is the predicate (0 or 1)
	KindAll                    // __all_sync
	KindBallot                 // __ballot_sync
	KindMatchAny               // __match_any_sync
	KindMatchAll               // __match_all_sync: result is mask | 1<<32 if all equal, else 0
	KindReduceAdd              // __reduce_add_sync (32-bit, wrapping)
	KindReduceMin              // __reduce_min_sync on int32
	KindReduceMinU             // __reduce_min_sync on uint32
	KindReduceMax              // __reduce_max_sync on int32
	KindReduceMaxU             // __reduce_max_sync on uint32
	KindReduceAnd              // __reduce_and_sync
	KindReduceOr               // __reduce_or_sync
	KindReduceXor              // __reduce_xor_sync
	KindActiveMask             // __activemask: see Block.ActiveMask
)

var kindNames = [...]string{"SyncWarp", "ShflSync", "ShflUpSync", "ShflDownSync", "ShflXorSync",
	"AnySync", "AllSync", "BallotSync", "MatchAnySync", "MatchAllSync", "ReduceAddSync",
	"ReduceMinSync", "ReduceMinSync", "ReduceMaxSync", "ReduceMaxSync", "ReduceAndSync",
	"ReduceOrSync", "ReduceXorSync", "ActiveMask"}

// String returns the collective's CUDA-style name, such as "ShflSync".
func (k Kind) String() string { return kindNames[k] }

// A Collective is one lane's arrival at a warp collective.
type Collective struct {
	Kind  Kind
	Mask  uint32 // the lanes taking part; must include the caller
	Value uint64 // the lane's operand, as bits
	Arg   int    // source lane, delta or lane mask, for shuffles
	Width int    // segment width for shuffles: a power of two, 1 to 32
}

// warpState is the warp collectives of a cooperative block.
type warpState struct {
	coll    []Collective // per thread: the collective it waits at
	results []uint64     // per thread: the result of its last collective
	waiting bitset       // threads waiting at a collective
	pending [][]group    // per warp: collectives some lanes wait at
}

// A group is a pending collective of one warp: its kind, mask and the lanes
// that have arrived.
type group struct {
	kind    Kind
	mask    uint32
	arrived uint32
}

func (ws *warpState) reset(n int) {
	ws.coll = grow(ws.coll, n)
	ws.results = grow(ws.results, n)
	ws.waiting = ws.waiting.reset(n)
	warps := (n + WarpSize - 1) / WarpSize
	ws.pending = grow(ws.pending, warps)
	for w := range ws.pending {
		ws.pending[w] = ws.pending[w][:0]
	}
}

// Warp is thread's arrival at the warp collective c. It returns the thread's
// result once every lane of c.Mask has arrived at the same collective. A
// mask naming a lane that has exited, or does not exist, fails the block
// with a Deadlock, as do lanes that wait for each other at different
// collectives.
func (b *Block) Warp(thread int, c Collective) uint64 {
	b.checkFailure(thread)
	ws := &b.warps
	w := thread / WarpSize
	if gone := c.Mask & b.goneLanes(w); gone != 0 {
		b.failure = b.deadlockExited(w, gone, thread)
		b.checkFailure(thread)
	}
	ws.coll[thread] = c
	ws.waiting.set(thread)
	g := ws.join(w, thread%WarpSize, c)
	if g.arrived == g.mask {
		b.complete(w, *g)
		b.ready.clear(thread)
	} else {
		b.convergeActive(w) // thread now waits elsewhere: an ActiveMask may be complete
		b.wait(thread)
	}
	b.checkFailure(thread)
	return ws.results[thread]
}

// join adds lane to the pending collective of warp w with c's kind and mask,
// starting one if there is none.
func (ws *warpState) join(w, lane int, c Collective) *group {
	gs := ws.pending[w]
	for i := range gs {
		if gs[i].kind == c.Kind && gs[i].mask == c.Mask {
			gs[i].arrived |= 1 << lane
			return &gs[i]
		}
	}
	ws.pending[w] = append(gs, group{kind: c.Kind, mask: c.Mask, arrived: 1 << lane})
	return &ws.pending[w][len(ws.pending[w])-1]
}

// complete computes every lane's result of g, makes the lanes ready and
// forgets g.
func (b *Block) complete(w int, g group) {
	ws := &b.warps
	base := w * WarpSize
	lanes := ws.coll[base:min(base+WarpSize, b.n)]
	for m := g.mask; m != 0; m &= m - 1 {
		j := bits.TrailingZeros32(m)
		ws.results[base+j] = result(lanes, g, j)
		ws.waiting.clear(base + j)
	}
	b.ready.setLanes(w, g.mask)
	gs := ws.pending[w]
	for i := range gs {
		if gs[i].kind == g.kind && gs[i].mask == g.mask {
			ws.pending[w] = append(gs[:i], gs[i+1:]...)
			break
		}
	}
}

// goneLanes returns the lanes of warp w that have exited or do not exist.
func (b *Block) goneLanes(w int) uint32 {
	gone := b.exited.lanes(w)
	if have := b.n - w*WarpSize; have < WarpSize {
		gone |= ^uint32(0) << have
	}
	return gone
}

// exited fails the block if a collective still pending in thread's warp
// names thread, which can now never arrive.
func (ws *warpState) exited(b *Block, thread int) {
	w, bit := thread/WarpSize, uint32(1)<<(thread%WarpSize)
	for _, g := range ws.pending[w] {
		if g.kind != KindActiveMask && g.mask&bit != 0 && b.failure == nil {
			b.failure = b.deadlockExited(w, bit, -1)
		}
	}
	b.convergeActive(w)
}

// deadlockExited reports the lanes gone from warp w that a collective
// (arriving thread's, or one pending) names.
func (b *Block) deadlockExited(w int, gone uint32, arriving int) *Deadlock {
	d := b.deadlock()
	if arriving >= 0 {
		d.Waiting = append(d.Waiting, Waiter{Thread: arriving, Collective: b.warps.coll[arriving], InCollective: true})
	}
	for m := gone; m != 0; m &= m - 1 {
		d.Exited = append(d.Exited, w*WarpSize+bits.TrailingZeros32(m))
	}
	d.Reason = fmt.Sprintf("a warp collective's mask names lanes of warp %d that have exited or do not exist", w)
	return d
}

// ActiveMask is thread's arrival at __activemask. It returns, as a mask,
// the lanes of thread's warp that reach ActiveMask together: it completes
// once every other lane of the warp has arrived, exited, or waits at a
// barrier or another collective (having diverged). gocuda does not track
// convergence; this is its deterministic model of it.
func (b *Block) ActiveMask(thread int) uint32 {
	b.checkFailure(thread)
	ws := &b.warps
	w := thread / WarpSize
	ws.coll[thread] = Collective{Kind: KindActiveMask}
	ws.waiting.set(thread)
	ws.join(w, thread%WarpSize, ws.coll[thread])
	if !b.convergeActive(w) {
		b.wait(thread)
	} else {
		b.ready.clear(thread)
	}
	b.checkFailure(thread)
	return uint32(ws.results[thread])
}

// convergeActive completes warp w's pending ActiveMask, if it has one and
// no lane of the warp can still reach it, and reports whether it did.
func (b *Block) convergeActive(w int) bool {
	ws := &b.warps
	for i := range ws.pending[w] {
		g := ws.pending[w][i]
		if g.kind != KindActiveMask {
			continue
		}
		blocked := b.goneLanes(w) | g.arrived | b.atBar.lanes(w) | ws.waiting.lanes(w)
		if blocked != ^uint32(0) {
			return false // a lane is ready, not started or running: it may still come
		}
		base := w * WarpSize
		for m := g.arrived; m != 0; m &= m - 1 {
			j := bits.TrailingZeros32(m)
			ws.results[base+j] = uint64(g.arrived)
			ws.waiting.clear(base + j)
		}
		b.ready.setLanes(w, g.arrived)
		ws.pending[w] = append(ws.pending[w][:i], ws.pending[w][i+1:]...)
		return true
	}
	return false
}
