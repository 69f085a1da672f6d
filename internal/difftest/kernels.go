package difftest

import (
	"sync/atomic"

	"github.com/gocuda/gocuda/gocuda"
)

const tile = 16

// MatMulTiledKernel returns the tiled matrix multiply.
//
//gocuda:kernel MatMulTiledKernel
func matMulTiled(t *gocuda.Thread, a, b, c []float32, m, k, n int) {
	as := gocuda.Shared[[tile]float32](t, tile)
	bs := gocuda.Shared[[tile]float32](t, tile)
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
	row := t.BlockIdx.Y*tile + ty
	col := t.BlockIdx.X*tile + tx
	var sum float32
	for p := 0; p < k; p += tile {
		as[ty][tx], bs[ty][tx] = load(a, b, row, col, p+tx, p+ty, m, k, n)
		t.SyncThreads()
		for q := range tile {
			sum += as[ty][q] * bs[q][tx]
		}
		t.SyncThreads()
	}
	if row < m && col < n {
		c[row*n+col] = sum
	}
}

func load(a, b []float32, row, col, ac, br, m, k, n int) (av, bv float32) {
	if row < m && ac < k {
		av = a[row*k+ac]
	}
	if br < k && col < n {
		bv = b[br*n+col]
	}
	return av, bv
}

// ScanKernel is a Hillis-Steele block scan with an early exit.
//
//gocuda:kernel ScanKernel
func scan[T int32 | float32](t *gocuda.Thread, in, out []T) {
	temp := gocuda.Shared[T](t, t.BlockDim.X)
	tid := t.ThreadIdx.X
	i := t.BlockIdx.X*t.BlockDim.X + tid
	if i < len(in) {
		temp[tid] = in[i]
	}
	t.SyncThreads()
	for off := 1; off < t.BlockDim.X; off *= 2 {
		var v T
		if tid >= off {
			v = temp[tid-off]
		}
		t.SyncThreads()
		temp[tid] += v
		t.SyncThreads()
	}
	if i >= len(in) {
		return
	}
	n := t.SyncThreadsCount(temp[tid] > 0)
	out[i] = temp[tid] + T(n-n)
}

// BlellochKernel is the work-efficient exclusive block scan of Blelloch
// (GPU Gems 3, ch. 39): a uniform variable (offset) changed between
// barriers, block-level loops counting down and up.
//
//gocuda:kernel BlellochKernel
func blelloch(t *gocuda.Thread, in, out []int32) {
	n := t.BlockDim.X * 2
	temp := gocuda.Shared[int32](t, n)
	tid := t.ThreadIdx.X
	base := t.BlockIdx.X * n
	for j := range 2 {
		if k := base + 2*tid + j; k < len(in) {
			temp[2*tid+j] = in[k]
		}
	}
	offset := 1
	for d := n >> 1; d > 0; d >>= 1 {
		t.SyncThreads()
		if tid < d {
			ai, bi := offset*(2*tid+1)-1, offset*(2*tid+2)-1
			temp[bi] += temp[ai]
		}
		offset *= 2
	}
	if tid == 0 {
		temp[n-1] = 0
	}
	for d := 1; d < n; d *= 2 {
		offset >>= 1
		t.SyncThreads()
		if tid < d {
			ai, bi := offset*(2*tid+1)-1, offset*(2*tid+2)-1
			temp[ai], temp[bi] = temp[bi], temp[ai]+temp[bi]
		}
	}
	t.SyncThreads()
	for j := range 2 {
		if k := base + 2*tid + j; k < len(out) {
			out[k] = temp[2*tid+j]
		}
	}
}

// VotesKernel exercises the barriers with predicates, early exits and
// block-level if/else chains: per block it records the count, and and or
// of the live threads' predicates, and which branch the block took.
//
//gocuda:kernel VotesKernel
func votes(t *gocuda.Thread, in []int32, out []int32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= len(in) {
		return
	}
	n := t.SyncThreadsCount(in[i] > 0)
	all := t.SyncThreadsAnd(in[i] > 0)
	var some bool
	some = t.SyncThreadsOr(in[i] < 0)
	branch := int32(0)
	if t.BlockIdx.X%2 == 0 {
		t.SyncThreads()
		branch = 1
	} else if t.BlockIdx.X%3 == 0 {
		branch = 2
		t.SyncThreads()
	} else {
		for r := range t.BlockIdx.X % 4 {
			t.SyncThreads()
			branch += int32(r) + 3
		}
	}
	if t.ThreadIdx.X == 0 {
		b := 4 * t.BlockIdx.X
		out[b], out[b+1], out[b+2], out[b+3] = int32(n), b2i(all), b2i(some), branch
	}
}

func b2i(b bool) int32 {
	if b {
		return 1
	}
	return 0
}

// RotateKernel rotates each block's elements by one place through dynamic
// shared memory, in 3D blocks: replicated values of several types, the
// thread's 3D index, a per-thread loop.
//
//gocuda:kernel RotateKernel
func rotate(t *gocuda.Thread, in, out []float64) {
	buf := gocuda.DynamicShared[float64](t)
	r := t.ThreadRank()
	size := t.BlockDim.X * t.BlockDim.Y * t.BlockDim.Z
	g := t.BlockIdx.X*size + r
	v, ok := 0.0, g < len(in)
	if ok {
		v = in[g]
	}
	idx := [3]int{t.ThreadIdx.X, t.ThreadIdx.Y, t.ThreadIdx.Z}
	buf[r] = v
	t.SyncThreads()
	w := buf[(r+1)%size]
	for k := range idx {
		w += float64(idx[k]) / 1000
	}
	t.SyncThreads()
	if ok {
		out[g] = w
	}
}

// PanicKernel panics in one thread chosen by its arguments, after a
// barrier: the launch's error must name that block and thread and this
// file's line, on either path.
//
//gocuda:kernel PanicKernel
func panicKernel(t *gocuda.Thread, block, thread int, out []int) {
	out[t.BlockIdx.X] = 1
	t.SyncThreads()
	if t.BlockIdx.X == block && t.ThreadRank() == thread {
		panic("boom")
	}
}

// SAXPYKernel is the scalar grid-stride SAXPY: no barrier, one thread loop
// per block.
//
//gocuda:kernel SAXPYKernel
func saxpy(t *gocuda.Thread, a float32, x, y []float32) {
	for i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X; i < len(x); i += t.BlockDim.X * t.GridDim.X {
		y[i] = a*x[i] + y[i]
	}
}

// TreeKernel sums each block's inputs with inlined helpers: one runs the
// barrier loop of the sequential-addressing tree, another returns the sum.
//
//gocuda:kernel TreeKernel
func tree[T int32 | float32](t *gocuda.Thread, in, partial []T) {
	sdata := gocuda.Shared[T](t, t.BlockDim.X)
	tid := t.ThreadIdx.X
	i := t.BlockIdx.X*t.BlockDim.X + tid
	var v T
	if i < len(in) {
		v = in[i]
	}
	sdata[tid] = v
	t.SyncThreads()
	sum := treeSum(t, sdata)
	if tid == 0 {
		partial[t.BlockIdx.X] = sum
	}
}

// treeSum folds x down to x[0] and returns it.
func treeSum[T int32 | float32](t *gocuda.Thread, x []T) T {
	treeSteps(t, x, 0)
	return x[0]
}

// treeSteps runs the steps of the sequential-addressing tree down to stop.
func treeSteps[T int32 | float32](t *gocuda.Thread, x []T, stop int) {
	tid := t.ThreadIdx.X
	for s := len(x) / 2; s > stop; s /= 2 {
		if tid < s {
			x[tid] += x[tid+s]
		}
		t.SyncThreads()
	}
}

// WarpReduceKernel is Luitjens's block reduction by warp shuffles, with
// helpers: each warp sums its lanes with ShflDownSync, lane 0 of each warp
// stores the warp's sum, and warp 0 (a condition that differs from warp to
// warp: a masked branch) sums those.
//
//gocuda:kernel WarpReduceKernel
func warpReduce(t *gocuda.Thread, in, partial []int32) {
	sums := gocuda.Shared[int32](t, gocuda.WarpSize)
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	var v int32
	if i < len(in) {
		v = in[i]
	}
	v = warpSum(t, v)
	if t.LaneID() == 0 {
		sums[t.WarpID()] = v
	}
	t.SyncThreads()
	if t.WarpID() == 0 {
		var s int32
		if t.LaneID() < (t.BlockDim.X+gocuda.WarpSize-1)/gocuda.WarpSize {
			s = sums[t.LaneID()]
		}
		s = warpSum(t, s)
		if t.LaneID() == 0 {
			partial[t.BlockIdx.X] = s
		}
	}
}

// warpSum returns, in lane 0, the sum of v over the warp.
func warpSum(t *gocuda.Thread, v int32) int32 {
	for offset := gocuda.WarpSize / 2; offset > 0; offset /= 2 {
		v += gocuda.ShflDownSync(t, gocuda.FullMask, v, offset, gocuda.WarpSize)
	}
	return v
}

// ShflScanKernel is the inclusive warp scan of the CUDA samples' shfl_scan
// over blocks whose last warp may be partial: ShflUpSync with the mask of
// the warp's lanes, and each warp's total from its last lane.
//
//gocuda:kernel ShflScanKernel
func shflScan(t *gocuda.Thread, in, out []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	lanes := min(gocuda.WarpSize, t.BlockDim.X-t.WarpID()*gocuda.WarpSize)
	mask := ^uint32(0) >> (gocuda.WarpSize - lanes)
	var v float32
	if i < len(in) {
		v = in[i]
	}
	for d := 1; d < gocuda.WarpSize; d *= 2 {
		y := gocuda.ShflUpSync(t, mask, v, d, gocuda.WarpSize)
		if t.LaneID() >= d {
			v += y
		}
	}
	total := gocuda.ShflSync(t, mask, v, lanes-1, gocuda.WarpSize)
	if i < len(out) {
		out[i] = v + total/1024
	}
}

// VoteKernel records, per thread, a ballot, all and any votes, a
// reduction, a match and ActiveMask in both arms of a branch on the lane's
// parity, and a SyncWarp-separated exchange through shared memory in warp
// 0's lanes below 16.
//
//gocuda:kernel VoteKernel
func vote(t *gocuda.Thread, in []int32, out []uint32) {
	lane := t.LaneID()
	r := t.ThreadRank()
	pred := in[r] > 0
	ballot := t.BallotSync(gocuda.FullMask, pred)
	all := t.AllSync(gocuda.FullMask, pred)
	anyPos := t.AnySync(gocuda.FullMask, pred)
	sum := gocuda.ReduceAddSync(t, gocuda.FullMask, in[r])
	low := gocuda.ReduceMinSync(t, gocuda.FullMask, in[r])
	same := gocuda.MatchAnySync(t, gocuda.FullMask, in[r]%3)
	var active uint32
	if lane%2 == 0 {
		active = t.ActiveMask()
	} else {
		active = t.ActiveMask()
	}
	buf := gocuda.Shared[int32](t, 16)
	var swapped int32
	if r < 16 {
		buf[r] = in[r]
		t.SyncWarp(0xffff)
		swapped = buf[15-r]
	}
	out[8*r], out[8*r+1], out[8*r+2], out[8*r+3] = ballot, uint32(b2i(all)), uint32(b2i(anyPos)), uint32(sum)
	out[8*r+4], out[8*r+5], out[8*r+6], out[8*r+7] = uint32(low), same, active, uint32(swapped)
}

// StrandedKernel calls a shuffle with the full mask in the lanes below 16
// only: the other lanes return without it.
//
//gocuda:kernel StrandedKernel
func stranded(t *gocuda.Thread, out []int32) {
	if t.LaneID() < 16 {
		out[t.LaneID()] = gocuda.ShflSync(t, gocuda.FullMask, int32(t.LaneID()), 0, gocuda.WarpSize)
	}
}

// IndexPanicKernel indexes out past its end in a thread loop that does not
// read the thread: the failure must still name the thread.
//
//gocuda:kernel IndexPanicKernel
func indexPanic(t *gocuda.Thread, out []int) {
	i := t.ThreadRank()
	i *= 2
	t.SyncThreads()
	out[i] = 1
}

// MaskedCollectivesKernel runs the collectives VoteKernel does not, in a
// branch that only the lanes below 20 of each warp take, with the mask of
// those lanes: ShflXorSync over segments of 8, and the max, and, or and
// xor reductions.
//
//gocuda:kernel MaskedCollectivesKernel
func maskedCollectives(t *gocuda.Thread, in []int32, out []uint32) {
	r := t.ThreadRank()
	if t.LaneID() < 20 {
		v := in[r]
		x := gocuda.ShflXorSync(t, 0xfffff, v, 3, 8)
		hi := gocuda.ReduceMaxSync(t, 0xfffff, v)
		and := gocuda.ReduceAndSync(t, 0xfffff, uint32(v))
		or := gocuda.ReduceOrSync(t, 0xfffff, uint32(v))
		xor := gocuda.ReduceXorSync(t, 0xfffff, uint32(v))
		out[5*r], out[5*r+1], out[5*r+2], out[5*r+3], out[5*r+4] = uint32(x), uint32(hi), and, or, xor
	}
}

// BranchesKernel mixes the harder shapes: a masked if/else-if/else whose
// arms each shuffle, an early return inside a masked branch followed by a
// collective after the threads reconverge, one helper with a barrier
// inlined at two places, and a block-level range over a parameter slice
// with a barrier inside.
//
//gocuda:kernel BranchesKernel
func branches(t *gocuda.Thread, in []int32, steps []int, out []int32) {
	lane, r := t.LaneID(), t.ThreadRank()
	v := in[r]
	if lane%3 == 0 {
		v = gocuda.ShflDownSync(t, 0x49249249, v, 3, 32)
	} else if lane%3 == 1 {
		v = gocuda.ShflUpSync(t, 0x92492492, v, 3, 32)
	} else {
		v += 1000
	}
	if lane >= 28 {
		if v > 0 {
			out[r] = -1
			return
		}
	}
	m := t.ActiveMask()
	v = gocuda.ReduceAddSync(t, m, v)
	s := gocuda.Shared[int32](t, t.BlockDim.X)
	v = bump(t, s, v)
	for _, k := range steps {
		s[r] = v + int32(k)
		t.SyncThreads()
		v = s[(r+k)%t.BlockDim.X]
		t.SyncThreads()
	}
	v = bump(t, s, v)
	out[r] = v
}

// bump stores v, and after a barrier returns it plus the next thread's.
func bump(t *gocuda.Thread, s []int32, v int32) int32 {
	r := t.ThreadRank()
	s[r] = v
	t.SyncThreads()
	w := v + s[(r+1)%len(s)]
	t.SyncThreads()
	return w
}

// SpinKernel waits for a flag nobody sets: it loops forever, unless its
// launch is stopped.
//
//gocuda:kernel SpinKernel
func spin(t *gocuda.Thread, flag []int32) {
	for atomic.LoadInt32(&flag[0]) == 0 {
	}
	t.SyncThreads()
}

// LaneVarResidueKernel stores each warp's first element under a guard
// on a lane named in a variable (lane := tid % 32), the residue class
// the compiled form steps through, which must admit the threads the
// guard does in blocks of any shape.
//
//gocuda:kernel LaneVarResidueKernel
func laneVarResidue(t *gocuda.Thread, in, out []int32) {
	tid := t.ThreadIdx.X
	row := (t.BlockIdx.X*t.BlockDim.Y+t.ThreadIdx.Y)*t.BlockDim.X + tid
	lane := tid % 32
	if lane == 0 {
		out[row] = in[row] + 1
	}
}

// MaskResidueKernel is LaneVarResidueKernel with a mask of uniform
// width, bits := tid & mask; if bits == c (a class only where mask+1 is
// a power of two).
//
//gocuda:kernel MaskResidueKernel
func maskResidue(t *gocuda.Thread, in, out []int32, mask, c int) {
	tid := t.ThreadIdx.X
	row := (t.BlockIdx.X*t.BlockDim.Y+t.ThreadIdx.Y)*t.BlockDim.X + tid
	bits := tid & mask
	if bits == c {
		out[row] = in[row] + 2
	}
}

// ModResidueKernel is LaneVarResidueKernel with a uniform modulus,
// r := tid % m; if r == c.
//
//gocuda:kernel ModResidueKernel
func modResidue(t *gocuda.Thread, in, out []int32, m, c int) {
	tid := t.ThreadIdx.X
	row := (t.BlockIdx.X*t.BlockDim.Y+t.ThreadIdx.Y)*t.BlockDim.X + tid
	r := tid % m
	if r == c {
		out[row] = in[row] + 3
	}
}

// StuckDoublingKernel is a tree whose stride starts at a value that
// doubling never moves (a student's s := 0; s < n; s *= 2): with start 0
// it loops forever, so a compiled form must check for a stopped launch at
// its back-edge.
//
//gocuda:kernel StuckDoublingKernel
func stuckDoubling(t *gocuda.Thread, data []int32, start int) {
	tid := t.ThreadIdx.X
	for s := start; s < t.BlockDim.X; s *= 2 {
		if tid >= s {
			data[tid] += 1
		}
		t.SyncThreads()
	}
}

// SpinLanesKernel loops until its launch is stopped (odd is odd, k even),
// in a loop of the same trips for every thread that the SIMD build's
// vector steps take, checking for a stop at its back-edge: a stopped
// launch leaves it from a vector step, of sixteen lanes or eight.
//
//gocuda:kernel SpinLanesKernel
func spinLanes(t *gocuda.Thread, in, out []float32, odd int32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	v := in[i]
	for k := int32(0); k != odd; k += 2 {
		v = v*0.5 + 1
	}
	out[i] = v
}
