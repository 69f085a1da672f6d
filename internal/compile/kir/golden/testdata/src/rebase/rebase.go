// Package rebase holds thread loops rebase (in the rows pass) runs unchecked where
// their slices are long enough for the row, and loops it leaves alone.
package rebase

import (
	"math"

	"github.com/gocuda/gocuda/gocuda"
)

// scale2D indexes with the thread's y in the row's offset.
func scale2D(t *gocuda.Thread, in, out []float32, w, h int, s float32) {
	x := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	y := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	if x < w && y < h {
		out[y*w+x] = in[y*w+x]*s + float32(math.Sqrt(float64(x)))
	}
}

// stencil reads three offsets of one slice: three rebased slices.
func stencil(t *gocuda.Thread, in, out []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i > 0 && i < len(in)-1 {
		out[i] = in[i-1] + 2*in[i] + in[i+1]
	}
}

// strided reads in[2*i]: not the thread's index plus an offset.
func strided(t *gocuda.Thread, in, out []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(out) {
		out[i] = in[2*i]
	}
}

// divides by a variable: an integer division may fail.
func divides(t *gocuda.Thread, in, out []int, d int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(out) {
		out[i] = in[i] / d
	}
}

// helper may panic out of sight, indexing its slice.
func helper(v float32, s []float32) float32 { return v * s[0] }

// safeHelper cannot panic: one result of arithmetic.
func safeHelper(v float32) float32 { return v * 2 }

// calls a function of the package that may panic: its loop is rebased in
// part, each thread recording its position.
func calls(t *gocuda.Thread, in, out []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(out) {
		out[i] = helper(in[i], in)
	}
}

// callsSafe calls one that cannot: its loop is rebased whole.
func callsSafe(t *gocuda.Thread, in, out []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(out) {
		out[i] = safeHelper(in[i])
	}
}

// blockStride clears shared memory in a block-stride loop and copies it
// out after the barrier.
func blockStride(t *gocuda.Thread, out []int32) {
	s := gocuda.Shared[int32](t, 1000)
	for j := t.ThreadIdx.X; j < len(s); j += t.BlockDim.X {
		s[j] = int32(j)
	}
	t.SyncThreads()
	base := t.BlockIdx.X * len(s)
	for j := t.ThreadIdx.X; j < len(s); j += t.BlockDim.X {
		out[base+j] = s[len(s)-1-j]
	}
}

// tileRows adds a shared tile's element to its neighbour on the next
// row: the tile's rows ty and ty+1, each a slice of the row's x.
func tileRows(t *gocuda.Thread, out []float32) {
	tile := gocuda.Shared[[16]float32](t, 17)
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
	tile[ty][tx] = float32(ty)
	t.SyncThreads()
	out[ty*t.BlockDim.X+tx] = tile[ty][tx] + tile[ty+1][tx+1]
}

// tileColumn reads the tile transposed: the row tx differs along the
// row of threads, which stays checked.
func tileColumn(t *gocuda.Thread, out []float32) {
	tile := gocuda.Shared[[16]float32](t, 16)
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
	tile[ty][tx] = float32(tx)
	t.SyncThreads()
	out[ty*t.BlockDim.X+tx] = tile[tx][ty]
}

// gather reads tab at an index from data: out and idx are rebased, tab
// keeps its check, and each thread records its position.
func gather(t *gocuda.Thread, idx []int32, tab, out []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(out) {
		out[i] = tab[idx[i]]
	}
}

// strideLoop walks its own column of in, npoints apart, for a trip count
// of its own (which keeps the loop the thread's): the one rebased index,
// its store after the loop, does not pay for the row's check.
func strideLoop(t *gocuda.Thread, in, out []float32, npoints, nf int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < npoints {
		var s float32
		for j := 0; j < nf+i%3; j++ {
			s += in[i+j*npoints]
		}
		out[i] = s
	}
}

// localIndex indexes through locals defined inside an if, as
// pathfinder's index := cols*(startStep+i) + xidx: k's definition goes
// into the row's offset; j, assigned again, keeps its check.
func localIndex(t *gocuda.Thread, in, out []float32, w int) {
	x := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if x < w {
		k := w + x
		j := x
		j += w
		out[x] = in[k] + in[j]
	}
}

// clampRows reads the rows above and below its own, clamped to the
// image: the rows' offsets are builtin min and max of the thread's y,
// the same for a row of x, so they are rebased.
func clampRows(t *gocuda.Thread, in, out []float32, w, h int) {
	x := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	y := t.BlockIdx.Y*t.BlockDim.Y + t.ThreadIdx.Y
	n, s := max(y-1, 0), min(y+1, h-1)
	if x < w && y < h {
		out[y*w+x] = in[n*w+x] + in[y*w+x] + in[s*w+x]
	}
}

// shift reads a shared tile two threads behind, as a scan's step does:
// no row has a slice long enough for its first two threads, so the rows
// are peeled.
func shift(t *gocuda.Thread, in, out []float32) {
	tx := t.ThreadIdx.X
	tile := gocuda.Shared[float32](t, t.BlockDim.X)
	tile[tx] = in[t.BlockIdx.X*t.BlockDim.X+tx]
	t.SyncThreads()
	y := float32(-1)
	if tx >= 2 {
		y = tile[tx-2]
	}
	out[t.BlockIdx.X*t.BlockDim.X+tx] = y
}

// lengthGuards loads under guards that compare the load's index with its
// slice's length, directly and through n := len(in): the unchecked form
// decides them (true || g < n), the checked form keeps them. The guard
// on len(out), not the slice loaded, and the one on m, a length the
// kernel changes, stay.
func lengthGuards(t *gocuda.Thread, in, out []float32) {
	n := len(in)
	m := len(in)
	if t.BlockIdx.X > 4 {
		m--
	}
	g := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	var a, b, c, d float32
	if g < n {
		a = in[g]
	}
	if len(in) > g {
		b = in[g] * 2
	}
	if g < len(out) {
		c = in[g] * 3
	}
	if g < m {
		d = in[g] * 4
	}
	t.SyncThreads()
	out[g] = a + b + c + d
}

// stridedGuards loads two elements a thread, in[g] and in[g+1] with g
// twice the thread's x plus the block's offset, each under a guard
// comparing its index with len(in): the strided indexes are taken under
// those guards, which the row's check decides (true || g+1 < n).
func stridedGuards(t *gocuda.Thread, in, out []float32) {
	n := len(in)
	g := t.BlockIdx.X*2*t.BlockDim.X + 2*t.ThreadIdx.X
	var a0, a1 float32
	if g < n {
		a0 = in[g]
	}
	if g+1 < n {
		a1 = in[g+1]
	}
	t.SyncThreads()
	out[t.BlockIdx.X*t.BlockDim.X+t.ThreadIdx.X] = a0 + a1
}

// stridedStore stores at out[g] and out[g+1], g twice the thread's x plus
// the block's offset, under guards comparing each index with len(in):
// the strided stores are taken, in's length added to the row's check
// ([bound len(in) ...]), which decides the guards.
func stridedStore(t *gocuda.Thread, in, out []float32, v float32) {
	n := len(in)
	g := t.BlockIdx.X*2*t.BlockDim.X + 2*t.ThreadIdx.X
	t.SyncThreads() // blocks' loops, not a grid body's rows
	if g < n {
		out[g] = v
	}
	if g+1 < n {
		out[g+1] = -v
	}
}

// weights reads its weights at the same indices for every thread: the
// rows load them once, where out does not hold them.
func weights(t *gocuda.Thread, in, w, out []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(out) {
		out[i] = w[0]*in[i] + w[1]*out[i]
	}
}

// weightsWritten writes w too, at its thread's index: w[0] may change
// under the row, and nothing is loaded once.
func weightsWritten(t *gocuda.Thread, in, w, out []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(out) && i < len(w) {
		out[i] = w[0] * in[i]
		w[i] = 0
	}
}

// weightAddressed takes its weight's address, as HeCBench's nms passes
// &pointsbitmap[blockIdx.x] to a helper: a store through the pointer
// may change the weight, and nothing is loaded once.
func weightAddressed(t *gocuda.Thread, in, w, out []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i < len(out) {
		p := &w[0]
		out[i] = w[0] * in[i] * *p
	}
}
