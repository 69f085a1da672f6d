// Package sweepfold holds the sweeps of Blelloch's work-efficient scan
// over shared memory (GPU Gems 3, chapter 39): the first three steps of
// an up-sweep and the last three of a down-sweep run as one where the
// block allows, in registers; sweeps of another shape run as written.
package sweepfold

import "github.com/gocuda/gocuda/gocuda"

// blelloch is GPU Gems 3's Example 39-2, two elements a thread, the
// sweeps' indexes defined together.
func blelloch(t *gocuda.Thread, in, out []float32) {
	n := 2 * t.BlockDim.X
	thid := t.ThreadIdx.X
	temp := gocuda.Shared[float32](t, n)
	temp[2*thid] = in[2*thid]
	temp[2*thid+1] = in[2*thid+1]
	offset := 1
	for d := n >> 1; d > 0; d >>= 1 {
		t.SyncThreads()
		if thid < d {
			ai, bi := offset*(2*thid+1)-1, offset*(2*thid+2)-1
			temp[bi] += temp[ai]
		}
		offset *= 2
	}
	if thid == 0 {
		temp[n-1] = 0
	}
	for d := 1; d < n; d *= 2 {
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
	out[2*thid] = temp[2*thid]
	out[2*thid+1] = temp[2*thid+1]
}

// separate defines the indexes one statement each, on int32s, and
// shifts the offset.
func separate(t *gocuda.Thread, data []int32) {
	n := 2 * t.BlockDim.X
	thid := t.ThreadIdx.X
	temp := gocuda.Shared[int32](t, n)
	temp[2*thid], temp[2*thid+1] = data[2*thid], data[2*thid+1]
	offset := 1
	for d := n / 2; d > 0; d /= 2 {
		t.SyncThreads()
		if thid < d {
			ai := offset*(2*thid+1) - 1
			bi := offset*(2*thid+2) - 1
			temp[bi] += temp[ai]
		}
		offset <<= 1
	}
	if thid == 0 {
		temp[n-1] = 0
	}
	for d := 1; d < n; d <<= 1 {
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
	data[2*thid], data[2*thid+1] = temp[2*thid], temp[2*thid+1]
}

// inline indexes the elements without naming the indexes.
func inline(t *gocuda.Thread, in []float64, out []float64) {
	n := 2 * t.BlockDim.X
	thid := t.ThreadIdx.X
	temp := gocuda.Shared[float64](t, n)
	temp[2*thid], temp[2*thid+1] = in[2*thid], in[2*thid+1]
	offset := 1
	for d := n >> 1; d > 0; d >>= 1 {
		t.SyncThreads()
		if thid < d {
			temp[offset*(2*thid+2)-1] += temp[offset*(2*thid+1)-1]
		}
		offset *= 2
	}
	t.SyncThreads()
	out[2*thid], out[2*thid+1] = temp[2*thid], temp[2*thid+1]
}

// swapped adds the down-sweep's sum the other way round (y + temp[bi]):
// the same bits but for NaNs' payloads, so it runs as written.
func swapped(t *gocuda.Thread, data []float32) {
	n := 2 * t.BlockDim.X
	thid := t.ThreadIdx.X
	temp := gocuda.Shared[float32](t, n)
	temp[2*thid], temp[2*thid+1] = data[2*thid], data[2*thid+1]
	offset := n
	for d := 1; d < n; d *= 2 {
		offset >>= 1
		t.SyncThreads()
		if thid < d {
			ai, bi := offset*(2*thid+1)-1, offset*(2*thid+2)-1
			y := temp[ai]
			temp[ai] = temp[bi]
			temp[bi] = y + temp[bi]
		}
	}
	t.SyncThreads()
	data[2*thid], data[2*thid+1] = temp[2*thid], temp[2*thid+1]
}

// strided sweeps with indexes of another tree (offset*(2*thid+1), no
// -1): it runs as written.
func strided(t *gocuda.Thread, data []float32) {
	n := 2 * t.BlockDim.X
	thid := t.ThreadIdx.X
	temp := gocuda.Shared[float32](t, n+1)
	temp[2*thid], temp[2*thid+1] = data[2*thid], data[2*thid+1]
	offset := 1
	for d := n >> 1; d > 0; d >>= 1 {
		t.SyncThreads()
		if thid < d {
			temp[offset*(2*thid+2)] += temp[offset*(2*thid+1)]
		}
		offset *= 2
	}
	t.SyncThreads()
	data[2*thid], data[2*thid+1] = temp[2*thid], temp[2*thid+1]
}

// tiles is HeCBench's scan: the sweeps inside a loop striding over the
// tiles by the grid, each tile's offset starting at 1.
func tiles(t *gocuda.Thread, n int, tilesN int, out, in []int64) {
	temp := gocuda.Shared[int64](t, n)
	for tile := t.BlockIdx.X; tile < tilesN; tile += t.GridDim.X {
		thid := t.ThreadIdx.X
		offset := 1
		temp[2*thid] = in[tile*n+2*thid]
		temp[2*thid+1] = in[tile*n+2*thid+1]
		for d := n >> 1; d > 0; d >>= 1 {
			t.SyncThreads()
			if thid < d {
				ai := offset*(2*thid+1) - 1
				bi := offset*(2*thid+2) - 1
				temp[bi] += temp[ai]
			}
			offset *= 2
		}
		if thid == 0 {
			temp[n-1] = 0
		}
		for d := 1; d < n; d *= 2 {
			offset >>= 1
			t.SyncThreads()
			if thid < d {
				ai := offset*(2*thid+1) - 1
				bi := offset*(2*thid+2) - 1
				tt := temp[ai]
				temp[ai] = temp[bi]
				temp[bi] += tt
			}
		}
		out[tile*n+2*thid] = temp[2*thid]
		out[tile*n+2*thid+1] = temp[2*thid+1]
	}
}

// exits returns the threads past the data's end before the sweeps: the
// steps run as one only while no thread has returned.
func exits(t *gocuda.Thread, data []float32) {
	n := 2 * t.BlockDim.X
	thid := t.ThreadIdx.X
	temp := gocuda.Shared[float32](t, n)
	if 2*thid+1 >= len(data) {
		return
	}
	temp[2*thid], temp[2*thid+1] = data[2*thid], data[2*thid+1]
	offset := 1
	for d := n >> 1; d > 0; d >>= 1 {
		t.SyncThreads()
		if thid < d {
			ai, bi := offset*(2*thid+1)-1, offset*(2*thid+2)-1
			temp[bi] += temp[ai]
		}
		offset *= 2
	}
	t.SyncThreads()
	data[2*thid], data[2*thid+1] = temp[2*thid], temp[2*thid+1]
}
