package compiled

import (
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
	n := min(warpSize, b.b.Threads-base)
	for first := 0; first < n; first += size {
		have := min(size, n-first)
		lanes := uint32(uint64(1)<<have-1) << first
		act := active & lanes
		if act == 0 {
			continue
		}
		r := tileRun[T]{b: b, base: base, first: first, size: have, whole: have == size, mask: lanes, act: act, op: op}
		r.fast = act == lanes
		v := *vals
		switch name {
		case "Reduce":
			r.reduce(&v)
		case "InclusiveScan":
			r.scan(&v)
		case "ExclusiveScan":
			r.exclusive(&v)
		default:
			panic("compiled.TileReduce: unknown tile collective " + name)
		}
		for m := act; out != nil && m != 0; m &= m - 1 {
			j := bits.TrailingZeros32(m)
			out[j] = v[j]
		}
	}
}

// A tileRun is one tile of a warp going through a reduction or scan.
type tileRun[T any] struct {
	b                 *Block
	base, first, size int // size: the lanes the tile has
	whole             bool
	mask, act         uint32 // the tile's lanes; those of them that called
	fast              bool   // every lane of the tile called: its shuffles are copies
	op                func(T, T) T
}

// reduce is cg's reduceLanes for a tile.
func (r *tileRun[T]) reduce(v *[32]T) {
	switch {
	case r.size == 1:
	case r.whole:
		for m := r.size / 2; m > 0; m /= 2 {
			other := r.shfl(grid.KindShflXor, v, func(int) int { return m }, r.size)
			r.combine(v, &other, func(int) bool { return true })
		}
	default:
		r.scan(v)
		last := r.first + r.size - 1
		*v = r.shfl(grid.KindShfl, v, func(int) int { return last }, warpSize)
	}
}

// scan is cg's scanLanes: at step i each rank combines, as op(own,
// lower), the value i ranks below it.
func (r *tileRun[T]) scan(v *[32]T) {
	for i := 1; i < r.size; i *= 2 {
		lower := r.shfl(grid.KindShfl, v, func(j int) int { return r.laneOf(j-r.first-i, j) }, warpSize)
		r.combine(v, &lower, func(j int) bool { return j-r.first >= i })
	}
}

// exclusive is cg's ExclusiveScan for a tile: the inclusive scan, then
// each rank takes the value of the rank below, rank 0 the zero value.
func (r *tileRun[T]) exclusive(v *[32]T) {
	var zero T
	if r.size == 1 {
		v[r.first] = zero
		return
	}
	r.scan(v)
	*v = r.shfl(grid.KindShfl, v, func(j int) int { return r.laneOf(j-r.first-1, j) }, warpSize)
	v[r.first] = zero
}

// laneOf returns the lane of rank rank, or the caller's own lane j for a
// rank out of the tile (a value that is read but not used).
func (r *tileRun[T]) laneOf(rank, j int) int {
	if rank < 0 || rank >= r.size {
		return j
	}
	return r.first + rank
}

// shfl returns what each calling lane j of the tile reads from v with the
// shuffle kind (ShflSync or ShflXorSync), argument arg(j) and width.
func (r *tileRun[T]) shfl(kind grid.Kind, v *[32]T, arg func(j int) int, width int) [32]T {
	var out [warpSize]T
	if r.fast {
		for m := r.act; m != 0; m &= m - 1 {
			j := bits.TrailingZeros32(m)
			src := arg(j)
			if kind == grid.KindShflXor {
				src ^= j
			}
			out[j] = v[src]
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
