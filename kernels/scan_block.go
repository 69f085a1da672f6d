package kernels

import (
	"fmt"

	"github.com/gocuda/gocuda/gocuda"
)

// HillisSteeleScanKernel returns the Hillis–Steele block scan of P&H
// Appendix B, Figure B.8.7 (plus_scan): each block of a 1D grid scans the
// blockDim.X consecutive elements of in it covers into out, one element per
// thread, in log2(blockDim.X) steps; each step reads x[i-offset], waits at
// a barrier so that no thread overwrites a value another still has to
// read, then adds it in. If sums is not nil, the block's total goes to
// sums[blockIdx.X] for the multi-block driver (see Scan). Elements past
// len(in) count as zero.
//
//gocuda:kernel HillisSteeleScanKernel
func hillisSteeleScan[T Number](t *gocuda.Thread, in, out, sums []T, inclusive bool) {
	n := len(in)
	b, i := t.BlockDim.X, t.ThreadIdx.X
	x := gocuda.Shared[T](t, b)
	g := t.BlockIdx.X*b + i
	var v T
	if g < n {
		v = in[g]
	}
	x[i] = v
	t.SyncThreads()
	incl := scanHillisSteele(t, x)
	if g < n {
		switch {
		case inclusive:
			out[g] = incl
		case i > 0:
			out[g] = x[i-1] // final: plus_scan ends at a barrier
		default:
			out[g] = 0
		}
	}
	if sums != nil && i == b-1 {
		sums[t.BlockIdx.X] = incl
	}
}

// scanHillisSteele is Figure B.8.7's plus_scan: the inclusive scan in place
// of x, one element per thread (threads 0 to len(x)-1 of the block call
// it). It returns x[i] for the calling thread i.
func scanHillisSteele[T Number](t *gocuda.Thread, x []T) T {
	i := t.ThreadIdx.X
	for offset := 1; offset < len(x); offset *= 2 {
		var y T
		if i >= offset {
			y = x[i-offset]
		}
		t.SyncThreads() // every read of this step before any write
		if i >= offset {
			x[i] = y + x[i]
		}
		t.SyncThreads() // every write of this step before the next reads
	}
	return x[i]
}

// BlellochScanKernel returns Blelloch's work-efficient block scan as in
// GPU Gems 3, chapter 39 (Harris, Sengupta and Owens, Example 39-2): each
// block of a 1D grid scans the 2*blockDim.X consecutive elements of in it
// covers, two per thread, with an up-sweep that builds partial sums up a
// tree in shared memory and a down-sweep that pushes the prefixes back
// down, O(n) additions in 2*log2(n) steps. blockDim.X must be a power of
// two (the kernel fails with gocuda.ErrInvalidValue otherwise). The
// bank-conflict padding of the original is left out: the CPU has no banks.
// sums and the tail are as for HillisSteeleScanKernel.
//
//gocuda:kernel BlellochScanKernel
func blellochScan[T Number](t *gocuda.Thread, in, out, sums []T, inclusive bool) {
	n := len(in)
	b, thid := t.BlockDim.X, t.ThreadIdx.X
	if b&(b-1) != 0 {
		panic(fmt.Errorf("%w: Blelloch scan block of %d threads is not a power of two", gocuda.ErrInvalidValue, b))
	}
	m := 2 * b
	temp := gocuda.Shared[T](t, m)
	g := t.BlockIdx.X*m + 2*thid
	var a0, a1 T // kept: the inclusive result adds them back
	if g < n {
		a0 = in[g]
	}
	if g+1 < n {
		a1 = in[g+1]
	}
	temp[2*thid], temp[2*thid+1] = a0, a1
	offset := 1
	for d := m >> 1; d > 0; d >>= 1 { // up-sweep (reduce)
		t.SyncThreads()
		if thid < d {
			ai, bi := offset*(2*thid+1)-1, offset*(2*thid+2)-1
			temp[bi] += temp[ai]
		}
		offset *= 2
	}
	if thid == 0 {
		if sums != nil {
			sums[t.BlockIdx.X] = temp[m-1]
		}
		temp[m-1] = 0 // clear the root: the scan is exclusive
	}
	for d := 1; d < m; d *= 2 { // down-sweep
		offset >>= 1
		t.SyncThreads()
		if thid < d {
			ai, bi := offset*(2*thid+1)-1, offset*(2*thid+2)-1
			y := temp[ai]
			temp[ai] = temp[bi]
			temp[bi] += y
		}
	}
	t.SyncThreads()
	e0, e1 := temp[2*thid], temp[2*thid+1]
	if inclusive {
		e0, e1 = e0+a0, e1+a1
	}
	if g < n {
		out[g] = e0
	}
	if g+1 < n {
		out[g+1] = e1
	}
}

// WarpShuffleScanKernel returns the warp-shuffle block scan of the CUDA
// samples' shfl_scan: each warp scans its 32 elements with __shfl_up_sync
// in log2(32) steps, the last lane of each warp leaves the warp's total in
// shared memory, the first warp scans those totals the same way, and every
// thread adds its warp's prefix. Each block of a 1D grid covers blockDim.X
// consecutive elements, one per thread; sums and the tail are as for
// HillisSteeleScanKernel.
//
//gocuda:kernel WarpShuffleScanKernel
func warpShuffleScan[T Number](t *gocuda.Thread, in, out, sums []T, inclusive bool) {
	n := len(in)
	b := t.BlockDim.X
	g := t.BlockIdx.X*b + t.ThreadIdx.X
	var v T
	if g < n {
		v = in[g]
	}
	excl, incl := scanBlockWarp(t, v)
	if g < n {
		if inclusive {
			out[g] = incl
		} else {
			out[g] = excl
		}
	}
	if sums != nil && t.ThreadIdx.X == b-1 {
		sums[t.BlockIdx.X] = incl
	}
}

// scanBlockWarp scans v over the threads of a 1D block by warp shuffles
// (see WarpShuffleScanKernel) and returns the calling thread's exclusive
// and inclusive prefixes; the last thread's inclusive prefix is the block's
// total. A block of one warp needs no shared memory and no barrier.
func scanBlockWarp[T Number](t *gocuda.Thread, v T) (T, T) {
	const w = gocuda.WarpSize
	b, lane, warp := t.BlockDim.X, t.LaneID(), t.WarpID()
	lanes := min(w, b-warp*w) // the last warp may be partial
	mask := scanLaneMask(lanes)
	incl := scanWarpInclusive(t, mask, lanes, v)
	excl := gocuda.ShflUpSync(t, mask, incl, 1, w) // exact, unlike incl-v for floats
	if lane == 0 {
		excl = 0
	}
	if b > w {
		totals := gocuda.Shared[T](t, w)
		if lane == lanes-1 {
			totals[warp] = incl
		}
		t.SyncThreads()
		if warp == 0 { // a full warp, since b > w
			warps := scanCeil(b, w)
			var s T
			if lane < warps {
				s = totals[lane]
			}
			totals[lane] = scanWarpInclusive(t, gocuda.FullMask, warps, s)
		}
		t.SyncThreads()
		if warp > 0 {
			excl, incl = excl+totals[warp-1], incl+totals[warp-1]
		}
	}
	return excl, incl
}

// scanWarpInclusive is the shuffle scan of the first `lanes` lanes of a
// warp (mask): after step d every lane holds the sum of the 2d values
// ending at it. Every warp takes the five steps of a full one, the same
// for the whole block; a partial warp's lanes ignore the steps past it.
func scanWarpInclusive[T Number](t *gocuda.Thread, mask uint32, lanes int, v T) T {
	lane := t.LaneID()
	for d := 1; d < gocuda.WarpSize; d <<= 1 {
		y := gocuda.ShflUpSync(t, mask, v, d, gocuda.WarpSize)
		if lane >= d && d < lanes {
			v += y
		}
	}
	return v
}

// scanLaneMask returns the mask of a warp's first lanes lanes.
func scanLaneMask(lanes int) uint32 {
	if lanes >= gocuda.WarpSize {
		return gocuda.FullMask
	}
	return uint32(1)<<lanes - 1
}
