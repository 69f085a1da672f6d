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
