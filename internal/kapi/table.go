package kapi

import "github.com/gocuda/gocuda/internal/grid"

const (
	thread = "(*" + GocudaPath + ".Thread)."
	gocuda = GocudaPath + "."
	cg     = CGPath + "."
	atomic = AtomicPath + "."
)

// none marks an operand a call does not have.
const none = -1

// method returns a method entry of no operands.
func method(name, short string, kind Kind) *Entry {
	return &Entry{Name: name, Short: short, Kind: kind, Thread: none, Mask: none, Value: none, Arg: none, Width: none, Op: none}
}

// warp returns an entry for a gocuda warp collective the engine completes.
func warp(name, short string, k grid.Kind, th, mask, value, arg, width int) *Entry {
	return &Entry{Name: name, Short: short, Kind: Collective, Engine: true, Warp: k,
		Thread: th, Mask: mask, Value: value, Arg: arg, Width: width, Op: none}
}

// pred returns a predicate barrier's entry.
func pred(short string, r Reduce) *Entry {
	e := method(thread+short, short, BarrierPred)
	e.Reduce, e.Value = r, 0
	return e
}

// sharedDecl returns a shared-memory declaration's entry.
func sharedDecl(short string) *Entry {
	e := method(gocuda+short, short, SharedDecl)
	e.Thread = 0
	return e
}

// table is the kernel API. The thread's fields are in Field.
var table = []*Entry{
	// Block barriers.
	method(thread+"SyncThreads", "SyncThreads", Barrier),
	pred("SyncThreadsCount", Count),
	pred("SyncThreadsAnd", And),
	pred("SyncThreadsOr", Or),
	method(thread+"SyncGrid", "SyncGrid", GridBarrier),

	// The thread's index.
	method(thread+"ThreadRank", "ThreadRank", Index),
	method(thread+"LaneID", "LaneID", Index),
	method(thread+"WarpID", "WarpID", Index),
	method(thread+"LaneMaskEQ", "LaneMaskEQ", Index),
	method(thread+"LaneMaskLT", "LaneMaskLT", Index),
	method(thread+"LaneMaskLE", "LaneMaskLE", Index),
	method(thread+"LaneMaskGT", "LaneMaskGT", Index),
	method(thread+"LaneMaskGE", "LaneMaskGE", Index),
	method(thread+"Cooperative", "Cooperative", Uniform),

	// Plain methods of the thread, listed so that the table is complete.
	method(thread+"Printf", "Printf", Plain),
	method(thread+"Assert", "Assert", Plain),
	method(thread+"Trap", "Trap", Plain),

	// Warp collectives of the thread.
	warp(thread+"SyncWarp", "SyncWarp", grid.KindSyncWarp, none, 0, none, none, none),
	warp(thread+"ActiveMask", "ActiveMask", grid.KindActiveMask, none, none, none, none, none),
	same(warp(thread+"AllSync", "AllSync", grid.KindAll, none, 0, 1, none, none)),
	same(warp(thread+"AnySync", "AnySync", grid.KindAny, none, 0, 1, none, none)),
	same(warp(thread+"BallotSync", "BallotSync", grid.KindBallot, none, 0, 1, none, none)),
	{Name: thread + "UniSync", Short: "UniSync", Kind: Collective, Thread: none, Mask: 0, Value: 1, Arg: none, Width: none, Op: none},

	// Warp collectives of package gocuda.
	warp(gocuda+"ShflSync", "ShflSync", grid.KindShfl, 0, 1, 2, 3, 4),
	warp(gocuda+"ShflUpSync", "ShflUpSync", grid.KindShflUp, 0, 1, 2, 3, 4),
	warp(gocuda+"ShflDownSync", "ShflDownSync", grid.KindShflDown, 0, 1, 2, 3, 4),
	warp(gocuda+"ShflXorSync", "ShflXorSync", grid.KindShflXor, 0, 1, 2, 3, 4),
	warp(gocuda+"MatchAnySync", "MatchAnySync", grid.KindMatchAny, 0, 1, 2, none, none),
	warp(gocuda+"MatchAllSync", "MatchAllSync", grid.KindMatchAll, 0, 1, 2, none, none), // two results: the engine's is mask | 1<<32 or 0
	same(warp(gocuda+"ReduceAddSync", "ReduceAddSync", grid.KindReduceAdd, 0, 1, 2, none, none)),
	same(warp(gocuda+"ReduceMinSync", "ReduceMinSync", grid.KindReduceMin, 0, 1, 2, none, none)),
	same(warp(gocuda+"ReduceMaxSync", "ReduceMaxSync", grid.KindReduceMax, 0, 1, 2, none, none)),
	same(warp(gocuda+"ReduceAndSync", "ReduceAndSync", grid.KindReduceAnd, 0, 1, 2, none, none)),
	same(warp(gocuda+"ReduceOrSync", "ReduceOrSync", grid.KindReduceOr, 0, 1, 2, none, none)),
	same(warp(gocuda+"ReduceXorSync", "ReduceXorSync", grid.KindReduceXor, 0, 1, 2, none, none)),

	// Shared memory.
	sharedDecl("Shared"),
	sharedDecl("DynamicShared"),

	// Cooperative groups: handles.
	groupCtor(cg+"ThisThreadBlock", "ThisThreadBlock"),
	groupCtor(cg+"ThisGrid", "ThisGrid"),
	onCoalesced(coalescedCtor()),
	method(cg+"TiledPartition", "TiledPartition", Group),

	// Cooperative groups: the thread block.
	method("("+cg+"ThreadBlock).Sync", "Sync", Barrier),
	method("("+cg+"ThreadBlock).ThreadRank", "ThreadRank", Index),
	method("("+cg+"ThreadBlock).ThreadIndex", "ThreadIndex", Index),
	method("("+cg+"ThreadBlock).Size", "Size", Uniform),
	method("("+cg+"ThreadBlock).GroupIndex", "GroupIndex", Uniform),
	method("("+cg+"ThreadBlock).DimThreads", "DimThreads", Uniform),

	// Cooperative groups: the grid.
	method("("+cg+"Grid).Sync", "Sync", GridBarrier),
	method("("+cg+"Grid).ThreadRank", "ThreadRank", Index),
	method("("+cg+"Grid).BlockRank", "BlockRank", Uniform),
	method("("+cg+"Grid).BlockIndex", "BlockIndex", Uniform),
	method("("+cg+"Grid).DimBlocks", "DimBlocks", Uniform),
	method("("+cg+"Grid).NumBlocks", "NumBlocks", Uniform),
	method("("+cg+"Grid).Size", "Size", Uniform),
	method("("+cg+"Grid).IsValid", "IsValid", Uniform),

	// Cooperative groups: tiles.
	onTile(method("("+cg+"Tile).Sync", "Sync", Collective), grid.KindSyncWarp),
	method("("+cg+"Tile).ThreadRank", "ThreadRank", Index),
	method("("+cg+"Tile).MetaGroupRank", "MetaGroupRank", Index),
	method("("+cg+"Tile).MetaGroupSize", "MetaGroupSize", Uniform),
	method("("+cg+"Tile).Size", "Size", Uniform),
	same(onTile(tileVote("("+cg+"Tile).All", "All"), grid.KindAll)),
	same(onTile(tileVote("("+cg+"Tile).Any", "Any"), grid.KindAny)),
	same(onTile(tileVote("("+cg+"Tile).Ballot", "Ballot"), grid.KindBallot)),
	onTile(groupColl(cg+"Shfl", "Shfl", 2), grid.KindShfl),
	onTile(groupColl(cg+"ShflUp", "ShflUp", 2), grid.KindShflUp),
	onTile(groupColl(cg+"ShflDown", "ShflDown", 2), grid.KindShflDown),
	onTile(groupColl(cg+"ShflXor", "ShflXor", 2), grid.KindShflXor),
	onCoalesced(groupColl(cg+"ShflRank", "ShflRank", 2)),
	same(groupOp(cg+"Reduce", "Reduce")),
	groupOp(cg+"InclusiveScan", "InclusiveScan"),
	groupOp(cg+"ExclusiveScan", "ExclusiveScan"),

	// Cooperative groups: coalesced groups, which are warp-level.
	onCoalesced(method("("+cg+"Coalesced).Sync", "Sync", Collective)),
	method("("+cg+"Coalesced).ThreadRank", "ThreadRank", Plain),
	method("("+cg+"Coalesced).Size", "Size", Plain),
	same(onCoalesced(tileVote("("+cg+"Coalesced).All", "All"))),
	same(onCoalesced(tileVote("("+cg+"Coalesced).Any", "Any"))),
	same(onCoalesced(tileVote("("+cg+"Coalesced).Ballot", "Ballot"))),
	onCoalesced(groupColl(cg+"BinaryPartition", "BinaryPartition", none)),
	onCoalesced(groupColl(cg+"LabeledPartition", "LabeledPartition", none)),

	// Atomics and fences: per thread to the compiler, ordering to the
	// checker.
	atomicOp("Add"), atomicOp("Sub"), atomicOp("Exch"), atomicOp("CAS"),
	atomicOp("Min"), atomicOp("Max"), atomicOp("Inc"), atomicOp("Dec"),
	atomicOp("And"), atomicOp("Or"), atomicOp("Xor"),
	method(atomic+"ThreadFence", "ThreadFence", Fence),
	method(atomic+"ThreadFenceSystem", "ThreadFenceSystem", Fence),
	method(atomic+"ThreadFenceBlock", "ThreadFenceBlock", BlockFence),
}

// atomicOp is an atomic function of package atomic: its pointer is its
// first argument, its operand the second.
func atomicOp(short string) *Entry {
	e := method(atomic+short, short, Atomic)
	e.Value = 1
	return e
}

// groupCtor is a constructor of a group handle from the thread.
func groupCtor(name, short string) *Entry {
	e := method(name, short, Group)
	e.Thread = 0
	return e
}

// coalescedCtor is CoalescedThreads: the lanes active where it is called,
// which only a warp-level collective can know.
func coalescedCtor() *Entry {
	e := method(cg+"CoalescedThreads", "CoalescedThreads", Collective)
	e.Thread = 0
	return e
}

// tileVote is a vote of a tile or coalesced group: its predicate is the
// value.
func tileVote(name, short string) *Entry {
	e := method(name, short, Collective)
	e.Value = 0
	return e
}

// groupColl is a collective function of package cg taking the group first
// and the value second; arg is the index of its shuffle argument.
func groupColl(name, short string, arg int) *Entry {
	e := method(name, short, Collective)
	e.Value, e.Arg = 1, arg
	return e
}

// onTile marks e as a tile's collective, completed as the gocuda
// collective of kind k over the tile's lanes.
func onTile(e *Entry, k grid.Kind) *Entry {
	e.Tile, e.Warp = true, k
	return e
}

// same marks e as a collective whose result every lane taking part
// shares.
func same(e *Entry) *Entry {
	e.Same = true
	return e
}

// groupOp is cg.Reduce or a scan: group, value, then the operator.
func groupOp(name, short string) *Entry {
	e := groupColl(name, short, none)
	e.Tile, e.Op, e.Coalesced = true, 2, true
	return e
}

// onCoalesced marks e as completed for coalesced groups.
func onCoalesced(e *Entry) *Entry {
	e.Coalesced = true
	return e
}

// A FieldKind is what a field of the Thread is to a block.
type FieldKind uint8

// The kinds of the thread's fields.
const (
	NotField    FieldKind = iota
	BlockField            // the same for every thread of a block: BlockIdx, BlockDim, GridDim
	ThreadField           // the thread's own index: ThreadIdx
)

// Field returns what the Thread's field name is.
func Field(name string) FieldKind {
	switch name {
	case "BlockIdx", "BlockDim", "GridDim":
		return BlockField
	case "ThreadIdx":
		return ThreadField
	}
	return NotField
}
