package cg

import "github.com/gocuda/gocuda/gocuda"

// ReduceGroup is the set of groups Reduce, InclusiveScan and ExclusiveScan
// combine values over: tiles and coalesced groups, as CUDA's cg::reduce
// and scans take. A whole ThreadBlock is not one: see Reduce.
type ReduceGroup interface {
	Tile | Coalesced
	lanes() lanes
}

// Reduce is cg::reduce: op applied over the v of every thread of g, the
// result returned to every thread. op must be associative and commutative,
// as CUDA requires (Plus, Less, Greater, BitAnd, BitOr, BitXor, or any
// such func). T may be any type the shuffles move: no pointers.
//
// Every thread of g must call Reduce with the same op. It is built on the
// warp shuffles and applies op in the same order as CUDA's headers do, so
// floating-point results match a GPU's bit for bit (TestGolden checks 336
// cases against an NVIDIA H200's, testdata/conformance.cu): XOR shuffles for a
// whole tile, shuffles down to rank 0 for a warp-wide coalesced group, and
// for any other coalesced group a scan whose last value is broadcast. A
// partial last tile (a block size that is not a multiple of the tile size,
// undefined in CUDA) reduces over the threads it has.
//
// As in CUDA, a thread block is not a group Reduce takes (passing one is
// a compile-time error): a block-wide reduction holds shared memory and
// block barriers, which CUDA code writes out, and so does gocuda code: each
// tile of 32 reduces with Reduce, its rank 0 stores the result in a
// gocuda.Shared slice, and after SyncThreads the first tile reduces those
// (see the block example).
func Reduce[G ReduceGroup, T any](g G, v T, op func(T, T) T) T {
	w := g.lanes()
	return reduceLanes(w, v, op)
}

// InclusiveScan is cg::inclusive_scan: op applied over the v of the
// threads of g up to and including the caller, in rank order. op must be
// associative. Every thread of g must call it; see Reduce for the groups.
func InclusiveScan[G ReduceGroup, T any](g G, v T, op func(T, T) T) T {
	w := g.lanes()
	return scanLanes(w, v, op)
}

// ExclusiveScan is cg::exclusive_scan: op applied over the v of the
// threads of g ranked below the caller. The thread of rank 0 gets T's zero
// value, whatever op is (CUDA's headers return a value-initialized T, so
// with Less it is 0, not the largest value). See InclusiveScan.
func ExclusiveScan[G ReduceGroup, T any](g G, v T, op func(T, T) T) T {
	w := g.lanes()
	return exclusiveLanes(w, scanLanes(w, v, op))
}

// reduceLanes reduces over a warp's lanes in the group's shape.
func reduceLanes[T any](g lanes, v T, op func(T, T) T) T {
	switch {
	case g.size == 1:
		return v
	case g.shape == butterfly:
		for m := g.size / 2; m > 0; m /= 2 {
			v = op(v, gocuda.ShflXorSync(g.t, g.mask, v, m, g.size))
		}
		return v
	case g.shape == downTree:
		for d := g.size / 2; d > 0; d /= 2 {
			v = op(v, gocuda.ShflDownSync(g.t, g.mask, v, d, gocuda.WarpSize))
		}
		return gocuda.ShflSync(g.t, g.mask, v, g.laneOf(0), gocuda.WarpSize)
	}
	v = scanLanes(g, v, op)
	return gocuda.ShflSync(g.t, g.mask, v, g.lastLane(), gocuda.WarpSize)
}

// scanLanes is the inclusive scan over a warp's lanes, Hillis and Steele's
// as CUDA's headers do it: at step i each rank combines the value i ranks
// below it, as op(own, lower).
func scanLanes[T any](g lanes, v T, op func(T, T) T) T {
	for i := 1; i < g.size; i *= 2 {
		lower := gocuda.ShflSync(g.t, g.mask, v, g.laneOf(g.rank-i), gocuda.WarpSize)
		if g.rank >= i {
			v = op(v, lower)
		}
	}
	return v
}

// exclusiveLanes turns an inclusive scan into the exclusive one: each rank
// takes the value of the rank below; rank 0 takes the zero value.
func exclusiveLanes[T any](g lanes, inclusive T) T {
	var zero T
	if g.size == 1 {
		return zero
	}
	below := gocuda.ShflSync(g.t, g.mask, inclusive, g.laneOf(g.rank-1), gocuda.WarpSize)
	if g.rank == 0 {
		return zero
	}
	return below
}
