package difftest

import "github.com/gocuda/gocuda/gocuda"

// A partsParticle is PartsKernel's element of a struct: floats and an
// integer side by side, so that consecutive threads' fields lie a whole
// element apart.
type partsParticle struct {
	X, V   float32
	ID     int32
	Charge float32
}

// PartsKernel reads and writes parts of elements at thread i's index:
// a coordinate of bodies[i] (a [4]float32, CUDA's float4), the fields of
// ps[i], updated under a condition that differs between threads, and
// acc[i] and ps[i] assigned composite literals. Where bodies is shorter
// than acc, the threads past its end fail their read.
//
//gocuda:kernel PartsKernel
func parts(t *gocuda.Thread, bodies [][4]float32, ps []partsParticle, acc [][3]float32, dt float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= len(acc) {
		return
	}
	m := bodies[i][3]
	if ps[i].Charge > 0 {
		ps[i].X += ps[i].V * dt
		ps[i].V -= m
	}
	acc[i] = [3]float32{bodies[i][0] * m, ps[i].X, float32(ps[i].ID)}
	ps[i] = partsParticle{ID: ps[i].ID + 1, X: ps[i].X, V: ps[i].V, Charge: -ps[i].Charge}
}

// PartsSumKernel sets out[i] to the sum over every particle j of
// ps[j].X - ps[i].X: a field of an element the same for every thread
// (broadcast from its address in the SIMD build) and one at thread i's
// index (gathered).
//
//gocuda:kernel PartsSumKernel
func partsSum(t *gocuda.Thread, ps []partsParticle, out []float32) {
	i := t.BlockIdx.X*t.BlockDim.X + t.ThreadIdx.X
	if i >= len(out) || i >= len(ps) {
		return
	}
	x := ps[i].X
	var s float32
	for j := range ps {
		s += ps[j].X - x
	}
	out[i] = s
}
