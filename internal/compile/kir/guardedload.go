package kir

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// A guarded load is a helper that returns an element of a slice it is
// passed, or something else where the index is out of range: the
// reductions' reduceAt, CUDA's (i < n) ? in[i] : 0.
//
//	func at[T any](in []T, i int) T {
//		if i < len(in) {
//			return in[i]
//		}
//		var zero T
//		return zero
//	}
//
// Where rebase (in the rows pass) finds a call of one at the thread's x index plus
// a row's offset, into a slice the loop does not assign, it rebases the
// call as it would the index in[i]: where the row's check finds the slice
// long enough, every thread's index is in range, the helper returns
// in[i], and the unchecked form reads the rebased slice at the thread's
// x, with neither the helper's test nor a bounds check (Harris's
// first-add loads, sdata[tid] = at(in, i) + at(in, i+blockDim)).

// guardedLoad reports whether fn is a guarded load, returning the
// positions of its slice and index parameters: a function of this
// package, not a method, whose body returns s[i], s and i two of its
// parameters that it does not assign and s[i] of its result type,
// whenever 0 <= i < len(s), before anything else happens: its first
// statement is "if C { return s[i] }" with C "i < len(s)", alone or
// and-ed with "i >= 0"; or its statements are "if C { ... }" with C
// "i >= len(s)", alone or or-ed with "i < 0", and "return s[i]".
func (f *Func) guardedLoad(fn *types.Func) (slice, index int, ok bool) {
	d := f.declOf(fn)
	if d == nil || d.Recv != nil || d.Body == nil || len(d.Body.List) == 0 {
		return 0, 0, false
	}
	sig := fn.Origin().Signature()
	if sig.Results().Len() != 1 {
		return 0, 0, false
	}
	first, ok := d.Body.List[0].(*ast.IfStmt)
	if !ok || first.Init != nil || first.Else != nil {
		return 0, 0, false
	}
	var load *ast.IndexExpr
	if len(first.Body.List) == 1 {
		load, ok = returned(first.Body.List[0])
		ok = ok && inside.of(first.Cond, load)
	}
	if !ok && len(d.Body.List) == 2 {
		load, ok = returned(d.Body.List[1])
		ok = ok && outside.of(first.Cond, load)
	}
	if !ok {
		return 0, 0, false
	}
	return f.loadParams(d, sig, load)
}

// returned returns the expression s returns, where s is "return s[i]"
// with s and i names.
func returned(s ast.Stmt) (*ast.IndexExpr, bool) {
	r, ok := s.(*ast.ReturnStmt)
	if !ok || len(r.Results) != 1 {
		return nil, false
	}
	x, ok := ast.Unparen(r.Results[0]).(*ast.IndexExpr)
	if !ok || !isName(x.X) || !isName(x.Index) {
		return nil, false
	}
	return x, true
}

// A boundsTest is the form of a guarded load's test of its index i
// against len(s): inside (i < len(s), alone or and-ed with i >= 0 or
// 0 <= i) or outside (i >= len(s), alone or or-ed with i < 0 or 0 > i).
type boundsTest struct{ join, upper, lower, lowerFlipped token.Token }

var (
	inside  = boundsTest{join: token.LAND, upper: token.LSS, lower: token.GEQ, lowerFlipped: token.LEQ}
	outside = boundsTest{join: token.LOR, upper: token.GEQ, lower: token.LSS, lowerFlipped: token.GTR}
)

// of reports whether cond is this test for load s[i].
func (bt boundsTest) of(cond ast.Expr, load *ast.IndexExpr) bool {
	c, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return false
	}
	if c.Op == bt.join {
		return bt.of(c.X, load) && bt.zero(c.Y, load.Index) || bt.zero(c.X, load.Index) && bt.of(c.Y, load)
	}
	return c.Op == bt.upper && sameName(c.X, load.Index) && isLenOf(c.Y, load.X)
}

// zero reports whether c compares i with 0 as the test's lower bound does.
func (bt boundsTest) zero(c, i ast.Expr) bool {
	b, ok := ast.Unparen(c).(*ast.BinaryExpr)
	return ok && (b.Op == bt.lower && sameName(b.X, i) && isZero(b.Y) || b.Op == bt.lowerFlipped && isZero(b.X) && sameName(b.Y, i))
}

func isName(x ast.Expr) bool {
	_, ok := ast.Unparen(x).(*ast.Ident)
	return ok
}

func sameName(x, y ast.Expr) bool {
	a, ok1 := ast.Unparen(x).(*ast.Ident)
	b, ok2 := ast.Unparen(y).(*ast.Ident)
	return ok1 && ok2 && a.Name == b.Name
}

func isZero(x ast.Expr) bool {
	l, ok := ast.Unparen(x).(*ast.BasicLit)
	return ok && l.Kind == token.INT && l.Value == "0"
}

// isLenOf reports whether x is len(s), by name (the helper's scope has
// no other s: loadParams checks that s is a parameter).
func isLenOf(x, s ast.Expr) bool {
	call, ok := ast.Unparen(x).(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return false
	}
	fn, ok := ast.Unparen(call.Fun).(*ast.Ident)
	return ok && fn.Name == "len" && sameName(call.Args[0], s)
}

// loadParams returns the positions in d's parameters of load's slice and
// index, where both are parameters that d's body does not assign, the
// slice's element type is d's result type and the index is an int.
func (f *Func) loadParams(d *ast.FuncDecl, sig *types.Signature, load *ast.IndexExpr) (slice, index int, ok bool) {
	info := f.Src.Info
	sv, _ := info.Uses[load.X.(*ast.Ident)].(*types.Var)
	iv, _ := info.Uses[load.Index.(*ast.Ident)].(*types.Var)
	slice, index = -1, -1
	for k := range sig.Params().Len() {
		switch sig.Params().At(k) {
		case sv:
			slice = k
		case iv:
			index = k
		}
	}
	if slice < 0 || index < 0 || !types.Identical(iv.Type(), types.Typ[types.Int]) {
		return 0, 0, false
	}
	s, ok := sv.Type().Underlying().(*types.Slice)
	if !ok || !types.Identical(s.Elem(), sig.Results().At(0).Type()) {
		return 0, 0, false
	}
	if f.assignsAny(d.Body, load) {
		return 0, 0, false
	}
	return slice, index, true
}

// guardedCall reports whether call is a call of a guarded load that the
// rebaser rebases: its slice a uniform slice the loop does not assign,
// its index the thread's x index plus a row's offset, or the row's
// offset alone, as index takes s[i].
func (r *rebaser) guardedCall(call *ast.CallExpr) bool {
	fn, ok := typeutil.Callee(r.f.Src.Info, call).(*types.Func)
	if !ok {
		return false
	}
	s, i, ok := r.f.guardedLoad(fn)
	if !ok || call.Ellipsis.IsValid() {
		return false
	}
	id, ok := r.uniformSlice(call.Args[s])
	if !ok {
		return false
	}
	off, ok := r.affine(call.Args[i])
	one := false
	if !ok {
		if off, ok = r.rowIndex(call.Args[i]); !ok {
			return false
		}
		one = true
	}
	for k, a := range call.Args {
		if k != s && k != i && !r.expr(a) {
			return false
		}
	}
	r.note(call, RebasedSlice{X: id, Off: off, One: one})
	return true
}
