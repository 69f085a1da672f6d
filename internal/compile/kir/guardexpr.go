package kir

import (
	"go/ast"
	"go/token"
	"go/types"
)

// Guards in real code often test the thread's index through a small
// helper or a named flag: Rodinia's IN_RANGE(x, min, max), written as
// inRange(tx, lo, hi), and isValid := inRange(tx, validXmin, validXmax)
// used later in a condition. condOperands reads through both, so that the
// bounds a condition puts on the thread's index are seen wherever it was
// spelled.

// condOperands returns the operands of a chain of && (of ||, with negate)
// in cond, reading through calls of pure helpers that return a chain of
// comparisons of their parameters, and through bool remat variables, to
// the comparisons they stand for. The result stands for the same
// condition: the helpers are pure and their arguments evaluated as often
// as the caller's condition would, so only bounds are read from it, never
// code written.
func (f *Func) condOperands(cond ast.Expr, negate bool) []ast.Expr {
	return f.expandOperands(cond, negate, 0)
}

func (f *Func) expandOperands(e ast.Expr, negate bool, depth int) []ast.Expr {
	var out []ast.Expr
	for _, op := range operands(e, negate) {
		var x ast.Expr
		if depth <= 4 {
			x = f.expandGuard(op)
		}
		if x == nil {
			out = append(out, op)
			continue
		}
		out = append(out, f.expandOperands(x, negate, depth+1)...)
	}
	return out
}

// expandGuard returns what operand e stands for where it is a bool remat
// variable (its definition) or a call of a helper of one return statement
// of comparisons between its parameters and constants (its result, the
// parameters replaced by the arguments); nil otherwise.
func (f *Func) expandGuard(e ast.Expr) ast.Expr {
	e = ast.Unparen(e)
	if v := f.varOf(e); v != nil && v.Class == Remat && types.Identical(v.Obj.Type().Underlying(), types.Typ[types.Bool]) {
		if d := defExpr(v); d != nil && d != e {
			return d
		}
		return nil
	}
	call, ok := e.(*ast.CallExpr)
	if !ok {
		return nil
	}
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return nil
	}
	fn, ok := f.Src.Info.Uses[id].(*types.Func)
	if !ok || !f.pureHelper(fn) {
		return nil
	}
	d := f.declOf(fn)
	if d == nil || len(d.Body.List) != 1 {
		return nil
	}
	ret, ok := d.Body.List[0].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return nil
	}
	args := map[types.Object]ast.Expr{}
	sig := fn.Type().(*types.Signature)
	if sig.Variadic() || sig.Params().Len() != len(call.Args) {
		return nil
	}
	for i, a := range call.Args {
		args[sig.Params().At(i)] = a
	}
	return f.substGuard(ret.Results[0], args)
}

// substGuard returns e, a chain of && or || of comparisons, with each
// parameter in args replaced by its argument; nil where e holds anything
// else (the comparisons' operands must be parameters or constants).
func (f *Func) substGuard(e ast.Expr, args map[types.Object]ast.Expr) ast.Expr {
	e = ast.Unparen(e)
	b, ok := e.(*ast.BinaryExpr)
	if !ok {
		return nil
	}
	if _, cmp := mirror[b.Op]; !cmp && b.Op != token.LAND && b.Op != token.LOR {
		return nil
	}
	operand := func(x ast.Expr) ast.Expr {
		x = ast.Unparen(x)
		if tv, ok := f.Src.Info.Types[x]; ok && tv.Value != nil {
			return x
		}
		if id, ok := x.(*ast.Ident); ok {
			return args[f.Src.Info.Uses[id]]
		}
		if _, ok := x.(*ast.BinaryExpr); ok {
			return f.substGuard(x, args)
		}
		return nil
	}
	x, y := operand(b.X), operand(b.Y)
	if x == nil || y == nil {
		return nil
	}
	return &ast.BinaryExpr{X: x, OpPos: b.OpPos, Op: b.Op, Y: y}
}
