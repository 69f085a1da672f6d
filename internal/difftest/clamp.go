package difftest

import "github.com/gocuda/gocuda/gocuda"

// ClampStencilKernel runs steps of a three-point average over a shared
// row of each block, Rodinia's pathfinder in shape: each thread reads its
// neighbours at indices clamped to the part of the block inside [0, n)
// (w := tx-1; if w < lo { w = lo }), which the compiler folds into max and
// min and recomputes past each barrier. Threads outside [0, n) keep their
// value.
//
//gocuda:kernel ClampStencilKernel
func clampStencil(t *gocuda.Thread, in, out []float32, n, steps int) {
	row := gocuda.Shared[float32](t, t.BlockDim.X)
	next := gocuda.Shared[float32](t, t.BlockDim.X)
	tx := t.ThreadIdx.X
	base := t.BlockIdx.X * t.BlockDim.X
	lo, hi := 0, t.BlockDim.X-1
	if base+hi >= n {
		hi = n - 1 - base
	}
	w := tx - 1
	e := tx + 1
	if w < lo {
		w = lo
	}
	if e > hi {
		e = hi
	}
	inside := tx <= hi
	if inside {
		row[tx] = in[base+tx]
	}
	t.SyncThreads()
	for s := 0; s < steps; s++ {
		if inside {
			next[tx] = (row[w] + row[tx] + row[e]) / 3
		}
		t.SyncThreads()
		if inside {
			row[tx] = next[tx]
		}
		t.SyncThreads()
	}
	if inside {
		out[base+tx] = row[tx]
	}
}
