package difftest

import "github.com/gocuda/gocuda/gocuda"

// OutlineKernel is the tiled n-body's shape: the block loads a tile of
// in into shared memory between barriers (threads past the end help),
// and each thread runs a loop of its own over the tile's first k
// elements, k its own (a trip count that differs between threads),
// into sums it keeps across the barriers. The compiled form runs the
// summing loop in a literal of its own (compiled.OutOfLine). With idx,
// each thread reads in[idx[i]] first, which fails where the index is
// out of range: inside the literal, at the thread's own coordinates.
//
//gocuda:kernel OutlineKernel
func outlineSums(t *gocuda.Thread, in, out []float32, idx []int) {
	const tileLen = 32
	tile := gocuda.Shared[float32](t, tileLen)
	tx := t.ThreadIdx.X
	i := t.BlockIdx.X*t.BlockDim.X + tx
	var x float32
	if i < len(in) {
		x = in[i]
	}
	var s, m float32
	for start := 0; start < len(in); start += tileLen {
		if k := start + tx; tx < tileLen && k < len(in) {
			tile[tx] = in[k]
		}
		t.SyncThreads()
		for j := range min(tileLen, len(in)-start, i%tileLen+1) {
			v := tile[j]
			if len(idx) > 0 {
				v += in[idx[i]]
			}
			s += v * x
			m = max(m, v-x)
		}
		t.SyncThreads()
	}
	if i < len(out) {
		out[i] = s + m
	}
}
