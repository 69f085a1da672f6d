package compiled

// TreeFold runs the next steps of a halving tree over shared memory, the
// loop
//
//	for ; s > stop; s /= 2 {
//		if tid < s {
//			row[tid] += row[tid+s]
//		}
//		__syncthreads()
//	}
//
// of a one-dimensional block of at least s threads (Harris's reductions),
// three steps at a time where it can, or two: it reports the last step
// it ran, from which the loop goes on, or 0 where it ran none. Each
// element below that step is the sum the steps would leave there, added
// in the same order, so the results are the loop's bit for bit; the
// steps' other sums are not stored. keep is where the kernel's reads of
// row after the loop end (they read below keep), and a fused step is
// never below it, so nothing the kernel reads again misses a sum: the
// steps that follow read below twice their own size, which is at most
// the last fused step. Where row is too short for the steps (2·s elements)
// it runs none, so the loop's own steps fail as the kernel would.
//
// A step of the tree reads two elements and writes one for each thread
// below it; three fused read eight and write one for each thread below
// the last, saving the stores and loads between the steps (see
// BenchmarkReduce's sequential and firstAdd). The SIMD build runs the
// steps as vector loops instead, which fused steps did not beat.
func TreeFold[T Number](row []T, s, stop, keep int) int {
	h, q, ok := foldSteps(len(row), s, stop, keep)
	if !ok {
		return 0
	}
	treeFold(row, s, h, q)
	return lastStep(h, q)
}

// lastStep is the last step a fused trip ran: q, or h where q is 0.
func lastStep(h, q int) int {
	if q > 0 {
		return q
	}
	return h
}

// foldSteps returns the steps a fused trip of TreeFold from s runs down
// to, h alone (q 0) or h and q, or false where it runs none.
func foldSteps(n, s, stop, keep int) (h, q int, ok bool) {
	if s < 1 || n/2 < s {
		return 0, 0, false
	}
	keep = max(keep, 1)
	h, q = s/2, s/4
	switch {
	case q > stop && q >= keep:
	case h > stop && h >= keep:
		q = 0
	default:
		return 0, 0, false
	}
	return h, q, true
}

// A FoldOp is the operator of a tree TreeFoldOp runs: Go's min or max
// builtin.
type FoldOp uint8

// The operators of TreeFoldOp.
const (
	FoldMin FoldOp = iota + 1 // row[x] = min(row[x], row[x+s])
	FoldMax                   // row[x] = max(row[x], row[x+s])
)

// TreeFoldOp is TreeFold for a tree whose steps apply op instead of
// adding: row[x] = op(row[x], row[x+s]). The fused steps apply it to the
// same operands in the same order, so the results are the loop's bit for
// bit (NaNs and signed zeros included).
func TreeFoldOp[T Number](row []T, s, stop, keep int, op FoldOp) int {
	h, q, ok := foldSteps(len(row), s, stop, keep)
	if !ok || op != FoldMin && op != FoldMax {
		return 0
	}
	if op == FoldMin {
		treeFoldMin(row, s, h, q)
	} else {
		treeFoldMax(row, s, h, q)
	}
	return lastStep(h, q)
}

// treeFoldMin is treeFold with min for +.
func treeFoldMin[T Number](row []T, s, h, q int) {
	if q == 0 {
		a := row[:h]
		b, c, d := row[s:][:h], row[h:][:h], row[h+s:][:h]
		for x := range a {
			a[x] = min(min(a[x], b[x]), min(c[x], d[x]))
		}
		return
	}
	a := row[:q]
	a1, a2, a3 := row[s:][:q], row[h:][:q], row[h+s:][:q]
	b0, b1, b2, b3 := row[q:][:q], row[q+s:][:q], row[q+h:][:q], row[q+h+s:][:q]
	for x := range a {
		a[x] = min(min(min(a[x], a1[x]), min(a2[x], a3[x])), min(min(b0[x], b1[x]), min(b2[x], b3[x])))
	}
}

// treeFoldMax is treeFold with max for +.
func treeFoldMax[T Number](row []T, s, h, q int) {
	if q == 0 {
		a := row[:h]
		b, c, d := row[s:][:h], row[h:][:h], row[h+s:][:h]
		for x := range a {
			a[x] = max(max(a[x], b[x]), max(c[x], d[x]))
		}
		return
	}
	a := row[:q]
	a1, a2, a3 := row[s:][:q], row[h:][:q], row[h+s:][:q]
	b0, b1, b2, b3 := row[q:][:q], row[q+s:][:q], row[q+h:][:q], row[q+h+s:][:q]
	for x := range a {
		a[x] = max(max(max(a[x], a1[x]), max(a2[x], a3[x])), max(max(b0[x], b1[x]), max(b2[x], b3[x])))
	}
}

// treeFold stores the fused steps' sums of the elements below the last
// step, h (q 0) or q: for each x, (row[x] + row[x+s]) + (row[x+h] +
// row[x+h+s]), plus, for three steps, the same sum at x+q (the second
// step's sum of element x+q, which the third adds).
func treeFold[T Number](row []T, s, h, q int) {
	if q == 0 {
		a := row[:h]
		b, c, d := row[s:][:h], row[h:][:h], row[h+s:][:h]
		for x := range a {
			a[x] = (a[x] + b[x]) + (c[x] + d[x])
		}
		return
	}
	a := row[:q]
	a1, a2, a3 := row[s:][:q], row[h:][:q], row[h+s:][:q]
	b0, b1, b2, b3 := row[q:][:q], row[q+s:][:q], row[q+h:][:q], row[q+h+s:][:q]
	for x := range a {
		a[x] = ((a[x] + a1[x]) + (a2[x] + a3[x])) + ((b0[x] + b1[x]) + (b2[x] + b3[x]))
	}
}

// TreeSum runs the steps s, s/2, ..., 1 of a halving tree over row (as
// TreeFold's loop with stop 0), fused where they can be, for the element
// at 0 alone, and reports whether it did: not where row is shorter than
// 2·s, so that the kernel's own code runs and fails as written. It
// stands for the last warp of Harris's reductions, whose lane 0 adds in
// this order, where the kernel reads row[0] alone after it.
func TreeSum[T Number](row []T, s int) bool {
	if s < 1 || len(row)/2 < s {
		return false
	}
	for ; s > 0; s /= 2 {
		if k := TreeFold(row, s, 0, 1); k > 0 {
			s = k
			continue
		}
		for x := range s {
			row[x] += row[x+s]
		}
	}
	return true
}
