//go:build goexperiment.simd && amd64

package compiled

import "simd/archsimd"

// pairLane0Vector sets vals[0] as ShflDownLane0Pair does, with vectors,
// for float32 warps where the CPU has AVX2, and reports whether it did:
// the step by 16 adds eight lanes' pairs at a time, the step by 8 the two
// halves of those sums, the step by 4 the two halves of that vector, the
// steps by 2 and 1 four scalars. Each is the scalar tree's addition of
// the same two values, so the sum is the same bit for bit.
func pairLane0Vector[T Number](vals, a, b *[warpSize]T) bool {
	v, ok := any(vals).(*[warpSize]float32)
	if !SIMD || !ok {
		return false
	}
	x, y := any(a).(*[warpSize]float32), any(b).(*[warpSize]float32)
	load := func(s *[warpSize]float32, k int) archsimd.Float32x8 {
		return archsimd.LoadFloat32x8((*[8]float32)(s[8*k : 8*k+8]))
	}
	lo := load(x, 0).Add(load(y, 0)).Add(load(x, 2).Add(load(y, 2))) // lanes 0-7 after the step by 16
	hi := load(x, 1).Add(load(y, 1)).Add(load(x, 3).Add(load(y, 3))) // lanes 8-15
	d := lo.Add(hi)                                                  // lanes 0-7 after the step by 8
	e := d.GetLo().Add(d.GetHi())                                    // lanes 0-3 after the step by 4
	var f [4]float32
	e.Store(&f)
	archsimd.ClearAVXUpperBits()
	v[0] = (f[0] + f[2]) + (f[1] + f[3])
	return true
}

// lane0Vector sets vals[0] as ShflDownLane0 does, with vectors, for
// float32 warps where the CPU has AVX2, and reports whether it did. As in
// pairLane0Vector, each vector addition is the scalar tree's addition of
// the same two values, so the sum is the same bit for bit.
func lane0Vector[T Number](vals *[warpSize]T) bool {
	v, ok := any(vals).(*[warpSize]float32)
	if !SIMD || !ok {
		return false
	}
	// Four-lane loads, as wide as the stores of the copy that usually
	// fills the warp: a wider load could not be forwarded from them.
	load := func(k int) archsimd.Float32x4 { return archsimd.LoadFloat32x4((*[4]float32)(v[4*k : 4*k+4])) }
	b := load(0).Add(load(4)).Add(load(2).Add(load(6))) // lanes 0-3 after the steps by 16 and 8
	c := load(1).Add(load(5)).Add(load(3).Add(load(7))) // lanes 4-7
	var f [4]float32
	b.Add(c).Store(&f) // lanes 0-3 after the step by 4
	v[0] = (f[0] + f[2]) + (f[1] + f[3])
	return true
}
