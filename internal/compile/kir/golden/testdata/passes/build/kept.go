package build

import "github.com/gocuda/gocuda/gocuda"

// kept keeps small arrays scalar replacement must leave alone: one
// indexed at a run-time index, one whose element's address is taken,
// and a helper's array parameter indexed at a run-time index.
//
// build keeps h, q and w arrays (no part variables): h is read at
// h[k&3], an index known only at run time, &q[0] may reach any element
// of q, and w is passed whole to pick, which stays a call, as it reads
// its array at a run-time index too.
func kept(t *gocuda.Thread, in []float32, out []float32, k int) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= len(out) {
		return
	}
	var h [4]float32
	h[0], h[1] = in[i], 2*in[i]
	var q [2]float32
	bump(&q[0], in[i])
	w := [4]float32{in[i], 1, 2, 3}
	out[i] = h[k&3] + q[0] + q[1] + pick(w, k)
}

// bump adds x to *p.
func bump(p *float32, x float32) { *p += x }

// pick returns v's element k mod 4.
func pick(v [4]float32, k int) float32 {
	for range 2 {
		k++
	}
	return v[k&3]
}
