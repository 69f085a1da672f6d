package corpus

import (
	"runtime"

	"github.com/gocuda/gocuda/gocuda"
)

// Arrays of a thread's own handed to helpers as slices, as HeCBench's
// halofinder does (its step10 kernel's per-thread tiles, xi[] and xxi[],
// go to loadTile and applyForce). On a GPU they are local memory, which
// no other thread reaches; in Go they may escape to the heap, where a
// later thread's array can take an earlier thread's freed address.
// LocalArrays collects the garbage at the start of each thread, so that
// its arrays take the addresses of those of threads before it.

// fillTile is a __device__ helper loading a tile of x into the thread's
// own tile.
func fillTile(tile, x []float32, i int) {
	for u := 0; u < len(tile); u++ {
		tile[u] = x[(i+u)%len(x)]
	}
}

// sumTile is a __device__ helper reading the thread's own tile back.
func sumTile(tile []float32) float32 {
	s := float32(0)
	for u := 0; u < len(tile); u++ {
		s += tile[u]
	}
	return s
}

// sumPair is a __device__ helper taking the thread's own pair by address.
func sumPair(p *[2]float32) float32 { return p[0] + p[1] }

// LocalArrays sets out[i] to the sum of the 8 elements of x from i on
// (cyclically), plus x[i] twice, through arrays of the thread's own.
func LocalArrays(t *gocuda.Thread, x, out []float32) {
	runtime.GC()
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	var tile [8]float32
	fillTile(tile[:], x, i)
	var pair [2]float32
	pair[0], pair[1] = x[i], x[i]
	out[i] = sumTile(tile[2:]) + sumTile(tile[:2]) + sumPair(&pair)
}
