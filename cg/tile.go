package cg

import (
	"fmt"

	"github.com/gocuda/gocuda/gocuda"
)

// A Tile is a group of size consecutive threads of a block, within one warp
// (thread_block_tile, from tiled_partition). Its lanes are ranked from 0.
type Tile struct {
	t      *gocuda.Thread
	size   int
	first  int    // lane of rank 0
	mask   uint32 // the tile's lanes in the warp
	parent int    // the threads of the group it was partitioned from
}

// Partitionable is the set of groups TiledPartition splits: the thread
// block and its tiles.
type Partitionable interface{ ThreadBlock | Tile }

// TiledPartition splits parent, the thread block or a tile of it, into
// tiles of size threads (1, 2, 4, 8, 16 or 32) and returns the caller's
// (tiled_partition(parent, size)). A tile of a tile holds the threads the
// same partition of the block would, and its MetaGroupRank and
// MetaGroupSize count the tiles of its parent, as in CUDA. It panics,
// failing the launch with ErrInvalidValue, for any other size or one
// larger than a parent tile's. A block whose size is not a multiple of
// size has a partial last tile, whose collectives CUDA leaves undefined:
// here they complete over the threads it has, a shuffle from a missing
// thread returning the caller's own value.
func TiledPartition[G Partitionable](parent G, size int) Tile {
	if size < 1 || size > gocuda.WarpSize || size&(size-1) != 0 {
		panic(fmt.Errorf("%w: tile size %d is not a power of two from 1 to 32", gocuda.ErrInvalidValue, size))
	}
	switch p := any(parent).(type) {
	case ThreadBlock:
		return tileOf(p.t, size, p.Size())
	case Tile:
		if size > p.size {
			panic(fmt.Errorf("%w: tile size %d is larger than its parent tile's, %d", gocuda.ErrInvalidValue, size, p.size))
		}
		return tileOf(p.t, size, p.size)
	}
	panic("unreachable")
}

// tileOf returns thread t's tile of size threads, partitioned from a
// group of parent threads.
func tileOf(t *gocuda.Thread, size, parent int) Tile {
	lane := t.LaneID()
	first := lane &^ (size - 1)
	mask := uint32(1<<size-1) << first
	if size == gocuda.WarpSize {
		mask = gocuda.FullMask
	}
	return Tile{t: t, size: size, first: first, mask: mask, parent: parent}
}

// Sync waits for every thread of the tile (SyncWarp over its lanes).
func (g Tile) Sync() { g.t.SyncWarp(g.mask) }

// Size returns the tile's size.
func (g Tile) Size() int { return g.size }

// ThreadRank returns the caller's rank in the tile, 0 to Size()-1.
func (g Tile) ThreadRank() int { return g.t.LaneID() - g.first }

// MetaGroupRank returns the tile's index among the tiles partitioned from
// its parent group (the block, or a tile: a tile lies within its parent's
// warp, so the block rank modulo the parent's size is the rank there).
func (g Tile) MetaGroupRank() int { return ThisThreadBlock(g.t).ThreadRank() % g.parent / g.size }

// MetaGroupSize returns the number of tiles partitioned from its parent
// group.
func (g Tile) MetaGroupSize() int { return (g.parent + g.size - 1) / g.size }

// Any reports whether pred is true for any thread of the tile.
func (g Tile) Any(pred bool) bool { return g.t.AnySync(g.mask, pred) }

// All reports whether pred is true for every thread of the tile.
func (g Tile) All(pred bool) bool { return g.t.AllSync(g.mask, pred) }

// Ballot returns the tile's predicates as a mask whose bit r is rank r's.
func (g Tile) Ballot(pred bool) uint32 { return g.t.BallotSync(g.mask, pred) >> g.first }

// Shfl returns v of the tile's thread of rank srcRank mod Size()
// (tile.shfl).
func Shfl[T any](g Tile, v T, srcRank int) T {
	return gocuda.ShflSync(g.t, g.mask, v, srcRank, g.size)
}

// ShflUp returns v of the thread delta ranks below the caller, or the
// caller's own v for ranks below delta (tile.shfl_up).
func ShflUp[T any](g Tile, v T, delta int) T {
	return gocuda.ShflUpSync(g.t, g.mask, v, delta, g.size)
}

// ShflDown returns v of the thread delta ranks above the caller, or the
// caller's own v past the tile's end (tile.shfl_down).
func ShflDown[T any](g Tile, v T, delta int) T {
	return gocuda.ShflDownSync(g.t, g.mask, v, delta, g.size)
}

// ShflXor returns v of the thread whose rank is the caller's XOR laneMask
// (tile.shfl_xor).
func ShflXor[T any](g Tile, v T, laneMask int) T {
	return gocuda.ShflXorSync(g.t, g.mask, v, laneMask, g.size)
}
