package compiled

import "github.com/gocuda/gocuda/cg"

// An Operator is one of package cg's operators that TileReduceOp applies
// in place.
type Operator int

// The operators of package cg that TileReduceOp applies in place.
const (
	OpPlus    Operator = iota // cg.Plus: a + b
	OpLess                    // cg.Less: b if b < a, else a
	OpGreater                 // cg.Greater: b if a < b, else a
)

// TileReduceOp is TileReduce for cg.Reduce with the cg operator op over
// values of a Number type. Over each whole tile whose lanes all called,
// the XOR shuffles' steps run in place, each lane computing op(its own
// value, its partner's), as TileReduce's would, so the results agree
// with it and with the runtime path bit for bit (negative zeros
// included); a partial tile, or one some of whose lanes did not call,
// goes through TileReduce. So does a sum over a tile holding a NaN: Go
// may compile a+b as b+a, which for two NaNs keeps the other's payload,
// and only TileReduce calls the operator as the runtime path does (a NaN
// the sum makes, of infinities, is the same whatever the order).
func TileReduceOp[T Number](b *Block, base int, active uint32, size int, vals *[warpSize]T, op Operator, out *[warpSize]T) {
	v := *vals
	for s := range warpTiles(min(warpSize, b.b.Threads-base), size, active) {
		first := s.first
		whole := s.have == size && s.act == s.lanes
		if whole && op == OpPlus {
			if sum, ok := treeSum(v[first : first+size]); ok {
				if out != nil {
					fill(out[first:first+size], sum)
				}
				continue
			}
		}
		if !whole || op == OpPlus {
			r := newTileRun(b, base, size, s, opFunc[T](op))
			r.run("Reduce", vals, out)
			continue
		}
		for m := size / 2; m > 0; m /= 2 {
			butterfly[T](&v, first, size, m, op)
		}
		if out != nil {
			copy(out[first:first+size], v[first:first+size])
		}
	}
}

// treeSum is what the XOR butterfly of sums leaves in every lane of tile
// (a power of two of them), computed once: each step adds lane l and lane
// l^m into both, and a+c equals c+a unless both are NaNs, so after each
// step a lane and its partner hold the same sum, and the lower half's
// sums are the next step's operands. It works in place and reports false
// where the sum is a NaN, which only a NaN operand, or infinities of both
// signs, can make: then the lanes may differ in payload.
func treeSum[T Number](tile []T) (T, bool) {
	if len(tile) == warpSize { // a whole warp: the same tree, written out (ShflDownLane0), no steps through memory; see BenchmarkLlmcLayernorm
		w := (*[warpSize]T)(tile)
		ShflDownLane0(w)
		return w[0], w[0] == w[0]
	}
	for m := len(tile) / 2; m > 0; m /= 2 {
		lo, hi := tile[:m], tile[m:2*m]
		for l := range lo {
			lo[l] += hi[l]
		}
	}
	sum := tile[0]
	return sum, sum == sum
}

// fill sets every element of s to x.
func fill[T any](s []T, x T) {
	for i := range s {
		s[i] = x
	}
}

// butterfly is one XOR step by m over the tile of size lanes from first:
// each pair of lanes once, both reading before either writes.
func butterfly[T Number](v *[warpSize]T, first, size, m int, op Operator) {
	tile := v[first : first+size]
	switch op {
	case OpPlus:
		for l := range tile {
			if p := l ^ m; p > l {
				a, c := tile[l], tile[p]
				tile[l], tile[p] = a+c, c+a
			}
		}
	case OpLess:
		for l := range tile {
			if p := l ^ m; p > l {
				a, c := tile[l], tile[p]
				tile[l], tile[p] = less(a, c), less(c, a)
			}
		}
	case OpGreater:
		for l := range tile {
			if p := l ^ m; p > l {
				a, c := tile[l], tile[p]
				tile[l], tile[p] = greater(a, c), greater(c, a)
			}
		}
	}
}

// opFunc returns op as package cg's function, which the runtime path
// calls, for the tiles TileReduceOp leaves to TileReduce.
func opFunc[T Number](op Operator) func(a, b T) T {
	switch op {
	case OpLess:
		return cg.Less[T]
	case OpGreater:
		return cg.Greater[T]
	}
	return cg.Plus[T]
}

// less is cg.Less: b if b < a, else a (a NaN compares false: a); it
// selects, so Go's order of its operands cannot show.
func less[T Number](a, b T) T {
	if b < a {
		return b
	}
	return a
}

// greater is cg.Greater: b if a < b, else a.
func greater[T Number](a, b T) T {
	if a < b {
		return b
	}
	return a
}
