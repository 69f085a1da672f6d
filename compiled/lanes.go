package compiled

import (
	"math/bits"
	"reflect"

	"github.com/gocuda/gocuda/internal/grid"
)

// The second-generation compiler lowers a kernel warp by warp: lane loops
// over the 32 lanes of one warp between its collectives, the operands in
// [32]T arrays local to the warp's code. ShflWarp and WarpLanes complete a
// collective for the active lanes of one warp (active: bit j for the
// thread base+j), with the runtime path's semantics.

// A Shuffle is one of the four warp shuffles, as ShflWarp takes it:
// generated code passes a constant, so that a shuffle costs no lookup.
type Shuffle uint8

// The shuffles, each named after its gocuda function less "Sync".
const (
	Shfl     Shuffle = iota // gocuda.ShflSync
	ShflUp                  // gocuda.ShflUpSync
	ShflDown                // gocuda.ShflDownSync
	ShflXor                 // gocuda.ShflXorSync
)

// kind returns the engine's kind of shuffle s.
func (s Shuffle) kind() grid.Kind { return grid.KindShfl + grid.Kind(s) }

// ShflWarp completes the shuffle s for the active lanes of the warp whose
// first thread is base, all calling with mask, argument arg and width:
// out[j] is the value lane j reads from vals. It fails the launch as the
// runtime path does for a mask that leaves out a caller and a bad width.
func ShflWarp[T any](b *Block, s Shuffle, base int, active, mask uint32, vals *[32]T, arg, width int, out *[32]T) {
	if active == fullWarp && mask == fullWarp && width == warpSize {
		shuffleWarp(s.kind(), vals, arg&(warpSize-1), out) // a whole warp: the common case
		return
	}
	if active == 0 {
		return
	}
	k := s.kind()
	shflWarp(b, k, nameOf(k), base, active, mask, vals, arg, width, out)
}

// shflWarp is ShflWarp for the shuffle kind, named name.
func shflWarp[T any](b *Block, kind grid.Kind, name string, base int, active, mask uint32, vals *[32]T, arg, width int, out *[32]T) {
	if mask&active != active || width < 1 || width > warpSize || width&(width-1) != 0 {
		var args, widths [warpSize]int
		for j := range warpSize {
			args[j], widths[j] = arg, width
		}
		WarpLanes(b, name, base, active, mask, nil, vals, &args, &widths, out) // reports the misuse
		return
	}
	n := min(warpSize, b.b.Threads-base)
	if active == uint32(uint64(1)<<n-1) {
		shuffleSegment(kind, vals[:n], arg, width, out[:n])
		return
	}
	for m := active; m != 0; m &= m - 1 {
		j := bits.TrailingZeros32(m)
		out[j] = vals[j]
		if src, ok := grid.ShuffleSource(kind, arg, width, j); ok && src < n && active&(1<<src) != 0 {
			out[j] = vals[src]
		}
	}
}

// WarpLanes completes the warp collective name (BallotSync,
// ReduceAddSync, SyncWarp, ActiveMask, a shuffle...) for the active lanes
// of the warp whose first thread is base. Each lane calls with masks[j]
// (mask for all where masks is nil), vals[j], args[j] and widths[j] (nil
// where the collective has none); out[j] receives lane j's result (out may
// be nil). It fails the launch as the runtime path does for a mask that
// leaves out its caller and a bad shuffle width.
func WarpLanes[T, R any](b *Block, name string, base int, active, mask uint32, masks *[32]uint32, vals *[32]T, args, widths *[32]int, out *[32]R) {
	if active == 0 || masks == nil && active&^mask == 0 && name == "SyncWarp" {
		return // a SyncWarp whose mask holds every lane that arrived exchanges nothing
	}
	warpLanes(b, kindOf(name, "WarpLanes"), name, base, active, mask, masks, vals, args, widths, out)
}

// warpLanes is WarpLanes for the collective kind, named name.
func warpLanes[T, R any](b *Block, kind grid.Kind, name string, base int, active, mask uint32, masks *[32]uint32, vals *[32]T, args, widths *[32]int, out *[32]R) {
	if grid.IsShuffle(kind) && vals != nil && args != nil {
		// Misuse goes the long way, which reports it.
		if m, a, w, ok := sameOperands(active, mask, masks, args, widths); ok && m&active == active && w >= 1 && w <= warpSize && w&(w-1) == 0 {
			if o, ok := any(out).(*[warpSize]T); ok { // a shuffle's result is its value's type
				shflWarp(b, kind, name, base, active, m, vals, a, w, o)
				return
			}
		}
	}
	if (kind == grid.KindReduceMin || kind == grid.KindReduceMax) && !signedKind(reflect.TypeFor[T]()) {
		kind++ // the unsigned form follows the signed one
	}
	if wholeVote(kind, active, mask, masks, vals, out) {
		return
	}
	var lanes [warpSize]grid.Collective
	for m := active; m != 0; m &= m - 1 {
		j := bits.TrailingZeros32(m)
		lanes[j] = laneOf(b, kind, base, j, mask, masks, vals, args, widths)
	}
	n := min(warpSize, b.b.Threads-base)
	var res [warpSize]uint64
	for m := active; m != 0; {
		lmask := lanes[bits.TrailingZeros32(m)].Mask
		group := b.group(kind, active, lmask, lanes[:])
		if kind == grid.KindActiveMask {
			for j := range res {
				res[j] = uint64(group)
			}
		} else {
			grid.Results(kind, lanes[:n], lmask, group, res[:])
		}
		for g := group; out != nil && g != 0; g &= g - 1 {
			j := bits.TrailingZeros32(g)
			out[j] = resultOf[R](res[j])
		}
		m &^= group
	}
}

// sameOperands returns the mask, argument and width the active lanes all
// shuffle with, if they are the same for every lane (a warp-uniform
// value the compiler kept per lane): ShflWarp's case.
func sameOperands(active, mask uint32, masks *[32]uint32, args, widths *[32]int) (m uint32, arg, width int, ok bool) {
	j := bits.TrailingZeros32(active)
	m, arg, width = mask, args[j], widths[j]
	if masks != nil {
		m = masks[j]
	}
	for a := active; a != 0; a &= a - 1 {
		j := bits.TrailingZeros32(a)
		if args[j] != arg || widths[j] != width || masks != nil && masks[j] != m {
			return 0, 0, 0, false
		}
	}
	return m, arg, width, true
}

// lane returns lane j's arrival at a collective, checking it as the
// runtime path does.
func laneOf[T any](b *Block, kind grid.Kind, base, j int, mask uint32, masks *[32]uint32, vals *[32]T, args, widths *[32]int) grid.Collective {
	c := grid.Collective{Kind: kind, Mask: mask}
	if masks != nil {
		c.Mask = masks[j]
	}
	if vals != nil {
		c.Value = grid.ToBits(vals[j])
	}
	if args != nil {
		c.Arg, c.Width = args[j], widths[j]
		if w := c.Width; w < 1 || w > warpSize || bits.OnesCount(uint(w)) != 1 {
			b.Enter(base + j)
			panic(b.misuse("thread %v: %v width %d is not a power of two from 1 to 32", b.At(base+j), kind, w))
		}
	}
	if kind == grid.KindActiveMask {
		c.Mask = 0 // every active lane, whatever its mask
	} else if c.Mask&(1<<j) == 0 {
		b.Enter(base + j)
		panic(b.misuse("thread %v (lane %d) calls %v with mask %#08x, which leaves it out", b.At(base+j), j, kind, c.Mask))
	}
	return c
}
