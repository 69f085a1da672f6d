package kapi

import (
	"go/types"
	"strings"

	"github.com/gocuda/gocuda/internal/grid"
)

// Import paths of the packages whose API the table describes.
const (
	GocudaPath = "github.com/gocuda/gocuda/gocuda"
	CGPath     = "github.com/gocuda/gocuda/cg"
	AtomicPath = "github.com/gocuda/gocuda/atomic"
	// GeneratedVersion is the constant of package compiled that every
	// generated file names: package compiled declares the current one
	// only, so a generated file and a runtime that no longer match fail to
	// build at that line.
	GeneratedVersion = "GeneratedCodeVersion4"
)

// A Kind is what a call means to code that rewrites kernels.
type Kind uint8

// The kinds of calls.
const (
	Plain       Kind = iota // an ordinary call, per thread
	Index                   // the thread's index (ThreadRank, LaneID...): pure, varies by thread
	Uniform                 // a value the same for every thread of a block (ThreadBlock.Size...)
	Barrier                 // a block barrier: __syncthreads
	BarrierPred             // a block barrier reducing a predicate: __syncthreads_count/and/or
	GridBarrier             // a grid-wide barrier
	Collective              // a warp collective: lanes complete it together
	SharedDecl              // a shared-memory declaration: the same slice for the whole block
	Group                   // a cooperative-groups handle (ThisThreadBlock...)
	Atomic                  // an atomic read-modify-write of *p, p its first argument (package atomic)
	Fence                   // a device-wide memory fence: __threadfence, __threadfence_system
	BlockFence              // a fence for the calling thread's block alone: __threadfence_block
)

// Sync reports whether a call of kind k synchronizes threads.
func (k Kind) Sync() bool {
	return k == Barrier || k == BarrierPred || k == GridBarrier || k == Collective
}

// A Reduce is what a BarrierPred reduces its predicate to.
type Reduce uint8

// The reductions of the predicate barriers.
const (
	NoReduce Reduce = iota
	Count           // the number of threads whose predicate is true
	And             // whether every thread's predicate is true
	Or              // whether any thread's predicate is true
)

// An Entry describes one function or method of the kernel API.
type Entry struct {
	Name   string // types.Func.FullName of the generic origin
	Short  string // the name alone: "ShflDownSync", "SyncThreads", "Sync"
	Kind   Kind
	Reduce Reduce // for BarrierPred
	// Engine reports that the engine completes this collective for
	// compiled code, as Warp.
	Engine bool
	Warp   grid.Kind
	// The index in the call's arguments (the receiver not counted) of the
	// thread, the mask, the value, the shuffle argument and the shuffle
	// width; -1 where the call has none.
	Thread, Mask, Value, Arg, Width int
	// Tile marks a collective that compiled code completes for a tile
	// (cg.TiledPartition's thread_block_tile) when its group, the receiver
	// or the first argument, is one: as the gocuda collective of kind Warp
	// over the tile's lanes, or, where Op is an argument's index (the
	// operator of cg.Reduce and the scans), as that reduction or scan.
	Tile bool
	Op   int
	// Coalesced marks a collective that compiled code completes for
	// coalesced groups (compiled.CoalescedLanes, CoalescedReduce) when
	// its group is a cg.Coalesced, or, for the partitions, a tile.
	Coalesced bool
	// Same marks a collective whose result is the same for every lane
	// that takes part (the mask's, the group's): a reduction or a vote.
	// A shuffle from one source lane (Warp is grid.KindShfl) is too where
	// its argument is the same for them.
	Same bool
}

var (
	byName  = map[string]*Entry{}
	byShort = map[string]*Entry{} // gocuda's collectives by Short name
)

// Lookup returns the entry of fn, or false if fn is not part of the
// kernel API (a plain function).
func Lookup(fn *types.Func) (Entry, bool) {
	if fn == nil {
		return Entry{}, false
	}
	e, ok := byName[fn.Origin().FullName()]
	if !ok {
		return Entry{}, false
	}
	return *e, true
}

// ByName returns the entry of the function with full name name.
func ByName(name string) (Entry, bool) {
	e, ok := byName[name]
	if !ok {
		return Entry{}, false
	}
	return *e, true
}

// CollectiveNamed returns the gocuda warp collective whose short name is short
// (as compiled code names it: "ShflDownSync", "BallotSync", "ActiveMask").
func CollectiveNamed(short string) (Entry, bool) {
	e, ok := byShort[short]
	if !ok {
		return Entry{}, false
	}
	return *e, true
}

// Entries returns every entry of the table, in table order.
func Entries() []Entry {
	out := make([]Entry, len(table))
	for i, e := range table {
		out[i] = *e
	}
	return out
}

func init() {
	for _, e := range table {
		if byName[e.Name] != nil {
			panic("kapi: duplicate entry " + e.Name)
		}
		byName[e.Name] = e
		if e.Engine {
			byShort[e.Short] = e
		}
	}
}

// GeneratedFile reports whether path is named as a file gocuda compile
// writes: file_gocuda.go, the files of each build's own declarations,
// file_gocuda_simd.go and file_gocuda_nosimd.go, or the file of the PTX
// pack, file_gocuda_ptx.go. The instrumenter and the profiler leave such
// files alone.
func GeneratedFile(path string) bool {
	for _, suffix := range []string{"_gocuda.go", "_gocuda_simd.go", "_gocuda_nosimd.go", "_gocuda_ptx.go"} {
		if strings.HasSuffix(path, suffix) {
			return true
		}
	}
	return false
}
