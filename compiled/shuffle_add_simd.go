//go:build goexperiment.simd && amd64

package compiled

import (
	"simd/archsimd"
	"unsafe"
)

// In the SIMD build, ShflAddWarp adds a whole warp of 32-bit values with
// vectors: sixteen lanes at a time with AVX-512, where each half of the
// warp reads its shuffle's sources with one two-register permute, or
// eight at a time with AVX2, from a copy of the warp padded so that every
// source is one unaligned load. Each lane still computes its value plus
// its source's, in that order, so the results are the scalar step's bit
// for bit.

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
// sources with one permute of both halves. The lanes are written with a
// masked store, not merged (see kir's merge for why).
func addFloat32x16(vals *[warpSize]float32, src *[warpSize]uint32, in uint32) {
	lo := archsimd.LoadFloat32x16((*[16]float32)(vals[:16]))
	hi := archsimd.LoadFloat32x16((*[16]float32)(vals[16:]))
	rlo := lo.Add(lo.ConcatPermute(hi, archsimd.LoadUint32x16((*[16]uint32)(src[:16]))))
	rhi := hi.Add(lo.ConcatPermute(hi, archsimd.LoadUint32x16((*[16]uint32)(src[16:]))))
	rlo.StoreMasked((*[16]float32)(vals[:16]), archsimd.Mask32x16FromBits(uint16(in)))
	rhi.StoreMasked((*[16]float32)(vals[16:]), archsimd.Mask32x16FromBits(uint16(in>>16)))
	archsimd.ClearAVXUpperBits()
}

// addFloat32x8 is addFloat32x16 eight lanes at a time, with AVX2, which
// has no permute of two registers: the sources of a step up lie in a
// padded copy of the warp at -d from their lanes, those of a step down at
// +d, those of a step xor in the eight lanes at l^d&^7, permuted by d&7;
// a lane past the warp's edge takes its own value.
func addFloat32x8(vals *[warpSize]float32, s Shuffle, d int, in uint32) {
	var pad [3 * warpSize]float32
	copy(pad[warpSize:2*warpSize], vals[:])
	own := ownSource[s-ShflUp][d]
	for c := 0; c < warpSize; c += 8 {
		add := in >> c & 0xff
		if add == 0 {
			continue
		}
		a := archsimd.LoadFloat32x8((*[8]float32)(vals[c : c+8]))
		var b archsimd.Float32x8
		switch s {
		case ShflUp:
			b = archsimd.LoadFloat32x8((*[8]float32)(pad[warpSize+c-d:]))
		case ShflDown:
			b = archsimd.LoadFloat32x8((*[8]float32)(pad[warpSize+c+d:]))
		default:
			b = archsimd.LoadFloat32x8((*[8]float32)(pad[warpSize+c^d&^7:])).Permute(xorLanes(d))
		}
		b = a.Merge(b, laneMask(own>>c))
		a.Add(b).StoreMasked((*[8]float32)(vals[c:c+8]), laneMask(add))
	}
	archsimd.ClearAVXUpperBits()
}

// addInt32 is addFloat32x16 or addFloat32x8 for int32 values.
func addInt32(vals *[warpSize]int32, s Shuffle, d int, in uint32) {
	if SIMD512 {
		src := &shuffleSource[s-ShflUp][d]
		lo := archsimd.LoadInt32x16((*[16]int32)(vals[:16]))
		hi := archsimd.LoadInt32x16((*[16]int32)(vals[16:]))
		rlo := lo.Add(lo.ConcatPermute(hi, archsimd.LoadUint32x16((*[16]uint32)(src[:16]))))
		rhi := hi.Add(lo.ConcatPermute(hi, archsimd.LoadUint32x16((*[16]uint32)(src[16:]))))
		rlo.StoreMasked((*[16]int32)(vals[:16]), archsimd.Mask32x16FromBits(uint16(in)))
		rhi.StoreMasked((*[16]int32)(vals[16:]), archsimd.Mask32x16FromBits(uint16(in>>16)))
		archsimd.ClearAVXUpperBits()
		return
	}
	var pad [3 * warpSize]int32
	copy(pad[warpSize:2*warpSize], vals[:])
	own := ownSource[s-ShflUp][d]
	for c := 0; c < warpSize; c += 8 {
		add := in >> c & 0xff
		if add == 0 {
			continue
		}
		a := archsimd.LoadInt32x8((*[8]int32)(vals[c : c+8]))
		var b archsimd.Int32x8
		switch s {
		case ShflUp:
			b = archsimd.LoadInt32x8((*[8]int32)(pad[warpSize+c-d:]))
		case ShflDown:
			b = archsimd.LoadInt32x8((*[8]int32)(pad[warpSize+c+d:]))
		default:
			b = archsimd.LoadInt32x8((*[8]int32)(pad[warpSize+c^d&^7:])).Permute(xorLanes(d))
		}
		b = a.Merge(b, laneMask(own>>c))
		a.Add(b).StoreMasked((*[8]int32)(vals[c:c+8]), laneMask(add))
	}
	archsimd.ClearAVXUpperBits()
}

// laneMask returns the eight-lane mask of bits' low byte, with AVX2
// (which has no instruction to make a mask from bits).
func laneMask(bits uint32) archsimd.Mask32x8 {
	return archsimd.LoadInt32x8(&LaneBits[bits&0xff]).ToMask()
}

// xorLanes returns the permutation of eight lanes l to l^d&7.
func xorLanes(d int) archsimd.Uint32x8 {
	return archsimd.LoadUint32x8(&xorPerm[d&7])
}

// xorPerm[k] is the permutation of eight lanes l to l^k.
var xorPerm = func() (t [8][8]uint32) {
	for k := range t {
		for l := range t[k] {
			t[k][l] = uint32(l ^ k)
		}
	}
	return t
}()
