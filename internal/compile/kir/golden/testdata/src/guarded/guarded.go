// Package guarded holds kernels that read through guarded loads, helpers
// returning in[i] where i is in range: rebase (in the rows pass) reads the element
// itself where the row's check finds the slice long enough, and keeps
// the call elsewhere; and helpers that look like one but are not.
package guarded

import "github.com/gocuda/gocuda/gocuda"

// at is the CUDA samples' guarded load: in[i], or 0 past the end (a
// negative i fails).
func at[T float32 | int32](in []T, i int) T {
	if i < len(in) {
		return in[i]
	}
	var zero T
	return zero
}

// atBoth tests both ends of in.
func atBoth(in []float32, i int) float32 {
	if i >= 0 && i < len(in) {
		return in[i]
	}
	return -1
}

// atOut returns early where i is out of range.
func atOut(in []float32, i int) float32 {
	if i >= len(in) || i < 0 {
		return 0
	}
	return in[i]
}

// atPast has its test off by one: it fails at len(in), so it is no
// guarded load.
func atPast(in []float32, i int) float32 {
	if i <= len(in) {
		return in[i]
	}
	return 0
}

// atShifted changes its index before reading: no guarded load.
func atShifted(in []float32, i int) float32 {
	i++
	if i < len(in) {
		return in[i]
	}
	return 0
}

// scale reads through at, with no barrier: a grid body.
func scale(t *gocuda.Thread, in, out []float32, a float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(out) {
		out[i] = a * at(in, i)
	}
}

// pairs adds two streams a block apart through the three helpers, in a
// block with shared memory.
func pairs(t *gocuda.Thread, in, partial []float32) {
	tid := t.ThreadIdx.X
	i := t.BlockIdx.X*2*t.BlockDim.X + tid
	s := gocuda.Shared[float32](t, t.BlockDim.X)
	s[tid] = atBoth(in, i) + atOut(in, i+t.BlockDim.X)
	t.SyncThreads()
	if tid == 0 {
		partial[t.BlockIdx.X] = s[t.BlockDim.X-1]
	}
}

// lookalikes reads through the helpers that are no guarded loads: their
// calls stay, each thread recording its position.
func lookalikes(t *gocuda.Thread, in, out []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	s := gocuda.Shared[float32](t, t.BlockDim.X)
	s[t.ThreadIdx.X] = atPast(in, i) + atShifted(in, i)
	t.SyncThreads()
	out[i] = s[t.BlockDim.X-1-t.ThreadIdx.X]
}

// tileLoad is the tiled matmul's load of a tile: its guard tests the
// thread's row, the same for a row of the block, with its column. Where
// the row is in range and the step's eight columns are too, the step
// loads them unmasked; elsewhere each lane under its mask.
func tileLoad(t *gocuda.Thread, a []float32, m, k, p int) {
	tile := gocuda.Shared[[16]float32](t, 16)
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
	row := t.BlockIdx.Y*16 + ty
	var v float32
	if row < m && p+tx < k {
		v = a[row*k+p+tx]
	}
	tile[ty][tx] = v
	t.SyncThreads()
	if tx == 0 && row < m {
		a[row*k] = tile[ty][15]
	}
}
