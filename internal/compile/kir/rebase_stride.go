package kir

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
)

// A thread loop may index a slice at the thread's x index times a stride
// the same for the row, plus an offset: a Blelloch scan's tree step,
// temp[offset*(2*thid+1)-1]. The rebase pass takes such an index where
// the loop's other indexes are taken and nothing else may fail: before
// the row, compiled.InStride checks the first and the last thread's index
// (exactly, without wrapping); where both are in the slice, so are the
// others', and the row runs without recording its threads' positions.
// The index keeps its form, and Go its bounds check, which cannot fail.
// Only in blocks' thread loops (not a grid body's rows, segments or
// lockstep strides, nor a warp's lanes): there the row's threads are x
// from the row's first to its last. And only outside the loop's ifs: an
// index under a guard (Harris's kernel 2, sdata[index] under index <
// blockDim.x) may leave the slice for the threads the guard rejects,
// where the row's check would fail every time, a cost for nothing;
// unless each guard around it compares the index with a slice's length
// (the Blelloch scan's if g < n { a0 = in[g] }, and its out[g] under the
// same guard, n := len(in)): there the check fails only in the rows the
// slice's end cuts, and decides the guards in the others
// (rebase_proven.go).

// strided returns index e as stride*x + off, x the thread's x index and
// stride and off the same for the row (off nil for 0), where it is one
// with a stride that depends on the thread.
func (r *rebaser) strided(e ast.Expr) (stride, off ast.Expr, ok bool) {
	stride, off, ok = r.linear(e)
	return stride, off, ok && stride != nil
}

// linear returns e, of type int, as stride*x + off with stride and off
// the same for the row (nil for 0), or false.
func (r *rebaser) linear(e ast.Expr) (stride, off ast.Expr, ok bool) {
	e = ast.Unparen(e)
	if !types.Identical(r.f.Src.Info.TypeOf(e), types.Typ[types.Int]) {
		return nil, nil, false
	}
	if r.f.isThreadX(e) {
		return intLit(1), nil, true
	}
	if u, ok := r.rowUniform(e); ok {
		return nil, u, true
	}
	if v := r.remat(e); v != nil {
		return r.linear(defExpr(v))
	}
	if d := r.local(e); d != nil {
		return r.linear(d)
	}
	b, ok := e.(*ast.BinaryExpr)
	if !ok {
		return nil, nil, false
	}
	xs, xo, okx := r.linear(b.X)
	ys, yo, oky := r.linear(b.Y)
	if !okx || !oky {
		return nil, nil, false
	}
	switch b.Op {
	case token.ADD, token.SUB:
		return combine(xs, b.Op, ys), combine(xo, b.Op, yo), true
	case token.MUL:
		switch {
		case xs == nil: // uniform * (ys*x + yo)
			return product(xo, ys), product(xo, yo), true
		case ys == nil:
			return product(xs, yo), product(xo, yo), true
		}
	}
	return nil, nil, false
}

// combine returns a op b (ADD or SUB), nil standing for 0.
func combine(a ast.Expr, op token.Token, b ast.Expr) ast.Expr {
	if b == nil {
		return a
	}
	return sumOf(a, op, b)
}

// product returns a * b, nil standing for 0.
func product(a, b ast.Expr) ast.Expr {
	if a == nil || b == nil {
		return nil
	}
	return &ast.BinaryExpr{X: paren(a), Op: token.MUL, Y: paren(b)}
}

// lengthGuarded reports whether each if around index x (none in an else)
// has a conjunct comparing x's index with its slice's length that holds
// where the index is in range: i < len(s), len(s) > i, or i < n with n :=
// len(s).
func (r *rebaser) lengthGuarded(x *ast.IndexExpr) bool {
	for _, c := range r.conds {
		if c == nil || !slices.ContainsFunc(conjuncts(c), func(t ast.Expr) bool { return r.boundsIndex(t, x) }) {
			return false
		}
	}
	return true
}

// boundsIndex reports whether c compares x's index with a slice's
// length, holding where it is in range: x's slice's, or another's.
func (r *rebaser) boundsIndex(c ast.Expr, x *ast.IndexExpr) bool {
	b, ok := ast.Unparen(c).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	idx, length := b.X, b.Y
	switch b.Op {
	case token.LSS:
	case token.GTR:
		idx, length = b.Y, b.X
	default:
		return false
	}
	return r.f.lengthOf(length) != nil && r.sameIndex(idx, x.Index) // another slice's length: the row's check takes it in (RebasedSlice.Bound)
}
