package difftest

import "github.com/gocuda/gocuda/gocuda"

// splitBlock is the width of PyramidKernel's blocks.
const splitBlock = 64

// inRange is Rodinia's IN_RANGE(x, min, max), as its pathfinder and
// hotspot spell their guards.
func inRange(x, lo, hi int) bool { return x >= lo && x <= hi }

// PyramidKernel is the step loop of Rodinia's pathfinder (dynproc_kernel)
// over one block of splitBlock threads: each step, the threads a helper's
// range and a named flag admit take the least of three neighbours of the
// row before plus the wall's cost, and only they carry it to the next
// step. The compiled form runs each step's loop as two, the rejected
// threads (which only clear their flag) and the admitted ones.
//
//gocuda:kernel PyramidKernel
func pyramid(t *gocuda.Thread, wall, src, dst []int32, steps, validMin, validMax int) {
	prev := gocuda.Shared[int32](t, splitBlock)
	result := gocuda.Shared[int32](t, splitBlock)
	tx := t.ThreadIdx.X
	w, e := max(tx-1, validMin), min(tx+1, validMax)
	isValid := inRange(tx, validMin, validMax)
	prev[tx] = src[tx]
	t.SyncThreads()
	var computed bool
	for i := 0; i < steps; i++ {
		computed = false
		if inRange(tx, i+1, splitBlock-i-2) && isValid {
			computed = true
			result[tx] = min(prev[w], prev[tx], prev[e]) + wall[i*splitBlock+tx]
		}
		t.SyncThreads()
		if i == steps-1 {
			break
		}
		if computed {
			prev[tx] = result[tx]
		}
		t.SyncThreads()
	}
	if computed {
		dst[tx] = result[tx]
	}
}

// SplitRowsKernel guards a 2D block by a range of its rows, through a
// helper, and by its columns; each thread then adds the value it kept to
// an element of its own, after a barrier. The compiled form runs the
// guarded loop as two: the rejected threads, whole rows among them, then
// the admitted ones. The admitted threads write out[ty*w+tx*k]: a k that
// takes them past out's end fails at the first of them in the block's
// order, on both forms.
//
//gocuda:kernel SplitRowsKernel
func splitRows(t *gocuda.Thread, out []int32, w, lo, hi, k int) {
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
	i := ty*t.BlockDim.X + tx
	v := int32(-1 - i)
	if inRange(ty, lo, hi) && tx < w {
		v = int32(ty*100 + tx)
		out[ty*w+tx*k] = v
	}
	t.SyncThreads()
	out[len(out)-1-i] += v
}

// SplitStridedKernel has every thread set the pair of shared memory it
// owns, s[2*tx] and s[2*tx+1] (indexes strided across the row); after a
// barrier, each copies the first to out, and the threads in [lo, hi) the
// second plus 100. The compiled form counts the strided indexes of the
// rows it checks once (emit_induction.go), and keeps the one under the
// guard as written.
//
//gocuda:kernel SplitStridedKernel
func splitStrided(t *gocuda.Thread, out []int32, lo, hi int) {
	s := gocuda.Shared[int32](t, 2*splitBlock)
	tx := t.ThreadIdx.X
	s[2*tx], s[2*tx+1] = int32(tx), int32(-tx)
	t.SyncThreads()
	out[2*tx] = s[2*tx]
	if tx >= lo && tx < hi {
		out[2*tx+1] = s[2*tx+1] + 100
	}
}
