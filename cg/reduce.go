package cg

import "github.com/gocuda/gocuda/gocuda"

// ReduceGroup is the set of groups Reduce, InclusiveScan and ExclusiveScan
// combine values over: tiles, coalesced groups and whole blocks. The
// unexported method keeps the set closed.
type ReduceGroup interface {
	Tile | Coalesced | ThreadBlock
	lanes() (lanes, bool)
}

// Reduce is cg::reduce: op applied over the v of every thread of g, the
// result returned to every thread. op must be associative and commutative,
// as CUDA requires (Plus, Less, Greater, BitAnd, BitOr, BitXor, or any
// such func). T may be any type the shuffles move: no pointers.
//
// Every thread of g must call Reduce with the same op. For a tile and a
// coalesced group it is built on the warp shuffles and applies op in the
// same order as CUDA's headers do, so floating-point results match a GPU's
// bit for bit: XOR shuffles for a whole tile, shuffles down to rank 0 for a
// warp-wide coalesced group, and for any other coalesced group a scan whose
// last value is broadcast. A partial last tile (a block size that is not a
// multiple of the tile size, undefined in CUDA) reduces over the threads it
// has.
//
// For a ThreadBlock, an extension (CUDA reduces over tiles of up to 32
// threads, and over larger tiles with extra memory), each warp reduces its
// values with shuffles, the warps' results meet in shared memory (a
// gocuda.Shared slice of one element per warp) at a block barrier, and
// every thread combines them in warp order; a second barrier lets every
// thread read them before a later call may overwrite them. So every thread
// of the block must call it, as a barrier.
func Reduce[G ReduceGroup, T any](g G, v T, op func(T, T) T) T {
	w, block := g.lanes()
	if block {
		return reduceBlock(w, v, op)
	}
	return reduceLanes(w, v, op)
}

// InclusiveScan is cg::inclusive_scan: op applied over the v of the
// threads of g up to and including the caller, in rank order. op must be
// associative. Every thread of g must call it; see Reduce for the groups
// (CUDA scans tiles and coalesced groups; a ThreadBlock is gocuda's
// extension, with the same shared memory and two barriers as Reduce).
func InclusiveScan[G ReduceGroup, T any](g G, v T, op func(T, T) T) T {
	w, block := g.lanes()
	if block {
		return scanBlock(w, v, op, false)
	}
	return scanLanes(w, v, op)
}

// ExclusiveScan is cg::exclusive_scan: op applied over the v of the
// threads of g ranked below the caller. The thread of rank 0 gets T's zero
// value, whatever op is (CUDA's headers return a value-initialized T, so
// with Less it is 0, not the largest value). See InclusiveScan.
func ExclusiveScan[G ReduceGroup, T any](g G, v T, op func(T, T) T) T {
	w, block := g.lanes()
	if block {
		return scanBlock(w, v, op, true)
	}
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
