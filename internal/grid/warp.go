package grid

import (
	"math/bits"
	"slices"
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
	Site  uint64 // for ActiveMask: the place reached (see Block.ActiveMask)
}

// warpState is the warp collectives of a cooperative block.
type warpState struct {
	coll    []Collective // per thread: the collective it waits at
	results []uint64     // per thread: the result of its last collective
	waiting bitset       // threads waiting at a collective
	pending [][]group    // per warp: collectives some lanes wait at
}

// A group is a pending collective of one warp: its kind, mask (and, for
// ActiveMask, site and its path) and the lanes that have arrived.
type group struct {
	kind    Kind
	mask    uint32
	site    uint64
	path    []uint64
	arrived uint32
}

// matches reports whether c is an arrival at g.
func (g *group) matches(c Collective) bool {
	return g.kind == c.Kind && g.mask == c.Mask && g.site == c.Site
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
// result once every lane of c.Mask that has not exited has arrived at the
// same collective: lanes that have exited, or do not exist (past the end of
// a partial warp), do not hold it up, as CUDA's collectives take "the
// non-exited threads in mask". Lanes that wait for each other at different
// collectives, or at a collective and a block barrier, fail the block with a
// deadlock (see Reporter).
func (b *Block) Warp(thread int, c Collective) uint64 {
	b.checkFailure(thread)
	ws := &b.warps
	w := thread / WarpSize
	ws.coll[thread] = c
	ws.waiting.set(thread)
	g := ws.join(w, thread%WarpSize, c)
	if g.arrived == g.mask&^b.goneLanes(w) {
		b.complete(w, *g)
		b.ready.clear(thread)
	} else {
		b.convergeActive(w) // thread now waits elsewhere: an ActiveMask may be complete
		b.wait(thread)
	}
	b.checkFailure(thread)
	return ws.results[thread]
}

// join adds lane to the pending collective of warp w that c arrives at,
// starting one if there is none.
func (ws *warpState) join(w, lane int, c Collective) *group {
	gs := ws.pending[w]
	for i := range gs {
		if gs[i].matches(c) {
			gs[i].arrived |= 1 << lane
			return &gs[i]
		}
	}
	ws.pending[w] = append(gs, group{kind: c.Kind, mask: c.Mask, site: c.Site, arrived: 1 << lane})
	return &ws.pending[w][len(ws.pending[w])-1]
}

// complete computes the result of g for each lane that arrived, makes those
// lanes ready and forgets g. The lanes that arrived are exactly the
// non-exited lanes of g's mask.
func (b *Block) complete(w int, g group) {
	ws := &b.warps
	base := w * WarpSize
	lanes := ws.coll[base:min(base+WarpSize, b.n)]
	one, same := groupResult(lanes, g)
	for m := g.arrived; m != 0; m &= m - 1 {
		j := bits.TrailingZeros32(m)
		if same {
			ws.results[base+j] = one
		} else {
			ws.results[base+j] = result(lanes, g, j)
		}
		ws.waiting.clear(base + j)
		if b.Observer != nil && isShuffle(g.kind) {
			b.observeShuffle(lanes, g, base, j)
		}
	}
	b.ready.setLanes(w, g.arrived)
	gs := ws.pending[w]
	for i := range gs {
		if gs[i].kind == g.kind && gs[i].mask == g.mask && gs[i].site == g.site {
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

// exited completes the collectives of thread's warp that waited only for
// thread, which has now exited, and the warp's ActiveMask if no lane can
// reach it any more.
func (ws *warpState) exited(b *Block, thread int) {
	w := thread / WarpSize
	gone := b.goneLanes(w)
	for i := 0; i < len(ws.pending[w]); {
		g := ws.pending[w][i]
		if g.kind != KindActiveMask && g.arrived == g.mask&^gone {
			b.complete(w, g) // removes g: look at index i again
			continue
		}
		i++
	}
	b.convergeActive(w)
}

// ActiveMask is thread's arrival at __activemask at site, a key for the
// place in the kernel reached, and path, that place's rank in the order a
// warp's divergent paths run in, compared element by element (gocuda's
// keys are the chain of calls from the kernel, its paths their source
// lines). It returns, as a mask, the lanes of thread's warp that reached
// the same site together. It completes once every other lane of the warp
// has arrived at an ActiveMask, exited, or waits at a barrier or another
// collective; then the lanes at the site of the least path go on, and the
// others wait for the next time every lane waits. So lanes that took
// different branches to reach ActiveMask get each their own branch's
// lanes, as lanes converged on a GPU do; lanes that returned early are
// left out; and lanes that wait after a branch for the lanes still in it
// see them all once the branch has ended, as a GPU reconverges after an if
// (an NVIDIA H200 does: internal/compile/fuzz/testdata/activemask.cu).
// This is gocuda's deterministic model of convergence.
func (b *Block) ActiveMask(thread int, site uint64, path []uint64) uint32 {
	b.checkFailure(thread)
	ws := &b.warps
	w := thread / WarpSize
	ws.coll[thread] = Collective{Kind: KindActiveMask, Site: site}
	ws.waiting.set(thread)
	if g := ws.join(w, thread%WarpSize, ws.coll[thread]); g.path == nil {
		g.path = path
	}
	b.convergeActive(w)
	if ws.waiting.has(thread) {
		b.wait(thread)
	} else {
		b.ready.clear(thread)
	}
	b.checkFailure(thread)
	return uint32(ws.results[thread])
}

// convergeActive completes the first of warp w's pending ActiveMasks, by
// path, if no lane of the warp can still reach one: every lane has arrived
// at one, exited, or waits at a barrier or another collective.
func (b *Block) convergeActive(w int) {
	ws := &b.warps
	blocked := b.goneLanes(w) | b.atBar.lanes(w) | ws.waiting.lanes(w)
	if blocked != ^uint32(0) {
		return // a lane is ready, not started or running: it may still come
	}
	gs := ws.pending[w]
	first := -1
	for i, g := range gs {
		if g.kind == KindActiveMask && (first < 0 || slices.Compare(g.path, gs[first].path) < 0) {
			first = i
		}
	}
	if first < 0 {
		return
	}
	g := gs[first]
	base := w * WarpSize
	for m := g.arrived; m != 0; m &= m - 1 {
		j := bits.TrailingZeros32(m)
		ws.results[base+j] = uint64(g.arrived)
		ws.waiting.clear(base + j)
	}
	b.ready.setLanes(w, g.arrived)
	ws.pending[w] = slices.Delete(gs, first, first+1)
}
