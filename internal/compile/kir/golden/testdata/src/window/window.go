// Package window holds thread loops whose loads walk a window inside a
// counted loop: the window's check goes before the loop where the loop's
// key only adds to the index, and stays at each load elsewhere.
package window

import "github.com/gocuda/gocuda/gocuda"

// sharedWindow is the shared-tile blur's sum: each thread adds a row of
// 2r+1 elements of a shared tile, the row sliced once per dy.
func sharedWindow(t *gocuda.Thread, in, out []float32, r int) {
	side := 16 + 2*r
	tile := gocuda.Shared[float32](t, side*side)
	for i := t.ThreadIdx.X; i < side*side; i += t.BlockDim.X {
		tile[i] = in[i]
	}
	t.SyncThreads()
	var sum float32
	for dy := 0; dy <= 2*r; dy++ {
		row := tile[dy*side:]
		for dx := 0; dx <= 2*r; dx++ {
			sum += row[t.ThreadIdx.X+dx]
		}
	}
	out[t.ThreadIdx.X] = sum
}

// exclusive counts its key from below zero while below its bound, and
// subtracts a term from the index: checked before the loop, from lo to
// hi-1.
func exclusive(t *gocuda.Thread, in, out []float32, lo, hi, shift int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= len(out) {
		return
	}
	var sum float32
	for d := lo; d < hi; d++ {
		sum += in[i+d-shift]
	}
	out[i] = sum
}

// reversed reads its window backwards: the index subtracts the key, and
// each load keeps its check.
func reversed(t *gocuda.Thread, in, out []float32, r int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= len(out) {
		return
	}
	var sum float32
	for d := 0; d <= 2*r; d++ {
		sum += in[i+2*r-d]
	}
	out[i] = sum
}

// moved steps its key inside the body too: each load keeps its check.
func moved(t *gocuda.Thread, in, out []float32, r, skip int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= len(out) {
		return
	}
	var sum float32
	for d := 0; d <= 2*r; d++ {
		sum += in[i+d]
		d += skip
	}
	out[i] = sum
}

// ranged sums its window in a range over an int: checked before the
// loop, from 0 to n-1.
func ranged(t *gocuda.Thread, in, out []float32, n int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= len(out) {
		return
	}
	var sum float32
	for d := range n {
		sum += in[i+d]
	}
	out[i] = sum
}

// clamped is the naive blur's row, its index clamped to in by a helper:
// the clamp's bounds and the slice's, checked at the window's ends
// before the loop, hold at every key.
func clamped(t *gocuda.Thread, in, out []float32, r int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= len(out) {
		return
	}
	var sum float32
	for d := -r; d <= r; d++ {
		sum += in[clampTo(i+d, len(in))]
	}
	out[i] = sum
}

func clampTo(i, n int) int { return min(max(i, 0), n-1) }
