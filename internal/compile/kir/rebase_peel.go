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
// of its slices is indexed at the thread's x index plus an offset with a
// constant term, a neighbour's. A loop in segments of one quotient
// (quotient.go) or run in lockstep for a grid-stride loop is not: their
// rows have their own bounds.
func (r *rebaser) peels(l *ThreadLoop, s []RebasedSlice) bool {
	if l.Quot != nil || r.f.lockstep(l) != nil {
		return false
	}
	if slices.ContainsFunc(s, func(s RebasedSlice) bool { return s.Stride != nil }) {
		return false // a strided index's row is checked whole
	}
	return slices.ContainsFunc(s, func(s RebasedSlice) bool { return !s.One && r.constTerm(s.Off) })
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
