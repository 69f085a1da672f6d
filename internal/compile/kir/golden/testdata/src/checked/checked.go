// Package checked holds rebased loops whose checked form runs vector
// steps or not (kir's checkedSteps).
package checked

import "github.com/gocuda/gocuda/gocuda"

// hillisSteele is a scan whose step reads x[i-offset] from thread offset: the
// offset is the same for every block and negative at the row's base, so
// every row runs the checked form, which keeps its vector steps.
func hillisSteele(t *gocuda.Thread, in, out []float32) {
	b, i := t.BlockDim.X, t.ThreadIdx.X
	x := gocuda.Shared[float32](t, b)
	x[i] = in[t.BlockIdx.X*b+i]
	t.SyncThreads()
	for offset := 1; offset < b; offset *= 2 {
		var y float32
		if i >= offset {
			y = x[i-offset]
		}
		t.SyncThreads()
		if i >= offset {
			x[i] += y
		}
		t.SyncThreads()
	}
	out[t.BlockIdx.X*b+i] = x[i]
}

// edge reads in[i-1] at the block's offset: only the first block's row
// fails its check, so the checked form runs scalar.
func edge(t *gocuda.Thread, in, out []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= 1 && i < len(out) {
		out[i] = in[i-1] + in[i]
	}
}
