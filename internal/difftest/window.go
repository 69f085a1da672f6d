package difftest

import "github.com/gocuda/gocuda/gocuda"

// The kernels of this file read a window in a counted loop of each
// thread's: where the loop's key only adds to the index, the compiled
// vector step checks the window's span once before the loop and loads
// without checks inside it; elsewhere each load keeps its check.

// WindowSpanKernel has thread i sum in[i+d-shift] for d from lo while
// d < hi into out[i]. Threads whose windows leave in fail.
//
//gocuda:kernel WindowSpanKernel
func windowSpan(t *gocuda.Thread, in, out []float32, lo, hi, shift int) {
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

// WindowRangeKernel has thread i sum in[i+d-shift] for d in range n into
// out[i]. Threads whose windows leave in fail.
//
//gocuda:kernel WindowRangeKernel
func windowRange(t *gocuda.Thread, in, out []float32, n, shift int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= len(out) {
		return
	}
	var sum float32
	for d := range n {
		sum += in[i+d-shift]
	}
	out[i] = sum
}

// WindowClampKernel is the naive blur's row: thread i sums in at i+d
// clamped to [0, n) for d from -r to r into out[i], with the clamp
// written as a helper's, as a stencil clamps at an image's edges.
//
//gocuda:kernel WindowClampKernel
func windowClamp(t *gocuda.Thread, in, out []float32, r int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= len(out) {
		return
	}
	var sum float32
	for d := -r; d <= r; d++ {
		sum += in[windowClampTo(i+d, len(in))]
	}
	out[i] = sum
}

// windowClampTo returns i clamped to [0, n).
func windowClampTo(i, n int) int { return min(max(i, 0), n-1) }

// WindowMovedKernel has thread i sum in[i+d] for d from skip while d <=
// 2r, the body stepping d on by skip before each load: the loop is not
// counted by ones, and its loads reach past 2r.
//
//gocuda:kernel WindowMovedKernel
func windowMoved(t *gocuda.Thread, in, out []float32, r, skip int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= len(out) {
		return
	}
	var sum float32
	for d := 0; d <= 2*r; d++ {
		d += skip
		sum += in[i+d]
	}
	out[i] = sum
}

// WindowGrowKernel has thread i sum in[i+d] for d from 0 to last, the
// bound last starting at 2r and growing by grow at the first trip.
//
//gocuda:kernel WindowGrowKernel
func windowGrow(t *gocuda.Thread, in, out []float32, r, grow int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= len(out) {
		return
	}
	var sum float32
	last := 2 * r
	for d := 0; d <= last; d++ {
		sum += in[i+d]
		if d == 0 {
			last += grow
		}
	}
	out[i] = sum
}

// WindowTileKernel is the shared-tile blur's window along one axis: a
// block of bs threads copies side = bs+2r elements of in from its corner
// into shared memory, and thread x sums tile[x+dx] for dx from 0 to 2r
// into out at its position, over rows rows of in (width side*blocks).
//
//gocuda:kernel WindowTileKernel
func windowTile(t *gocuda.Thread, in, out []float32, r, rows int) {
	side := t.BlockDim.X + 2*r
	tile := gocuda.Shared[float32](t, side*rows)
	base := t.BlockIdx.X * t.BlockDim.X
	for y := 0; y < rows; y++ {
		for x := t.ThreadIdx.X; x < side; x += t.BlockDim.X {
			tile[y*side+x] = in[y*(len(in)/rows)+base+x]
		}
	}
	t.SyncThreads()
	var sum float32
	for y := 0; y < rows; y++ {
		row := tile[y*side:]
		for dx := 0; dx <= 2*r; dx++ {
			sum += row[t.ThreadIdx.X+dx]
		}
	}
	out[base+t.ThreadIdx.X] = sum
}

// WindowShiftKernel has thread i sum in[i+d+(1<<s)] for d from 0 while
// d < n: with n = 0 no load runs, so a negative s (whose shift panics)
// fails nowhere.
//
//gocuda:kernel WindowShiftKernel
func windowShift(t *gocuda.Thread, in, out []float32, n, s int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= len(out) {
		return
	}
	var sum float32
	for d := 0; d < n; d++ {
		sum += in[i+d+(1<<s)]
	}
	out[i] = sum
}
