package compiled

// UpSweep3 runs three steps of the up-sweep of Blelloch's scan (GPU Gems
// 3, chapter 39), the trips d, d/2 and d/4 of
//
//	for ; d > 0; d >>= 1 {
//		__syncthreads()
//		if tid < d {
//			ai, bi := offset*(2*tid+1)-1, offset*(2*tid+2)-1
//			row[bi] += row[ai]
//		}
//		offset *= 2
//	}
//
// from offset 1, in a one-dimensional block of at least d threads, and
// reports whether it did: not where d is not a positive multiple of 4 or
// row is shorter than the steps' 2·d elements, so that the loop's own
// steps run (and fail) as written. The three steps stay within groups of
// eight elements; UpSweep3 reads each group once into registers, adds as
// the steps do, in the same order, and stores the four sums the steps
// store, where the steps' loops store a sum and read it back at the next
// step. The results are the steps' bit for bit.
func UpSweep3[T Number](row []T, d int) bool {
	if d < 4 || d%4 != 0 || len(row)/2 < d {
		return false
	}
	row = row[:2*d]
	for g := 0; g+8 <= len(row); g += 8 {
		e := row[g : g+8 : g+8]
		v0, v1, v2, v3, v4, v5, v6, v7 := e[0], e[1], e[2], e[3], e[4], e[5], e[6], e[7]
		v1 += v0 // offset 1
		v3 += v2
		v5 += v4
		v7 += v6
		v3 += v1 // offset 2
		v7 += v5
		v7 += v3 // offset 4
		e[1], e[3], e[5], e[7] = v1, v3, v5, v7
	}
	return true
}

// DownSweep3 runs the last three steps of the down-sweep of Blelloch's
// scan, the trips d, 2d and 4d of
//
//	for ; d < n; d *= 2 {
//		offset >>= 1
//		__syncthreads()
//		if tid < d {
//			ai, bi := offset*(2*tid+1)-1, offset*(2*tid+2)-1
//			y := row[ai]
//			row[ai] = row[bi]
//			row[bi] += y
//		}
//	}
//
// from offset 8 (4, 2 and 1 after the trips halve it), in a
// one-dimensional block of at least 4·d threads, and reports whether it
// did: not where d is not positive or row is shorter than the steps'
// 8·d elements, so that the loop's own steps run (and fail) as written.
// Each group of eight elements is read once into registers, swapped and
// added as the steps do, in the same order, and stored back; the results
// are the steps' bit for bit.
func DownSweep3[T Number](row []T, d int) bool {
	if d < 1 || len(row)/8 < d {
		return false
	}
	row = row[:8*d]
	for g := 0; g+8 <= len(row); g += 8 {
		e := row[g : g+8 : g+8]
		v0, v1, v2, v3, v4, v5, v6, v7 := e[0], e[1], e[2], e[3], e[4], e[5], e[6], e[7]
		v3, v7 = v7, v7+v3 // offset 4
		v1, v3 = v3, v3+v1 // offset 2
		v5, v7 = v7, v7+v5
		v0, v1 = v1, v1+v0 // offset 1
		v2, v3 = v3, v3+v2
		v4, v5 = v5, v5+v4
		v6, v7 = v7, v7+v6
		e[0], e[1], e[2], e[3], e[4], e[5], e[6], e[7] = v0, v1, v2, v3, v4, v5, v6, v7
	}
	return true
}

// UpSweep3Op is UpSweep3 for a sweep whose step applies op instead of
// adding: row[bi] = op(row[bi], row[ai]), Go's min or max applied to the
// same operands in the same order.
func UpSweep3Op[T Number](row []T, d int, op FoldOp) bool {
	if d < 4 || d%4 != 0 || len(row)/2 < d || op != FoldMin && op != FoldMax {
		return false
	}
	row = row[:2*d]
	for g := 0; g+8 <= len(row); g += 8 {
		e := row[g : g+8 : g+8]
		v0, v1, v2, v3, v4, v5, v6, v7 := e[0], e[1], e[2], e[3], e[4], e[5], e[6], e[7]
		if op == FoldMin {
			v1, v3, v5, v7 = min(v1, v0), min(v3, v2), min(v5, v4), min(v7, v6) // offset 1
			v3, v7 = min(v3, v1), min(v7, v5)                                   // offset 2
			v7 = min(v7, v3)                                                    // offset 4
		} else {
			v1, v3, v5, v7 = max(v1, v0), max(v3, v2), max(v5, v4), max(v7, v6)
			v3, v7 = max(v3, v1), max(v7, v5)
			v7 = max(v7, v3)
		}
		e[1], e[3], e[5], e[7] = v1, v3, v5, v7
	}
	return true
}

// DownSweep3Op is DownSweep3 for a sweep whose step applies op instead
// of adding: y := row[ai]; row[ai] = row[bi]; row[bi] = op(row[bi], y).
func DownSweep3Op[T Number](row []T, d int, op FoldOp) bool {
	if d < 1 || len(row)/8 < d || op != FoldMin && op != FoldMax {
		return false
	}
	row = row[:8*d]
	for g := 0; g+8 <= len(row); g += 8 {
		e := row[g : g+8 : g+8]
		v0, v1, v2, v3, v4, v5, v6, v7 := e[0], e[1], e[2], e[3], e[4], e[5], e[6], e[7]
		if op == FoldMin {
			v3, v7 = v7, min(v7, v3) // offset 4
			v1, v3 = v3, min(v3, v1) // offset 2
			v5, v7 = v7, min(v7, v5)
			v0, v1 = v1, min(v1, v0) // offset 1
			v2, v3 = v3, min(v3, v2)
			v4, v5 = v5, min(v5, v4)
			v6, v7 = v7, min(v7, v6)
		} else {
			v3, v7 = v7, max(v7, v3)
			v1, v3 = v3, max(v3, v1)
			v5, v7 = v7, max(v7, v5)
			v0, v1 = v1, max(v1, v0)
			v2, v3 = v3, max(v3, v2)
			v4, v5 = v5, max(v5, v4)
			v6, v7 = v7, max(v7, v6)
		}
		e[0], e[1], e[2], e[3], e[4], e[5], e[6], e[7] = v0, v1, v2, v3, v4, v5, v6, v7
	}
	return true
}
