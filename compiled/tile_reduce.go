package compiled

import (
	"iter"
	"math/bits"

	"github.com/gocuda/gocuda/internal/grid"
)

// TileReduce completes cg.Reduce, cg.InclusiveScan or cg.ExclusiveScan
// (name) with operator op over tiles of size threads, for the active
// lanes of the warp whose first thread is base: vals[j] is lane j's value
// and out[j] receives its result. It applies op in package cg's order
// (XOR shuffles over a whole tile, a Hillis–Steele scan over a partial
// last tile, whose value of the last lane a reduction broadcasts), so the
// results agree with the runtime path bit for bit.
func TileReduce[T any](b *Block, name string, base int, active uint32, size int, vals *[32]T, op func(T, T) T, out *[32]T) {
	for s := range warpTiles(min(warpSize, b.b.Threads-base), size, active) {
		r := newTileRun(b, base, size, s, op)
		r.run(name, vals, out)
	}
}

// A tileSpan is one tile of a warp: its first lane, how many lanes it has
// (fewer in a partial last tile), its lanes, and those that called.
type tileSpan struct {
	first, have int
	lanes, act  uint32
}

// warpTiles returns the tiles of size lanes of a warp of n lanes that
// have a lane in active.
func warpTiles(n, size int, active uint32) iter.Seq[tileSpan] {
	return func(yield func(tileSpan) bool) {
		for first := 0; first < n; first += size {
			have := min(size, n-first)
			lanes := uint32(uint64(1)<<have-1) << first
			if act := active & lanes; act != 0 && !yield(tileSpan{first, have, lanes, act}) {
				return
			}
		}
	}
}

// newTileRun returns the run of tile s, of a tiling by size, through op.
func newTileRun[T any](b *Block, base, size int, s tileSpan, op func(T, T) T) tileRun[T] {
	return tileRun[T]{b: b, base: base, size: s.have, whole: s.have == size, mask: s.lanes, act: s.act, fast: s.act == s.lanes, op: op}
}

// run completes the reduction or scan name over the group's calling
// lanes, writing their results to out.
func (r *tileRun[T]) run(name string, vals, out *[32]T) {
	v := *vals
	switch name {
	case "Reduce":
		r.reduce(&v)
	case "InclusiveScan":
		r.scan(&v)
	case "ExclusiveScan":
		r.exclusive(&v)
	default:
		panic("compiled: unknown group reduction " + name)
	}
	for m := r.act; out != nil && m != 0; m &= m - 1 {
		j := bits.TrailingZeros32(m)
		out[j] = v[j]
	}
}

// A tileRun is one group of a warp's lanes going through a reduction or
// scan: a tile, or a coalesced group.
type tileRun[T any] struct {
	b          *Block
	base, size int    // size: the lanes the group has
	whole      bool   // a whole tile: XOR shuffles
	down       bool   // a whole warp as a coalesced group: shuffles down to rank 0
	mask, act  uint32 // the group's lanes; those of them that called
	fast       bool   // every lane of the group called: its shuffles are copies
	op         func(T, T) T
}

// rank returns lane j's rank in the group.
func (r *tileRun[T]) rank(j int) int { return bits.OnesCount32(r.mask & (1<<j - 1)) }

// reduce is cg's reduceLanes for a tile.
func (r *tileRun[T]) reduce(v *[32]T) {
	switch {
	case r.size == 1:
	case r.whole:
		for m := r.size / 2; m > 0; m /= 2 {
			other := r.shfl(grid.KindShflXor, v, func(int) int { return m }, r.size)
			r.combine(v, &other, func(int) bool { return true })
		}
	case r.down:
		for d := r.size / 2; d > 0; d /= 2 {
			other := r.shfl(grid.KindShflDown, v, func(int) int { return d }, warpSize)
			r.combine(v, &other, func(int) bool { return true })
		}
		first := r.laneOf(0, 0)
		*v = r.shfl(grid.KindShfl, v, func(int) int { return first }, warpSize)
	default:
		r.scan(v)
		last := 31 - bits.LeadingZeros32(r.mask)
		*v = r.shfl(grid.KindShfl, v, func(int) int { return last }, warpSize)
	}
}

// scan is cg's scanLanes: at step i each rank combines, as op(own,
// lower), the value i ranks below it.
func (r *tileRun[T]) scan(v *[32]T) {
	for i := 1; i < r.size; i *= 2 {
		lower := r.shfl(grid.KindShfl, v, func(j int) int { return r.laneOf(r.rank(j)-i, j) }, warpSize)
		r.combine(v, &lower, func(j int) bool { return r.rank(j) >= i })
	}
}

// exclusive is cg's ExclusiveScan for a tile: the inclusive scan, then
// each rank takes the value of the rank below, rank 0 the zero value.
func (r *tileRun[T]) exclusive(v *[32]T) {
	var zero T
	first := r.laneOf(0, 0)
	if r.size == 1 {
		v[first] = zero
		return
	}
	r.scan(v)
	*v = r.shfl(grid.KindShfl, v, func(j int) int { return r.laneOf(r.rank(j)-1, j) }, warpSize)
	v[first] = zero
}

// laneOf returns the lane of rank rank, or the caller's own lane j for a
// rank out of the tile (a value that is read but not used).
func (r *tileRun[T]) laneOf(rank, j int) int {
	if rank < 0 || rank >= r.size {
		return j
	}
	return nthLane(r.mask, rank)
}

// nthLane returns the lane of the r-th set bit of mask.
func nthLane(mask uint32, r int) int {
	for range r {
		mask &= mask - 1
	}
	return bits.TrailingZeros32(mask)
}

// shfl returns what each calling lane j of the tile reads from v with the
// shuffle kind (ShflSync or ShflXorSync), argument arg(j) and width.
func (r *tileRun[T]) shfl(kind grid.Kind, v *[32]T, arg func(j int) int, width int) [32]T {
	var out [warpSize]T
	if r.fast {
		for m := r.act; m != 0; m &= m - 1 {
			j := bits.TrailingZeros32(m)
			out[j] = v[j] // out of the segment, or a lane not in the group: its own
			if src, ok := grid.ShuffleSource(kind, arg(j), width, j); ok && r.act&(1<<src) != 0 {
				out[j] = v[src]
			}
		}
		return out
	}
	var args, widths [warpSize]int
	for m := r.act; m != 0; m &= m - 1 {
		j := bits.TrailingZeros32(m)
		args[j], widths[j] = arg(j), width
	}
	warpLanes(r.b, kind, warpName(kind), r.base, r.act, r.mask, nil, v, &args, &widths, &out)
	return out
}

// combine sets v[j] = op(v[j], other[j]) for each calling lane j for which
// use holds, recording the lane as the body's position while op runs.
func (r *tileRun[T]) combine(v, other *[32]T, use func(j int) bool) {
	for m := r.act; m != 0; m &= m - 1 {
		if j := bits.TrailingZeros32(m); use(j) {
			r.b.b.Pos.Thread = r.base + j
			v[j] = r.op(v[j], other[j])
		}
	}
}
