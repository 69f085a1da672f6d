package kir

import (
	"go/ast"
	"go/token"
	"go/types"
)

// affine reports whether index e is the thread's x index plus an offset
// the same for every thread of a row of x, returning the offset (nil for
// none) with the remat variables it reads written out as their
// definitions, so that it can be evaluated before the row. Every step is
// of type int, as the rebased index is.
func (r *rebaser) affine(e ast.Expr) (off ast.Expr, ok bool) {
	e = ast.Unparen(e)
	if !types.Identical(r.f.Src.Info.TypeOf(e), types.Typ[types.Int]) {
		return nil, false
	}
	if r.f.isThreadX(e) {
		return nil, true
	}
	if seg, op := r.quot.quotOf(e); seg != nil && op == token.REM {
		return ast.NewIdent(seg.R), true
	}
	if v := r.f.varOf(e); v != nil && v.Obj == r.key && !r.assigned[v.Obj] {
		return r.keyOff, true
	}
	if v := r.remat(e); v != nil {
		return r.affine(defExpr(v))
	}
	if d := r.local(e); d != nil {
		return r.affine(d)
	}
	b, ok := e.(*ast.BinaryExpr)
	if !ok || b.Op != token.ADD && b.Op != token.SUB {
		return nil, false
	}
	if off, ok := r.affine(b.X); ok {
		if y, ok := r.rowUniform(b.Y); ok {
			return sumOf(off, b.Op, y), true
		}
	}
	if b.Op == token.ADD {
		if off, ok := r.affine(b.Y); ok {
			if x, ok := r.rowUniform(b.X); ok {
				return sumOf(off, token.ADD, x), true
			}
		}
	}
	return nil, false
}

// sumOf returns off op y, off nil for 0.
func sumOf(off ast.Expr, op token.Token, y ast.Expr) ast.Expr {
	if off == nil {
		if op == token.ADD {
			return y
		}
		off = intLit(0)
	}
	return &ast.BinaryExpr{X: paren(off), Op: op, Y: paren(y)}
}

// A rowScope decides what is the same for every thread of a row of x in
// a thread loop: assigned are the variables the loop's code assigns (nil
// for none known), which are not.
type rowScope struct {
	f        *Func
	assigned map[*types.Var]bool
	// risky, where set, admits operations that may fail (a division by a
	// variable, a shift by one), noting that one was taken: a row's
	// condition evaluated once for the row where its first thread would
	// (Bound.RowRisk).
	risky *bool
	// quot, where set, are the loop's divisions that its rows run in
	// segments (quotient.go): in a segment a quotient is the same for
	// every thread, and a remainder is x plus an offset.
	quot *Quotients
	// local, where set, returns the definition of a variable the loop's
	// code defines once and never changes (rebaser.local), or nil.
	local func(ast.Expr) ast.Expr
}

// remat returns the remat variable e names, not assigned in the loop
// but by its definition, or nil.
func (r rowScope) remat(e ast.Expr) *Var {
	v := r.f.varOf(e)
	if v == nil || v.Class != Remat || r.assigned[v.Obj] {
		return nil
	}
	if d := defExpr(v); d != nil && d != e {
		return v
	}
	return nil
}

// rowUniform reports whether e is the same for every thread of a row of
// x and cannot fail: constants, uniform variables the loop does not
// assign, the block's coordinates and the thread's y and z, remat
// variables defined from them, and arithmetic that cannot fail. It
// returns e with those remat variables written out.
func (r rowScope) rowUniform(e ast.Expr) (ast.Expr, bool) {
	info := r.f.Src.Info
	if tv := info.Types[e]; tv.Value != nil {
		return e, true
	}
	if seg, op := r.quot.quotOf(e); seg != nil && op == token.QUO {
		return ast.NewIdent(seg.Q), true
	}
	switch x := e.(type) {
	case *ast.ParenExpr:
		in, ok := r.rowUniform(x.X)
		return paren(in), ok
	case *ast.Ident:
		if v := r.remat(x); v != nil {
			d, ok := r.rowUniform(defExpr(v))
			return paren(d), ok
		}
		if r.local != nil {
			if d := r.local(x); d != nil {
				in, ok := r.rowUniform(d)
				return paren(in), ok
			}
		}
		obj, ok := info.ObjectOf(x).(*types.Var)
		if !ok || obj.Parent() == obj.Pkg().Scope() || r.assigned[obj] {
			return nil, false
		}
		kv := r.f.Vars[obj]
		return e, kv != nil && kv.Class == Uniform
	case *ast.SelectorExpr:
		field, ok := r.f.threadFieldSel(x)
		return e, ok && (field != "ThreadIdx" || x.Sel.Name != r.f.laneAxis())
	case *ast.BinaryExpr:
		switch x.Op {
		case token.ADD, token.SUB, token.MUL, token.AND, token.OR, token.XOR, token.AND_NOT, token.QUO, token.REM, token.SHL, token.SHR:
		default:
			return nil, false
		}
		if !r.opSafe(x.Op, x.X, x.Y) || (x.Op == token.SHL || x.Op == token.SHR) && info.Types[x.Y].Value == nil {
			if r.risky == nil {
				return nil, false
			}
			*r.risky = true
		}
		a, okA := r.rowUniform(x.X)
		b, okB := r.rowUniform(x.Y)
		return &ast.BinaryExpr{X: a, Op: x.Op, Y: b}, okA && okB
	case *ast.UnaryExpr:
		if x.Op != token.SUB && x.Op != token.ADD && x.Op != token.XOR {
			return nil, false
		}
		in, ok := r.rowUniform(x.X)
		return &ast.UnaryExpr{Op: x.Op, X: in}, ok
	case *ast.CallExpr:
		if tv := info.Types[x.Fun]; tv.IsType() && len(x.Args) == 1 && isInteger(tv.Type) && isInteger(info.TypeOf(x.Args[0])) {
			in, ok := r.rowUniform(x.Args[0]) // a conversion of integers, which cannot fail
			return &ast.CallExpr{Fun: x.Fun, Args: []ast.Expr{in}}, ok
		}
		return r.rowMinMax(x)
	}
	return nil, false
}

// rowMinMax returns a call of builtin min or max of integers the same for
// every thread of a row of x (a clamped neighbour's row, hotspot's
// n := max(ty-1, validYmin)), with its arguments written out.
func (r rowScope) rowMinMax(call *ast.CallExpr) (ast.Expr, bool) {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok || !isInteger(r.f.Src.Info.TypeOf(call)) {
		return nil, false
	}
	if b, isBuiltin := r.f.Src.Info.Uses[id].(*types.Builtin); !isBuiltin || b.Name() != "min" && b.Name() != "max" {
		return nil, false
	}
	for v := range r.f.Vars {
		if v.Name() == id.Name {
			return nil, false // a variable of the kernel's could shadow the builtin where the row's check is written
		}
	}
	out := &ast.CallExpr{Fun: ast.NewIdent(id.Name), Args: make([]ast.Expr, len(call.Args))}
	for i, a := range call.Args {
		in, ok := r.rowUniform(a)
		if !ok {
			return nil, false
		}
		out.Args[i] = in
	}
	return out, true
}
