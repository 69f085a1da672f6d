//go:build !(goexperiment.simd && amd64)

package lanes

// AddMulSlice returns x + y*s[i] in lane i, for s[0] to s[7]: a step's
// sum of products, sum += w * x[j], where w is the same for its eight
// threads and x[j] is consecutive.
//
// Written as sum.Add(BroadcastFloat32x8(w).Mul(LoadFloat32x8Slice(x[j:]))),
// Go's scheduler, which orders a block's values by the source position of
// the code they come from, computes the eight loads, then the eight
// products, then the eight sums: sixteen floats and w live, more than the
// fifteen vector registers it allocates, so sums spill and each trip of a
// tile's inner product waits on a store and a load. Here each lane's load,
// product and sum share a line, which the scheduler keeps together: the
// sums stay in registers. Each lane is the scalar code's own expression,
// so results are bit-identical to it. Keep the body within Go's inlining
// budget (TestAddMulSliceInlines).
func AddMulSlice(x Float32x8, y float32, s []float32) Float32x8 {
	s = s[:8]
	x.lo.a += y * s[0]
	x.lo.b += y * s[1]
	x.lo.c += y * s[2]
	x.lo.d += y * s[3]
	x.hi.a += y * s[4]
	x.hi.b += y * s[5]
	x.hi.c += y * s[6]
	x.hi.d += y * s[7]
	return x
}
