package compiled

import (
	"math/bits"

	"github.com/gocuda/gocuda/cg"
	"github.com/gocuda/gocuda/internal/grid"
	"github.com/gocuda/gocuda/internal/kapi"
)

// Tiles of cooperative groups (cg.TiledPartition) in compiled code: the
// generated body keeps one handle per block, for the tile's size, and
// completes a tile's collectives warp by warp here, each lane with its
// own tile's mask, as package cg does with the warp collectives.

// tileKinds lists the tile collectives of the kernel API table that
// TileLanes completes, with the gocuda collective each one is.
var tileKinds = func() []namedKind {
	var out []namedKind
	for _, e := range kapi.Entries() {
		if e.Tile && e.Op < 0 {
			out = append(out, namedKind{e.Short, e.Warp})
		}
	}
	return out
}()

// tileKindOf returns the kind of the tile collective name ("Shfl",
// "Ballot", "Sync"...).
func tileKindOf(name string) grid.Kind {
	for _, k := range tileKinds {
		if k.name == name {
			return k.kind
		}
	}
	panic("compiled.TileLanes: unknown tile collective " + name)
}

// warpName returns the name of the gocuda collective of kind k, as
// misuse reports name it.
func warpName(k grid.Kind) string {
	for _, w := range warpKinds {
		if w.kind == k {
			return w.name
		}
	}
	return k.String()
}

// tileMask returns the lanes of the tile of size size holding lane j.
func tileMask(size, j int) uint32 {
	if size >= warpSize {
		return ^uint32(0)
	}
	return (uint32(1)<<size - 1) << (j &^ (size - 1))
}

// TileLanes completes the tile collective name (cg.Shfl, cg.ShflUp,
// cg.ShflDown, cg.ShflXor, and the Any, All, Ballot and Sync methods of
// cg.Tile) over tiles of size threads for the active lanes of the warp
// whose first thread is base: lane j calls with vals[j] and the shuffle
// argument args[j] (arg for all where args is nil), and out[j] receives
// its result (out may be nil). size is the tile handle's Size, which
// cg.TiledPartition has checked.
func TileLanes[T, R any](b *Block, name string, base int, active uint32, size int, vals *[32]T, arg int, args *[32]int, out *[32]R) {
	if active == 0 {
		return
	}
	kind := tileKindOf(name)
	n := min(warpSize, b.b.Threads-base)
	whole := active == uint32(uint64(1)<<n-1) && n%size == 0 // every tile complete, every lane here
	switch {
	case kind == grid.KindSyncWarp && whole:
		return
	case grid.IsShuffle(kind) && whole && args == nil:
		if o, ok := any(out).(*[warpSize]T); ok {
			if kind == grid.KindShflXor && arg&(warpSize-1)&^(size-1) != 0 {
				copy(o[:n], vals[:n]) // the source lies in another tile, outside the group
				return
			}
			shuffleSegment(kind, vals[:n], arg, size, o[:n])
			return
		}
	}
	var masks [warpSize]uint32
	var argv, widths [warpSize]int
	for j := range warpSize {
		masks[j], argv[j], widths[j] = tileMask(size, j), arg, size
		if args != nil {
			argv[j] = args[j]
		}
	}
	if !grid.IsShuffle(kind) {
		warpLanes(b, kind, warpName(kind), base, active, 0, &masks, vals, nil, nil, out)
	} else {
		warpLanes(b, kind, warpName(kind), base, active, 0, &masks, vals, &argv, &widths, out)
	}
	if o, ok := any(out).(*[warpSize]uint32); ok && kind == grid.KindBallot {
		for m := active; m != 0; m &= m - 1 {
			j := bits.TrailingZeros32(m)
			o[j] >>= j &^ (size - 1) // bit r for rank r of the tile
		}
	}
}

// TileAt returns the handle that thread rank of the block has on the tile
// of the block's handle tile: what compiled code passes where the tile
// leaves it (to a function without collectives). It enters the thread.
// A tile partitioned from a tile of the block's first (parent) threads,
// fewer than the block's, is partitioned from that tile again, so that
// its MetaGroupRank and MetaGroupSize count its parent's tiles; any
// other tile is the block's partition (where parent is at least the
// block, the two agree).
func TileAt(b *Block, rank int, tile cg.Tile) cg.Tile {
	b.Enter(rank)
	block := cg.ThisThreadBlock(b.Thread())
	if parent := tile.Size() * tile.MetaGroupSize(); parent < block.Size() && parent <= warpSize && parent&(parent-1) == 0 {
		return cg.TiledPartition(cg.TiledPartition(block, parent), tile.Size())
	}
	return cg.TiledPartition(block, tile.Size())
}
