package compiled

// A Number is a type whose values ShflAddWarp adds: the integer and
// floating-point kinds.
type Number interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr |
		~float32 | ~float64
}

// ShflAddWarp completes, for a whole warp (every lane active, a full
// mask, width 32), the step of a shuffle scan or reduction: the shuffle s
// (ShflUp or ShflDown) by d of vals, whose result each lane in [lo, hi)
// adds to its own value, as in v += gocuda.ShflUpSync(t, mask, v, d, 32).
// Every lane reads before any adds, as the shuffle's semantics have it:
// the lanes run from the last for a shuffle up, from the first for a
// shuffle down, so that each reads its source lane before that lane
// changes. A lane whose source is past the warp's edge adds its own
// value. Generated code calls it where the warp's lanes are all active,
// the mask full and the width 32; other warps take ShflWarp and a lane
// loop. Each lane computes vals[l] + vals[src], in that order, as the
// lane loop would.
func ShflAddWarp[T Number](s Shuffle, vals *[warpSize]T, d, lo, hi int) {
	d &= warpSize - 1
	lo, hi = max(lo, 0), min(hi, warpSize)
	if lo >= hi || shflAddVector(s, vals, d, lo, hi) {
		return
	}
	if s == ShflXor {
		xorAdd(vals, d, lo, hi)
		return
	}
	if s == ShflUp {
		if from := max(lo, d); from < hi { // lanes [from, hi) add lanes [from-d, hi-d), from the last
			to, src := vals[from:hi], vals[from-d:hi-d]
			src = src[:len(to)]
			for i := len(to) - 1; i >= 0; i-- {
				to[i] += src[i]
			}
		}
		for l := lo; l < min(hi, d); l++ { // past the edge: after the lanes that read them
			vals[l] += vals[l]
		}
		return
	}
	downAdd(vals, d, lo, hi)
}

// downAdd is ShflAddWarp's step for a shuffle down by d, in [0, 32),
// lanes [lo, hi) adding.
func downAdd[T Number](vals *[warpSize]T, d, lo, hi int) {
	if end := min(hi, warpSize-d); lo < end { // lanes [lo, end) add lanes [lo+d, end+d), from the first
		to, src := vals[lo:end], vals[lo+d:end+d]
		src = src[:len(to)]
		for i := range to {
			to[i] += src[i]
		}
	}
	for l := max(lo, warpSize-d); l < hi; l++ {
		vals[l] += vals[l]
	}
}

// ShflDownHalving completes, for a whole warp (every lane active, a full
// mask, width 32), a shuffle-down reduction whose offsets halve from d
// down to 1, as in
//
//	for d := x; d > 0; d /= 2 {
//		v += gocuda.ShflDownSync(t, mask, v, d, 32)
//	}
//
// each step as ShflAddWarp(ShflDown, vals, d, 0, LanesDemanded(d, k,
// narrow)) would, in one call (k = 32: every lane adds), for lanes
// [0, k); the lanes from k on, which the caller never reads, may be left
// partly reduced. Generated code calls it (the SIMD build's for a sum
// read in lane 0 alone; its other reductions take their steps in vector
// registers, ShflAddSteps).
func ShflDownHalving[T Number](vals *[warpSize]T, d, k int, narrow bool) {
	if d == warpSize/2 && k == 1 && narrow {
		ShflDownLane0(vals)
		return
	}
	for ; d > 0; d /= 2 {
		downAdd(vals, d&(warpSize-1), 0, LanesDemanded(d, k, narrow))
	}
}

// ShflXorHalving completes, for a whole warp (every lane active, a full
// mask, width 32), a butterfly reduction whose offsets halve from d down
// to 1 (llm.c's warpReduceSum):
//
//	for d := 16; d > 0; d /= 2 {
//		v += gocuda.ShflXorSync(t, mask, v, d, 32)
//	}
//
// each step as ShflAddWarp(ShflXor, vals, d, 0, 32) would, in one call.
// From 16, every lane ends with the warp's sum by one tree of additions,
// the operands of some in the other order, which changes nothing but the
// payload of a NaN: the tree is added once, written out (ShflDownLane0),
// and copied to every lane, unless it is a NaN, when the steps run one
// by one.
func ShflXorHalving[T Number](vals *[warpSize]T, d int) {
	if d == warpSize/2 {
		first := vals[0] // ShflDownLane0 writes lane 0 alone
		ShflDownLane0(vals)
		if sum := vals[0]; sum == sum {
			fill(vals[:], sum)
			return
		}
		vals[0] = first
	}
	for ; d > 0; d /= 2 {
		xorAdd(vals, d&(warpSize-1), 0, warpSize)
	}
}

// ShflUpDoubling completes, for a whole warp (every lane active, a full
// mask, width 32), a shuffle-up scan whose offsets double from d while
// below end, as in the CUDA samples' shfl_scan:
//
//	for d := 1; d < 32; d <<= 1 {
//		y := gocuda.ShflUpSync(t, mask, v, d, 32)
//		if t.LaneID() >= d {
//			v += y
//		}
//	}
//
// each step as ShflAddWarp(ShflUp, vals, d, d, 32) would, in one call:
// lanes [d, 32) add the value lane l-d held before the step. Steps from
// 32 on add nothing (no lane is at or past them), and a d below 1 takes
// none. In the SIMD build it first marks the vector registers' upper
// halves clean (cleanUpper): its steps are scalar.
func ShflUpDoubling[T Number](vals *[warpSize]T, d, end int) {
	cleanUpper()
	if d == 1 && end >= warpSize {
		scanUpWarp(vals) // the whole scan, written out
		return
	}
	for end = min(end, warpSize); d > 0 && d < end; d <<= 1 {
		to, src := vals[d:], vals[:warpSize-d]
		src = src[:len(to)]
		for i := len(to) - 1; i >= 0; i-- { // from the last: each lane reads its source before it changes
			to[i] += src[i]
		}
	}
}

// xorAdd is ShflAddWarp for a shuffle xor: lanes l and l^d read each
// other, so each pair is read once, then each of its lanes in [lo, hi)
// adds the other's value to its own (in that order: v + y).
func xorAdd[T Number](vals *[warpSize]T, d, lo, hi int) {
	if d == 0 {
		for l := lo; l < hi; l++ {
			vals[l] += vals[l]
		}
		return
	}
	for l := range warpSize {
		m := l ^ d
		if m < l {
			continue // the pair was taken at m
		}
		a, b := vals[l], vals[m]
		if l >= lo && l < hi {
			vals[l] = a + b
		}
		if m >= lo && m < hi {
			vals[m] = b + a
		}
	}
}

// LanesDemanded returns how many lanes, from the first, must add in the
// step by d of a shuffle-down reduction whose offsets halve down to 1
// (for d := x; d > 0; d /= 2) where only lanes [0, k) of its result are
// read: the later steps read at most d-1 lanes further, so k+d-1, at most
// a warp. Where narrow is false (the reads are known only for
// one-dimensional blocks, and the block is not one), or d is not below
// the warp's size, it returns all 32. Generated code passes it as
// ShflAddWarp's hi.
func LanesDemanded(d, k int, narrow bool) int {
	if !narrow || d <= 0 || d >= warpSize {
		return warpSize
	}
	return min(warpSize, max(0, d+k-1))
}

// ShflDownLane0 is ShflDownHalving(vals, 16, 1, true), for lane 0 alone
// (Luitjens's warpReduceSum read in lane 0): the same tree of additions,
// in the same order, written out so that its independent additions
// overlap instead of each step waiting on the last through memory.
// Generated code calls it directly where it knows those operands, which
// saves ShflDownHalving's call and tests, a warp at a time.
func ShflDownLane0[T Number](vals *[warpSize]T) {
	if lane0Vector(vals) {
		return
	}
	v := vals
	a0, a1, a2, a3 := v[0]+v[16], v[1]+v[17], v[2]+v[18], v[3]+v[19]
	a4, a5, a6, a7 := v[4]+v[20], v[5]+v[21], v[6]+v[22], v[7]+v[23]
	a8, a9, a10, a11 := v[8]+v[24], v[9]+v[25], v[10]+v[26], v[11]+v[27]
	a12, a13, a14, a15 := v[12]+v[28], v[13]+v[29], v[14]+v[30], v[15]+v[31]
	b0, b1, b2, b3 := a0+a8, a1+a9, a2+a10, a3+a11
	b4, b5, b6, b7 := a4+a12, a5+a13, a6+a14, a7+a15
	c0, c1, c2, c3 := b0+b4, b1+b5, b2+b6, b3+b7
	d0, d1 := c0+c2, c1+c3
	v[0] = d0 + d1
}
