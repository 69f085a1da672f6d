//go:build goexperiment.simd && amd64

package compiled

import (
	"simd/archsimd"
	"unsafe"
)

// In the SIMD build, ShflAddWarp adds a whole warp of 32-bit values with
// vectors: sixteen lanes at a time with AVX-512, where each half of the
// warp reads its shuffle's sources with one two-register permute, or
// eight at a time with AVX2. Each lane still computes its value plus its
// source's, so the results are the scalar step's bit for bit. Lanes that
// do not add are kept by a blend whose operands are registers, then the
// whole warp is stored: a masked store would not forward its values to
// the next step's load, and a blend with a freshly loaded value may read
// memory under a mask (see kir's merge). BenchmarkReduce's warpShuffle
// shows the steps' cost in both builds.

// shuffleSource[s-ShflUp][d][l] is the lane whose value lane l reads in a
// shuffle s (up, down or xor) by d of a whole warp: its own past the
// warp's edge. ownSource[s-ShflUp][d] has bit l set where that is l.
var shuffleSource, ownSource = func() (t [3][warpSize][warpSize]uint32, own [3][warpSize]uint32) {
	for d := range warpSize {
		for l := range warpSize {
			up, down := l, l
			if l >= d {
				up = l - d
			}
			if l+d < warpSize {
				down = l + d
			}
			t[0][d][l], t[1][d][l], t[2][d][l] = uint32(up), uint32(down), uint32(l^d)
			for k := range 3 {
				if t[k][d][l] == uint32(l) {
					own[k][d] |= 1 << l
				}
			}
		}
	}
	return t, own
}()

// shflAddVector does ShflAddWarp's step for a whole warp of float32,
// int32 or uint32 values with vectors, d in [0, 32) and 0 <= lo < hi <=
// 32, and reports whether it did: not for other types, nor where the CPU
// lacks AVX2.
func shflAddVector[T Number](s Shuffle, vals *[warpSize]T, d, lo, hi int) bool {
	if !SIMD || s < ShflUp || s > ShflXor {
		return false
	}
	in := uint32(uint64(1)<<hi - 1<<lo) // the lanes that add
	switch v := any(vals).(type) {
	case *[warpSize]float32:
		if SIMD512 {
			addFloat32x16(v, &shuffleSource[s-ShflUp][d], in)
		} else {
			addFloat32x8(v, s, d, in)
		}
	case *[warpSize]int32:
		addInt32(v, s, d, in)
	case *[warpSize]uint32: // integer addition wraps alike, whatever the sign
		addInt32((*[warpSize]int32)(unsafe.Pointer(v)), s, d, in)
	default:
		return false
	}
	return true
}

// addFloat32x16 adds to each lane of vals set in in the value of the lane
// src names, sixteen lanes at a time: each half of the warp reads its
// sources with one permute of both halves.
func addFloat32x16(vals *[warpSize]float32, src *[warpSize]uint32, in uint32) {
	lo := archsimd.LoadFloat32x16((*[16]float32)(vals[:16]))
	hi := archsimd.LoadFloat32x16((*[16]float32)(vals[16:]))
	lo, hi = stepFloat32x16(lo, hi, src, in)
	lo.Store((*[16]float32)(vals[:16]))
	hi.Store((*[16]float32)(vals[16:]))
	archsimd.ClearAVXUpperBits()
}

// stepFloat32x16 is addFloat32x16's step on a warp held in two registers,
// lo its lanes 0 to 15 and hi 16 to 31: it returns the warp after it.
func stepFloat32x16(lo, hi archsimd.Float32x16, src *[warpSize]uint32, in uint32) (archsimd.Float32x16, archsimd.Float32x16) {
	rlo := lo.Add(lo.ConcatPermute(hi, archsimd.LoadUint32x16((*[16]uint32)(src[:16]))))
	rhi := hi.Add(lo.ConcatPermute(hi, archsimd.LoadUint32x16((*[16]uint32)(src[16:]))))
	if in != fullWarp {
		rlo = lo.Merge(rlo, archsimd.Mask32x16FromBits(^uint16(in)))
		rhi = hi.Merge(rhi, archsimd.Mask32x16FromBits(^uint16(in>>16)))
	}
	return rlo, rhi
}

// addFloat32x8 is addFloat32x16 eight lanes at a time, with AVX2, which
// has no permute of two registers: every lane's source is read (an
// unaligned load, or a rotation of the warp's first or last eight lanes
// at its edges) before any lane is written.
func addFloat32x8(vals *[warpSize]float32, s Shuffle, d int, in uint32) {
	own := ownSource[s-ShflUp][d]
	b0, b1 := sourceFloat32x8(vals, s, d, 0, own), sourceFloat32x8(vals, s, d, 8, own)
	b2, b3 := sourceFloat32x8(vals, s, d, 16, own), sourceFloat32x8(vals, s, d, 24, own)
	addStoreFloat32x8(vals, 0, b0, in)
	addStoreFloat32x8(vals, 8, b1, in)
	addStoreFloat32x8(vals, 16, b2, in)
	addStoreFloat32x8(vals, 24, b3, in)
	archsimd.ClearAVXUpperBits()
}

// sourceFloat32x8 returns the values the lanes c to c+7 read.
func sourceFloat32x8(vals *[warpSize]float32, s Shuffle, d, c int, own uint32) archsimd.Float32x8 {
	a := archsimd.LoadFloat32x8((*[8]float32)(vals[c : c+8]))
	from := c + d
	switch s {
	case ShflUp:
		from = c - d
	case ShflXor:
		return archsimd.LoadFloat32x8((*[8]float32)(vals[c^d&^7:])).Permute(archsimd.LoadUint32x8(&xorPerm[d&7]))
	}
	var b archsimd.Float32x8
	switch {
	case from >= 0 && from <= warpSize-8:
		return archsimd.LoadFloat32x8((*[8]float32)(vals[from:]))
	case from < 0 && from > -8:
		b = archsimd.LoadFloat32x8((*[8]float32)(vals[:8])).Permute(archsimd.LoadUint32x8(&rotPerm[from&7]))
	case from > warpSize-8 && from < warpSize:
		b = archsimd.LoadFloat32x8((*[8]float32)(vals[warpSize-8:])).Permute(archsimd.LoadUint32x8(&rotPerm[from&7]))
	}
	return a.Merge(b, laneMask(own>>c))
}

// addStoreFloat32x8 adds b to the lanes c to c+7 of vals set in in.
func addStoreFloat32x8(vals *[warpSize]float32, c int, b archsimd.Float32x8, in uint32) {
	a := archsimd.LoadFloat32x8((*[8]float32)(vals[c : c+8]))
	r := a.Add(b)
	if add := in >> c & 0xff; add != 0xff {
		r = a.Merge(r, laneMask(^add))
	}
	r.Store((*[8]float32)(vals[c : c+8]))
}

// addInt32 is addFloat32x16 or addFloat32x8 for int32 values.
func addInt32(vals *[warpSize]int32, s Shuffle, d int, in uint32) {
	if !SIMD512 {
		own := ownSource[s-ShflUp][d]
		b0, b1 := sourceInt32x8(vals, s, d, 0, own), sourceInt32x8(vals, s, d, 8, own)
		b2, b3 := sourceInt32x8(vals, s, d, 16, own), sourceInt32x8(vals, s, d, 24, own)
		addStoreInt32x8(vals, 0, b0, in)
		addStoreInt32x8(vals, 8, b1, in)
		addStoreInt32x8(vals, 16, b2, in)
		addStoreInt32x8(vals, 24, b3, in)
		archsimd.ClearAVXUpperBits()
		return
	}
	src := &shuffleSource[s-ShflUp][d]
	lo := archsimd.LoadInt32x16((*[16]int32)(vals[:16]))
	hi := archsimd.LoadInt32x16((*[16]int32)(vals[16:]))
	rlo := lo.Add(lo.ConcatPermute(hi, archsimd.LoadUint32x16((*[16]uint32)(src[:16]))))
	rhi := hi.Add(lo.ConcatPermute(hi, archsimd.LoadUint32x16((*[16]uint32)(src[16:]))))
	if in != fullWarp {
		rlo = lo.Merge(rlo, archsimd.Mask32x16FromBits(^uint16(in)))
		rhi = hi.Merge(rhi, archsimd.Mask32x16FromBits(^uint16(in>>16)))
	}
	rlo.Store((*[16]int32)(vals[:16]))
	rhi.Store((*[16]int32)(vals[16:]))
	archsimd.ClearAVXUpperBits()
}

// sourceInt32x8 is sourceFloat32x8 for int32 values.
func sourceInt32x8(vals *[warpSize]int32, s Shuffle, d, c int, own uint32) archsimd.Int32x8 {
	a := archsimd.LoadInt32x8((*[8]int32)(vals[c : c+8]))
	from := c + d
	switch s {
	case ShflUp:
		from = c - d
	case ShflXor:
		return archsimd.LoadInt32x8((*[8]int32)(vals[c^d&^7:])).Permute(archsimd.LoadUint32x8(&xorPerm[d&7]))
	}
	var b archsimd.Int32x8
	switch {
	case from >= 0 && from <= warpSize-8:
		return archsimd.LoadInt32x8((*[8]int32)(vals[from:]))
	case from < 0 && from > -8:
		b = archsimd.LoadInt32x8((*[8]int32)(vals[:8])).Permute(archsimd.LoadUint32x8(&rotPerm[from&7]))
	case from > warpSize-8 && from < warpSize:
		b = archsimd.LoadInt32x8((*[8]int32)(vals[warpSize-8:])).Permute(archsimd.LoadUint32x8(&rotPerm[from&7]))
	}
	return a.Merge(b, laneMask(own>>c))
}

// addStoreInt32x8 is addStoreFloat32x8 for int32 values.
func addStoreInt32x8(vals *[warpSize]int32, c int, b archsimd.Int32x8, in uint32) {
	a := archsimd.LoadInt32x8((*[8]int32)(vals[c : c+8]))
	r := a.Add(b)
	if add := in >> c & 0xff; add != 0xff {
		r = a.Merge(r, laneMask(^add))
	}
	r.Store((*[8]int32)(vals[c : c+8]))
}

// laneMask returns the eight-lane mask of bits' low byte, with AVX2
// (which has no instruction to make a mask from bits).
func laneMask(bits uint32) archsimd.Mask32x8 {
	return archsimd.LoadInt32x8(&LaneBits[bits&0xff]).NotEqual(ZeroInt32x8()) // not ToMask (zero_simd.go)
}

// xorPerm[k] is the permutation of eight lanes l to l^k, rotPerm[k] the
// rotation of l to l+k mod 8.
var xorPerm, rotPerm = func() (x, r [8][8]uint32) {
	for k := range x {
		for l := range x[k] {
			x[k][l], r[k][l] = uint32(l^k), uint32((l+k)&7)
		}
	}
	return x, r
}()

// shflAddRun does ShflAddSteps's run for a warp of float32 values with
// AVX-512, the warp in two registers from the first step to the last,
// and reports whether it did: not for other types or shuffles, nor
// without AVX-512.
func shflAddRun[T Number](s Shuffle, vals *[warpSize]T, r *ShflSteps) bool {
	v, ok := any(vals).(*[warpSize]float32)
	if !ok || !SIMD || !SIMD512 || s < ShflUp || s > ShflXor {
		return false
	}
	lo := archsimd.LoadFloat32x16((*[16]float32)(v[:16]))
	hi := archsimd.LoadFloat32x16((*[16]float32)(v[16:]))
	for k := range r.n {
		src := &shuffleSource[s-ShflUp][r.d[k]&(warpSize-1)]
		a, b := max(r.lo[k], 0), min(r.hi[k], warpSize)
		if a >= b {
			continue
		}
		lo, hi = stepFloat32x16(lo, hi, src, uint32(uint64(1)<<b-1<<a))
	}
	lo.Store((*[16]float32)(v[:16]))
	hi.Store((*[16]float32)(v[16:]))
	archsimd.ClearAVXUpperBits()
	return true
}

// cleanUpper marks the upper halves of the vector registers clean before
// a scalar step. Go compiles scalar float arithmetic to legacy SSE
// instructions, which merge with a register's upper half where the state
// is dirty: each waits on its destination register's last writer. The
// Go compiler keeps a body's vector constants (a lane index, an all-true
// mask) in registers from the top of a warp's loop, so its scalar code
// after them runs dirty even where each vector step ends clean, and the
// scalar shuffle-up steps of a warp's scan wait on each other (see
// BenchmarkScan's warpShuffle in the SIMD build).
func cleanUpper() { archsimd.ClearAVXUpperBits() }
