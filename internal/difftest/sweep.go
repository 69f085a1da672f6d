package difftest

import "github.com/gocuda/gocuda/gocuda"

// The kernels of this file are Blelloch's work-efficient block scan (GPU
// Gems 3, Example 39-2): an up-sweep and a down-sweep over shared memory.
// The compiled form runs the up-sweep's first three steps and the
// down-sweep's last three as one where the block allows (the trees
// pass).

// SweepScanKernel scans each block's 2·bdx elements of data in place,
// exclusively, in Blelloch's order; the sweeps' offset starts at start
// (1 in GPU Gems; another value strides further, over a tile of start·2·bdx
// elements, and the steps run as written).
//
//gocuda:kernel SweepScanKernel
func sweepScan(t *gocuda.Thread, data []float32, start int) {
	m := 2 * t.BlockDim.X
	thid := t.ThreadIdx.X
	base := t.BlockIdx.X * m
	temp := gocuda.Shared[float32](t, start*m)
	temp[2*thid], temp[2*thid+1] = data[base+2*thid], data[base+2*thid+1]
	offset := start
	for d := m >> 1; d > 0; d >>= 1 {
		t.SyncThreads()
		if thid < d {
			ai, bi := offset*(2*thid+1)-1, offset*(2*thid+2)-1
			temp[bi] += temp[ai]
		}
		offset *= 2
	}
	if thid == 0 {
		temp[m-1] = 0
	}
	for d := 1; d < m; d *= 2 {
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
	data[base+2*thid], data[base+2*thid+1] = temp[2*thid], temp[2*thid+1]
}

// SweepScanIntKernel is SweepScanKernel on int32s, whose sums wrap, its
// indexes one statement each and its offset shifted; the up-sweep's sums
// are also left in tree, a block's 2·bdx elements each.
//
//gocuda:kernel SweepScanIntKernel
func sweepScanInt(t *gocuda.Thread, data, tree []int32) {
	m := 2 * t.BlockDim.X
	thid := t.ThreadIdx.X
	base := t.BlockIdx.X * m
	temp := gocuda.Shared[int32](t, m)
	temp[2*thid], temp[2*thid+1] = data[base+2*thid], data[base+2*thid+1]
	offset := 1
	for d := m / 2; d > 0; d /= 2 {
		t.SyncThreads()
		if thid < d {
			ai := offset*(2*thid+1) - 1
			bi := offset*(2*thid+2) - 1
			temp[bi] += temp[ai]
		}
		offset <<= 1
	}
	t.SyncThreads()
	tree[base+2*thid], tree[base+2*thid+1] = temp[2*thid], temp[2*thid+1]
	t.SyncThreads()
	if thid == 0 {
		temp[m-1] = 0
	}
	for d := 1; d < m; d <<= 1 {
		offset /= 2
		t.SyncThreads()
		if thid < d {
			ai := offset*(2*thid+1) - 1
			bi := offset*(2*thid+2) - 1
			v := temp[ai]
			temp[ai] = temp[bi]
			temp[bi] += v
		}
	}
	t.SyncThreads()
	data[base+2*thid], data[base+2*thid+1] = temp[2*thid], temp[2*thid+1]
}

// SweepUpKernel is SweepScanIntKernel's up-sweep alone, leaving each
// block's tree in data: for blocks of any size, where the down-sweep of
// one not a power of two steps past the tile's start. The sweep stops
// before its step of stop threads, 0 for the whole tree.
//
//gocuda:kernel SweepUpKernel
func sweepUp(t *gocuda.Thread, data []int32, stop int) {
	m := 2 * t.BlockDim.X
	thid := t.ThreadIdx.X
	base := t.BlockIdx.X * m
	temp := gocuda.Shared[int32](t, m)
	temp[2*thid], temp[2*thid+1] = data[base+2*thid], data[base+2*thid+1]
	offset := 1
	for d := m >> 1; d > stop; d >>= 1 {
		t.SyncThreads()
		if thid < d {
			ai, bi := offset*(2*thid+1)-1, offset*(2*thid+2)-1
			temp[bi] += temp[ai]
		}
		offset *= 2
	}
	t.SyncThreads()
	data[base+2*thid], data[base+2*thid+1] = temp[2*thid], temp[2*thid+1]
}

// SweepWideKernel runs SweepScanIntKernel's sweeps over a tile of
// wide·2·bdx elements of data per block, which the block loads and
// stores in block-stride loops: its steps have more threads than the
// block where wide is above 1, and the block's threads alone run them.
// The down-sweep stops before the step of limit threads, the tile's size
// for a scan.
//
//gocuda:kernel SweepWideKernel
func sweepWide(t *gocuda.Thread, data []int32, wide, limit int) {
	m := wide * 2 * t.BlockDim.X
	thid := t.ThreadIdx.X
	base := t.BlockIdx.X * m
	temp := gocuda.Shared[int32](t, m)
	for i := thid; i < m; i += t.BlockDim.X {
		temp[i] = data[base+i]
	}
	offset := 1
	for d := m >> 1; d > 0; d >>= 1 {
		t.SyncThreads()
		if thid < d {
			ai, bi := offset*(2*thid+1)-1, offset*(2*thid+2)-1
			temp[bi] += temp[ai]
		}
		offset *= 2
	}
	if thid == 0 {
		temp[m-1] = 0
	}
	for d := 1; d < limit; d *= 2 {
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
	for i := thid; i < m; i += t.BlockDim.X {
		data[base+i] = temp[i]
	}
}

// SweepExitKernel is SweepScanIntKernel's sweeps over each block's 2·bdx
// elements of data, but the threads from live on return once they have
// loaded their elements: the steps run for the threads still in (all of
// them where live is the block's size). Thread 0 copies the whole tile to
// tree after the up-sweep and to data after the down-sweep.
//
//gocuda:kernel SweepExitKernel
func sweepExit(t *gocuda.Thread, data, tree []int32, live int) {
	m := 2 * t.BlockDim.X
	thid := t.ThreadIdx.X
	base := t.BlockIdx.X * m
	temp := gocuda.Shared[int32](t, m)
	temp[2*thid], temp[2*thid+1] = data[base+2*thid], data[base+2*thid+1]
	if thid >= live {
		return
	}
	offset := 1
	for d := m >> 1; d > 0; d >>= 1 {
		t.SyncThreads()
		if thid < d {
			ai, bi := offset*(2*thid+1)-1, offset*(2*thid+2)-1
			temp[bi] += temp[ai]
		}
		offset *= 2
	}
	t.SyncThreads()
	if thid == 0 {
		copy(tree[base:base+m], temp)
		temp[m-1] = 0
	}
	for d := 1; d < m; d *= 2 {
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
	if thid == 0 {
		copy(data[base:base+m], temp)
	}
}
