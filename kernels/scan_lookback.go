package kernels

import (
	"runtime"
	syncatomic "sync/atomic"

	"github.com/gocuda/gocuda/atomic"
	"github.com/gocuda/gocuda/gocuda"
)

// Tile status flags of the decoupled look-back.
const (
	scanFlagNone      = iota // nothing published yet
	scanFlagAggregate        // the tile's own sum is known
	scanFlagInclusive        // the sum of every element up to the tile's end is known
)

// ScanTileState is one tile's status word in Merrill and Garland's
// single-pass scan with decoupled look-back ("Single-pass Parallel Prefix
// Scan with Decoupled Look-back", NVIDIA 2016), as used by
// LookbackScanKernel and CoarsenedScanKernel. A tile first publishes its
// aggregate (its own sum), then, once it has looked back over its
// predecessors, its inclusive prefix. The zero value is "nothing
// published": a launch needs a zeroed slice of at least one per tile, as a
// CUDA launch needs its tile status memset to zero.
type ScanTileState[T Number] struct {
	flag      syncatomic.Uint32 // scanFlag*: published after the value it names
	aggregate T
	inclusive T
}

// scanTileShared is what a look-back block shares: its logical tile index
// and the exclusive prefix of its tile.
type scanTileShared[T Number] struct {
	tile   int
	prefix T
}

// scanTicket draws the block's logical tile index from the launch's
// counter, so that tiles are numbered in the order blocks start and a tile
// only ever waits for tiles that have started (blocks run in any order). It
// is a barrier: every thread of the block returns the same tile.
func scanTicket[T Number](t *gocuda.Thread, sh []scanTileShared[T], ticket *uint32) int {
	if t.ThreadIdx.X == 0 {
		sh[0].tile = int(atomic.Add(ticket, 1))
	}
	t.SyncThreads()
	return sh[0].tile
}

// scanPublish publishes a tile's aggregate, looks back for its exclusive
// prefix, publishes its inclusive prefix and returns the exclusive one. One
// thread per tile calls it.
func scanPublish[T Number](status []ScanTileState[T], tile int, aggregate T) T {
	s := &status[tile]
	var prefix T
	if tile > 0 {
		s.aggregate = aggregate
		atomic.ThreadFence() // the aggregate before its flag (on a GPU)
		s.flag.Store(scanFlagAggregate)
		prefix = scanLookBack(status, tile)
	}
	s.inclusive = prefix + aggregate
	atomic.ThreadFence()
	s.flag.Store(scanFlagInclusive)
	return prefix
}

// scanLookBack walks back from tile-1, adding aggregates until it meets a
// tile whose inclusive prefix is known, and returns tile's exclusive
// prefix. It waits (yielding the processor: the publisher may need it) on a
// tile that has published nothing yet; that tile has started, having drawn
// a smaller ticket, so it will.
func scanLookBack[T Number](status []ScanTileState[T], tile int) T {
	var sum T // aggregates of the tiles after p
	for p := tile - 1; p >= 0; {
		s := &status[p]
		switch s.flag.Load() {
		case scanFlagInclusive:
			return s.inclusive + sum
		case scanFlagAggregate:
			sum = s.aggregate + sum
			p--
		default:
			runtime.Gosched()
		}
	}
	return sum
}

// LookbackScanKernel returns Merrill and Garland's single-pass scan with
// decoupled look-back, one element per thread: each block draws its tile
// index from *ticket (zero before the launch), scans its blockDim.X
// elements with warp shuffles (see WarpShuffleScanKernel), and its last
// thread publishes the tile's aggregate in status, looks back over the
// predecessors' status for the tile's prefix, and publishes the inclusive
// prefix; then every thread adds the prefix. Launch it on a 1D grid of
// ceil(len(in)/blockDim.X) blocks with status zeroed and that long.
//
//gocuda:kernel LookbackScanKernel
func lookbackScan[T Number](t *gocuda.Thread, in, out []T, status []ScanTileState[T], ticket *uint32, inclusive bool) {
	n := len(in)
	sh := gocuda.Shared[scanTileShared[T]](t, 1)
	b := t.BlockDim.X
	tile := scanTicket(t, sh, ticket)
	i := tile*b + t.ThreadIdx.X
	var v T
	if i < n {
		v = in[i]
	}
	excl, incl := scanBlockWarp(t, v)
	if t.ThreadIdx.X == b-1 { // its inclusive prefix is the tile's sum
		sh[0].prefix = scanPublish(status, tile, incl)
	}
	t.SyncThreads()
	if i < n {
		if inclusive {
			out[i] = sh[0].prefix + incl
		} else {
			out[i] = sh[0].prefix + excl
		}
	}
}

// LookbackScan scans in into out on dev with LookbackScanKernel, blocks of
// up to 256 threads, in one launch; see Scan.
func LookbackScan[T Number](dev *gocuda.Device, in, out []T, inclusive bool) error {
	if err := scanCheck(dev, in, out); err != nil {
		return err
	}
	n := len(in)
	if n == 0 {
		return nil
	}
	b := min(256, scanCeil(n, gocuda.WarpSize)*gocuda.WarpSize)
	tiles := scanCeil(n, b)
	status := make([]ScanTileState[T], tiles) // zeroed, as by cudaMemset
	var ticket uint32
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: tiles}, Block: gocuda.Dim3{X: b}}
	return dev.Launch(cfg, LookbackScanKernel(in, out, status, &ticket, inclusive))
}

// Shape of CoarsenedScan's tiles: one warp whose threads each scan a run
// of 512 to 16384 elements, so that the block's three barriers and its
// look-back are paid once per 16Ki to 512Ki elements. A tile of 2 MiB of
// float32 outgrows a core's 1 MiB L2 between its two passes, yet runs
// of 16384 beat runs of 4096 (512 KiB tiles) and shorter ones over 2^24
// float32 in both builds, likely because a tile waits on its
// predecessor's total, and fewer tiles wait less: BenchmarkScan's
// coarsenedCompiled at n=16777216 shows the speed at the chosen run
// length.
const (
	scanCoarseThreads  = gocuda.WarpSize
	scanCoarseMinItems = 512
	scanCoarseMaxItems = 16384
)

// CoarsenedScanKernel returns the coarsened single-pass scan: the
// decoupled look-back of LookbackScanKernel over tiles of
// blockDim.X*items elements, in which each thread owns a run of items
// consecutive elements (CUB's blocked arrangement, ITEMS_PER_THREAD). Each
// thread sums its run serially into shared memory; the last thread scans
// those run totals serially (a raking scan, as CUB's BLOCK_SCAN_RAKING
// with one raking thread), publishes the tile and looks back; then each
// thread scans its run serially from its prefix. This suits a CPU: the
// block pays three barriers per tile, not a few per element, and a tile's
// second pass reads from cache. Launch it on a 1D grid of
// ceil(len(in)/(blockDim.X*items)) blocks with status zeroed and that long
// and *ticket zero.
//
//gocuda:kernel CoarsenedScanKernel
func coarsenedScan[T Number](t *gocuda.Thread, in, out []T, status []ScanTileState[T], ticket *uint32, inclusive bool, items int) {
	n := len(in)
	sh := gocuda.Shared[scanTileShared[T]](t, 1)
	b, tid := t.BlockDim.X, t.ThreadIdx.X
	totals := gocuda.Shared[T](t, b)
	tile := scanTicket(t, sh, ticket)
	lo := min(n, (tile*b+tid)*items)
	hi := min(n, lo+items)
	totals[tid] = scanSum(in[lo:hi])
	t.SyncThreads()
	if tid == b-1 { // one raking thread for the whole block
		var s T
		for j, x := range totals { // exclusive scan of the run totals
			totals[j] = s
			s += x
		}
		sh[0].prefix = scanPublish(status, tile, s)
	}
	t.SyncThreads()
	scanSerial(in[lo:hi], out[lo:hi], sh[0].prefix+totals[tid], inclusive)
}

// CoarsenedScan scans in into out on dev with CoarsenedScanKernel in one
// launch: blocks of one warp, runs of 512 to 16384 elements per thread,
// chosen so that a long input gives each worker several tiles; see Scan.
func CoarsenedScan[T Number](dev *gocuda.Device, in, out []T, inclusive bool) error {
	if err := scanCheck(dev, in, out); err != nil {
		return err
	}
	n := len(in)
	if n == 0 {
		return nil
	}
	items := scanCeil(n, scanCoarseThreads*4*dev.Workers()) // about 4 tiles a worker
	items = min(max(items, scanCoarseMinItems), scanCoarseMaxItems, scanCeil(n, scanCoarseThreads))
	tiles := scanCeil(n, scanCoarseThreads*items)
	status := make([]ScanTileState[T], tiles)
	var ticket uint32
	cfg := gocuda.Config{Grid: gocuda.Dim3{X: tiles}, Block: gocuda.Dim3{X: scanCoarseThreads}}
	return dev.Launch(cfg, CoarsenedScanKernel(in, out, status, &ticket, inclusive, items))
}
