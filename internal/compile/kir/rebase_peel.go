package kir

import (
	"go/ast"
	"go/constant"
	"go/token"
	"slices"
)

// A loop that reads its row's neighbours (a stencil's tile[ty][tx-1] and
// tile[ty][tx+1], a shift scan's s[tx-1] under tx > 0) has no row whose
// slices are long enough for all its threads: the first thread's left
// neighbour and the last's right lie outside. Such a loop is peeled: each
// row runs its threads from the first whose every rebased index is in
// range to the last in the unchecked form, and the threads before and
// after, in order, in the usual form (emit_peel.go). Its threads run in
// the order they did, so the thread that fails first is the one that
// did; the guards that keep the edge threads off their missing
// neighbours hold in the usual form as they did.

// peels reports whether the rebased loop with slices s is peeled: one
// of its slices is indexed at the thread's x index plus an offset that
// reads a neighbour, a constant or uniform distance away (tile[tx-1],
// temp[pin*b+tx-offset]), which some rows' first or last threads take
// out of range; but not where the loop's own lower bound cancels the
// distance (x[tx-offset] for tx >= offset), whose rows the usual check
// admits whole. A loop in segments of one quotient (quotient.go) or run
// in lockstep for a grid-stride loop is not: their rows have their own
// bounds.
func (r *rebaser) peels(l *ThreadLoop, s []RebasedSlice) bool {
	if l.Quot != nil || r.f.lockstep(l) != nil {
		return false
	}
	if slices.ContainsFunc(s, func(s RebasedSlice) bool { return s.Stride != nil || s.Fit != nil }) {
		return false // a strided or narrow index's row is checked whole
	}
	from := r.lowerBounds(l)
	return slices.ContainsFunc(s, func(s RebasedSlice) bool { return !s.One && r.neighbour(s.Off, from) })
}

// lowerBounds returns the first threads of a row l's bounds admit, as
// linears (X + Adj - Off of each lower bound), or 0 where none is read.
func (r *rebaser) lowerBounds(l *ThreadLoop) []linear {
	var out []linear
	for _, b := range l.Bounds {
		if b.Upper || b.Row != nil || b.Scale != nil {
			continue
		}
		x, ok := r.rowLinear(b.X)
		if !ok {
			continue
		}
		x = append(x, term{c: int64(b.Adj)})
		if b.Off != nil {
			off, ok := r.rowLinear(b.Off)
			if !ok {
				continue
			}
			x = x.minus(off)
		}
		out = append(out, x)
	}
	if len(out) == 0 {
		out = append(out, linear{})
	}
	return out
}

// neighbour reports whether a row's threads from one of from on index a
// slice at their x index plus off where a constant term of off is not 0
// or a uniform term is subtracted: off plus the row's first thread,
// like terms added up, has a nonzero constant or a negative term.
func (r *rebaser) neighbour(off ast.Expr, from []linear) bool {
	if off == nil {
		return false
	}
	lin, ok := r.rowLinear(off)
	if !ok {
		return r.constTerm(off)
	}
	if r.constTerm(off) {
		return true // a neighbour at either end, whatever the bound
	}
	return !slices.ContainsFunc(from, func(lo linear) bool {
		factor, rest := append(append(linear(nil), lin...), lo...).split()
		return len(factor) == 0 && !slices.ContainsFunc(rest, func(t term) bool { return t.c < 0 })
	})
}

// rowLinear reads e, a value the same for a whole row (an offset or a
// bound, which the passes may have built), as a linear whose values are
// its names and selectors.
func (r *rebaser) rowLinear(e ast.Expr) (linear, bool) {
	leaf := func(e ast.Expr) bool {
		switch e.(type) {
		case *ast.Ident, *ast.SelectorExpr:
			return true
		}
		return false
	}
	return indexReader{f: r.f, isX: func(ast.Expr) bool { return false }, isU: leaf, built: true}.linear(e, 0)
}

// constTerm reports whether off, a sum, has a term that is a nonzero
// constant.
func (r *rebaser) constTerm(off ast.Expr) bool {
	switch x := ast.Unparen(off).(type) {
	case nil:
		return false
	case *ast.BinaryExpr:
		if x.Op == token.ADD || x.Op == token.SUB {
			return r.constTerm(x.X) || r.constTerm(x.Y)
		}
	case *ast.BasicLit:
		return x.Kind == token.INT && x.Value != "0"
	}
	v := r.f.Src.Info.Types[off].Value
	return v != nil && v.Kind() == constant.Int && constant.Sign(v) != 0
}
