package gocuda

import (
	"math/bits"

	"github.com/gocuda/gocuda/internal/grid"
)

// Shuffleable is the set of types MatchAnySync and MatchAllSync compare,
// bit for bit (NaN payloads, -0), as CUDA's __match_*_sync take 32- and
// 64-bit values. The shuffles move more: any fixed-size type without
// pointers (see ShflSync).
type Shuffleable interface {
	~int32 | ~uint32 | ~int64 | ~uint64 | ~float32 | ~float64 | ~int | ~uint
}

// FullMask names every lane of a warp: 0xffffffff.
const FullMask = ^uint32(0)

// ShflSync is __shfl_sync: it returns v of lane srcLane mod width of the
// caller's segment, where width (a power of two, 1 to 32) splits the warp
// into segments with lanes numbered from 0. Every lane of mask must make the
// same call; the caller must be in mask. Like every collective, it takes
// the non-exited lanes of mask: lanes that have returned, or do not exist
// (past the end of a partial warp), do not hold it up. Reading a lane
// outside mask, exited or absent is undefined in CUDA; here it returns the
// caller's own v.
//
// T may be any type of fixed size that holds no pointers (numbers, Half,
// arrays, structs of those), as CUDA's templated __shfl_sync moves any
// trivially copyable type: its bits travel exactly (NaN payloads, -0). A
// value of more than 8 bytes moves in 8-byte pieces, a collective each,
// all from the same source lane. A T holding pointers (a slice, string,
// map, pointer or interface) panics, failing the launch with an error
// wrapping ErrInvalidValue: another thread's pointers are not values.
func ShflSync[T any](t *Thread, mask uint32, v T, srcLane, width int) T {
	return shuffleValue(t, grid.KindShfl, mask, v, srcLane, width)
}

// ShflUpSync is __shfl_up_sync: it returns v of the lane delta below the
// caller in its segment, or the caller's own v if its lane in the segment
// is below delta. Only delta's low five bits count, as in the hardware's
// shfl.sync (delta 33 is delta 1). See ShflSync for mask, width and the
// types T may be.
func ShflUpSync[T any](t *Thread, mask uint32, v T, delta, width int) T {
	return shuffleValue(t, grid.KindShflUp, mask, v, delta, width)
}

// ShflDownSync is __shfl_down_sync: it returns v of the lane delta above the
// caller in its segment, or the caller's own v if that runs past the
// segment's end. Only delta's low five bits count, as for ShflUpSync. See
// ShflSync for mask, width and the types T may be.
func ShflDownSync[T any](t *Thread, mask uint32, v T, delta, width int) T {
	return shuffleValue(t, grid.KindShflDown, mask, v, delta, width)
}

// ShflXorSync is __shfl_xor_sync: it returns v of lane (caller's lane XOR
// laneMask). A lane in an earlier segment may be read; one in a later
// segment gives the caller's own v. See ShflSync for mask, width and the
// types T may be.
func ShflXorSync[T any](t *Thread, mask uint32, v T, laneMask, width int) T {
	return shuffleValue(t, grid.KindShflXor, mask, v, laneMask, width)
}

// MatchAnySync is __match_any_sync: it returns the lanes of mask whose v
// equals the caller's (bitwise).
func MatchAnySync[T Shuffleable](t *Thread, mask uint32, v T) uint32 {
	return uint32(t.warp(grid.Collective{Kind: grid.KindMatchAny, Mask: mask, Value: grid.ToBits(v)}))
}

// MatchAllSync is __match_all_sync: if every lane of mask has the same v
// (bitwise) it returns mask and true, else 0 and false.
func MatchAllSync[T Shuffleable](t *Thread, mask uint32, v T) (uint32, bool) {
	r := t.warp(grid.Collective{Kind: grid.KindMatchAll, Mask: mask, Value: grid.ToBits(v)})
	return uint32(r), r>>32 != 0
}

// AnySync is __any_sync: whether pred is true for any lane of mask.
func (t *Thread) AnySync(mask uint32, pred bool) bool {
	return t.warp(grid.Collective{Kind: grid.KindAny, Mask: mask, Value: predBits(pred)}) != 0
}

// AllSync is __all_sync: whether pred is true for every lane of mask.
func (t *Thread) AllSync(mask uint32, pred bool) bool {
	return t.warp(grid.Collective{Kind: grid.KindAll, Mask: mask, Value: predBits(pred)}) != 0
}

// BallotSync is __ballot_sync: the lanes of mask whose pred is true.
func (t *Thread) BallotSync(mask uint32, pred bool) uint32 {
	return uint32(t.warp(grid.Collective{Kind: grid.KindBallot, Mask: mask, Value: predBits(pred)}))
}

// SyncWarp is __syncwarp: it waits until every lane of mask has reached a
// SyncWarp with the same mask, and orders their memory accesses like a
// barrier. Warp lanes are not lockstep between collectives (independent
// thread scheduling), so warp-synchronous code needs it.
func (t *Thread) SyncWarp(mask uint32) {
	t.warp(grid.Collective{Kind: grid.KindSyncWarp, Mask: mask})
}

// ActiveMask is __activemask: the lanes of the caller's warp executing it
// together. On a GPU those are the lanes converged with the caller. gocuda
// models convergence deterministically: lanes converge where they reach the
// same ActiveMask call through the same chain of calls from the kernel, so
// the two arms of an if/else (even a helper called from both) each see
// their own lanes. ActiveMask waits until every other lane of the warp has
// reached an ActiveMask too, returned, or is waiting at a barrier or another
// collective, and returns the lanes that reached this one. Lanes that
// returned early, as in "if i >= n { return }", are left out, as on a GPU.
func (t *Thread) ActiveMask() uint32 {
	site, path := convergenceSite()
	x := t.x
	if !x.coop.Active() {
		x.promote(t)
	}
	return x.coop.ActiveMask(t.self, site, path)
}

// shuffle checks a shuffle's width and arrives at it.
func (t *Thread) shuffle(kind grid.Kind, mask uint32, v uint64, arg, width int) uint64 {
	if width < 1 || width > WarpSize || bits.OnesCount(uint(width)) != 1 {
		panic(misuse(ErrInvalidValue, "thread %v: %v width %d is not a power of two from 1 to 32", t.ThreadIdx, kind, width))
	}
	return t.warp(grid.Collective{Kind: kind, Mask: mask, Value: v, Arg: arg, Width: width})
}

// warp arrives at a warp collective, first making the block cooperative if
// this is its first barrier or collective.
func (t *Thread) warp(c grid.Collective) uint64 {
	if c.Mask&(1<<(t.self%WarpSize)) == 0 {
		panic(misuse(ErrInvalidValue, "thread %v (lane %d) calls %v with mask %#08x, which leaves it out",
			t.ThreadIdx, t.self%WarpSize, c.Kind, c.Mask))
	}
	x := t.x
	if !x.coop.Active() {
		x.promote(t)
	}
	r := x.coop.Warp(t.self, c)
	if x.launch.probe != nil {
		x.pb.WarpSyncs[t.self]++
		x.pb.Synced = true
	}
	return r
}

func predBits(p bool) uint64 {
	if p {
		return 1
	}
	return 0
}
