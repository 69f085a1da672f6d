// Package split holds kernels whose thread loops run as two: the threads
// a guard rejects, then those it admits.
package split

import "github.com/gocuda/gocuda/gocuda"

const block = 256

// inRange is Rodinia's IN_RANGE(x, min, max).
func inRange(x, lo, hi int) bool { return x >= lo && x <= hi }

// pyramid is the step loop of Rodinia's pathfinder: a flag cleared for
// every thread, set by those a helper's range and a named flag admit.
func pyramid(t *gocuda.Thread, wall, src, dst []int32, steps, validMin, validMax int) {
	prev := gocuda.Shared[int32](t, block)
	result := gocuda.Shared[int32](t, block)
	tx := t.ThreadIdx.X
	isValid := inRange(tx, validMin, validMax)
	prev[tx] = src[tx]
	t.SyncThreads()
	var computed bool
	for i := 0; i < steps; i++ {
		computed = false
		if inRange(tx, i+1, block-i-2) && isValid {
			computed = true
			result[tx] = min(prev[tx-1], prev[tx], prev[tx+1]) + wall[i*block+tx]
		}
		t.SyncThreads()
		if computed {
			prev[tx] = result[tx]
		}
		t.SyncThreads()
	}
	if computed {
		dst[tx] = result[tx]
	}
}

// rows guards a 2D block by its rows (a helper on y) and its columns:
// the rows the helper rejects run whole in the rejected half.
func rows(t *gocuda.Thread, out []float32, w, lo, hi int) {
	tx, ty := t.ThreadIdx.X, t.ThreadIdx.Y
	v := float32(0)
	if inRange(ty, lo, hi) && tx < w {
		v = float32(ty*w + tx)
		out[ty*w+tx] = v
	}
	t.SyncThreads()
	out[len(out)-1-(ty*t.BlockDim.X+tx)] += v
}

// unsafeRest reads memory outside its guard: a thread of the rejected
// half could fail before an admitted one that comes first. Not split.
func unsafeRest(t *gocuda.Thread, in, out []float32, n int) {
	i := t.ThreadIdx.X
	a := in[i]
	if i < n {
		out[i] = a * 2
	}
}

// twoGuards has two ifs of the thread's index: which to split at is left
// alone. Not split.
func twoGuards(t *gocuda.Thread, out []float32, n, m int) {
	i := t.ThreadIdx.X
	v := float32(i)
	if i < n {
		out[i] = v
	}
	if i >= m {
		out[i] += v
	}
}

// readGuard guards by a read of memory too: its bounds do not decide it whole. Not
// split.
func readGuard(t *gocuda.Thread, flags []int32, out []float32, n int) {
	i := t.ThreadIdx.X
	v := float32(i)
	if i < n && flags[i] != 0 {
		out[i] = v
	}
}

// divides guards through a helper that divides by its argument, which may
// fail. Not split.
func divides(t *gocuda.Thread, out []float32, d int) {
	i := t.ThreadIdx.X
	v := float32(i)
	if above(i, d) {
		out[i] = v
	}
}

func above(x, d int) bool { return x/d > 1 }

// chained sets a flag, before its guard, through a helper whose result
// calls another that divides by its argument: a rejected thread could
// fail there, so the loop is not split.
func chained(t *gocuda.Thread, out []float32, d int) {
	i := t.ThreadIdx.X
	w := outer(i, d)
	if i < d {
		w = true
		out[i] = 1
	}
	t.SyncThreads()
	if w {
		out[i] += 2
	}
}

func outer(x, d int) bool { return above(x, d) && x > 0 }

// declares guards a loop over a thread's point whose only other code
// declares the point's index and the loop's counter (Rodinia's kmeans
// invert_mapping): the threads the guard rejects have nothing to run.
func declares(t *gocuda.Thread, in, out []float32, n, features int) {
	point := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	var i int
	if point < n {
		for i = 0; i < features; i++ {
			out[point*features+i] = in[i*n+point]
		}
	}
}
