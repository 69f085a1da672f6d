// Package liveness holds kernels whose variables are declared at the top
// and assigned after barriers, as CUDA code declares them.
package liveness

import "github.com/gocuda/gocuda/gocuda"

// edges is Rodinia srad's pattern: n and s assigned in every case of a
// switch after a barrier, then kept across the next one; their zeros
// from the declaration are never read.
func edges(t *gocuda.Thread, in, out []float32) {
	tx := t.ThreadIdx.X
	var n, s, g float32
	tile := gocuda.Shared[float32](t, 64)
	tile[tx] = in[tx]
	t.SyncThreads()
	switch {
	case tx == 0:
		n, s = tile[tx], tile[tx+1]
	case tx == 63:
		n, s = tile[tx-1], tile[tx]
	default:
		n, s = tile[tx-1], tile[tx+1]
	}
	g = n*n + s*s
	tile[tx] = g
	t.SyncThreads()
	out[tx] = tile[63-tx] + n - s
}

// inner is lavaMD's pattern: r and f assigned and read in the body of a
// loop only, each trip anew: not kept across the barriers.
func inner(t *gocuda.Thread, in, out []float32, m int) {
	tx := t.ThreadIdx.X
	var r, f float32
	acc := float32(0)
	tile := gocuda.Shared[float32](t, 64)
	for k := 0; k < m; k++ {
		tile[tx] = in[k*64+tx]
		t.SyncThreads()
		for j := range 64 {
			r = tile[j] - tile[tx]
			f = r * r
			acc += f
		}
		t.SyncThreads()
	}
	out[tx] = acc
}

// partial assigns c in some trips of a loop only: where it runs none, the
// value from before the barrier must survive, so c is kept.
func partial(t *gocuda.Thread, in, out []int32) {
	i := t.ThreadIdx.X
	c := in[i]
	t.SyncThreads()
	for k := 0; k < i%4; k++ {
		c = int32(k)
	}
	t.SyncThreads()
	out[i] = c
}

// clamped reads its neighbours at indices clamped to the block's valid
// part, as Rodinia's stencils do: w and e fold into max and min, and are
// recomputed where they are read, past the barrier; lo, clamped after a
// read of itself, n, whose bound changes before the clamp, and f, a
// float, keep their ifs and stay per thread.
func clamped(t *gocuda.Thread, in, out []float32, valid, m int, x float32) {
	s := gocuda.Shared[float32](t, t.BlockDim.X)
	tx := t.ThreadIdx.X
	w, e := tx-1, tx+1
	lo := tx - 2
	out[tx] = float32(lo)
	bound := valid
	n := tx + m
	bound++
	f := x * float32(tx)
	if w < 0 {
		w = 0
	}
	if valid < e {
		e = valid
	}
	if lo < 0 {
		lo = 0
	}
	if n > bound {
		n = bound
	}
	if f > 1 {
		f = 1
	}
	s[tx] = in[tx]
	t.SyncThreads()
	out[tx] = s[w] + s[e] + s[lo] + s[n%len(s)] + f
}

// captured is cuda-samples' shfl_integral_image pattern, reduced: get, a
// closure made before a barrier, reads v, which the code after the
// barrier assigns; v is kept per thread in place, so that the closure
// reads the value after the barrier, as the runtime path's closure does.
// w, set once where it is declared, needs nothing. u, declared in an
// if's block and changed by a closure, is stored into its array where it
// is declared, as a variable declared at a thread loop's top level is.
func captured(t *gocuda.Thread, out []uint32) {
	s := gocuda.Shared[uint32](t, 64)
	v := uint32(t.ThreadIdx.X)
	w := v + 1
	get := func() uint32 { return v + w }
	s[t.ThreadIdx.X] = v
	t.SyncThreads()
	v = s[t.ThreadIdx.X^1]
	out[t.ThreadIdx.X] = get()
	if v%2 == 0 {
		u := v * 3
		bump := func() { u++ }
		bump()
		out[t.ThreadIdx.X+64] = u
	}
}
