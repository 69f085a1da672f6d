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
		if s.have != size || s.act != s.lanes || op == OpPlus && hasNaN(v[first:first+size]) {
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

// hasNaN reports whether s holds a NaN (never, for integers).
func hasNaN[T Number](s []T) bool {
	for _, x := range s {
		if x != x {
			return true
		}
	}
	return false
}
