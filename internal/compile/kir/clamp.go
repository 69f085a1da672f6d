package kir

import (
	"go/ast"
	"go/token"
	"go/types"
)

// A clamp is part of the build pass: an integer defined by v := e and
// later bounded by if v < u { v = u } (or >, <=, >=, u on the left) in
// the same list, with nothing between reading v or changing what u
// reads, is defined as v := max(e, u) (min for an upper bound), the if
// dropped. Rodinia's stencils clamp their neighbours' indices to the
// tile this way (hotspot's w := tx-1; if w < validXmin { w = validXmin }):
// one definition makes v a pure function of the thread's index, which
// classify can rematerialize where it is used, instead of keeping it per
// thread across every barrier. Only code the build pass leaves whole is
// read, and only in the kernel's own body, where the names of e and u
// mean at the definition what they meant where they were written.

// clamps returns list with its clamps folded into their definitions.
func (f *Func) clamps(list []Node) []Node {
	if f.depth > 0 {
		return list
	}
	out := list
	for i := 0; i < len(out); i++ {
		v, u, fn := f.clampOf(out[i])
		if v == nil {
			continue
		}
		for j := i - 1; j >= 0; j-- {
			c, ok := out[j].(*Code)
			if !ok {
				break
			}
			if def, ok := f.definesOnly(c.Stmt, v); ok {
				if folded := f.foldClamp(def, u, fn); folded != nil {
					out = append(append(append([]Node{}, out[:j]...), &Code{Stmt: folded}), append(out[j+1:i:i], out[i+1:]...)...)
					i--
				}
				break
			}
			if refersTo(c.Stmt, v, f.Src.Info) || f.changesAny(c.Stmt, u) {
				break
			}
		}
	}
	return out
}

// clampOf returns, for n, a Code if v < u { v = u } with no init or else
// (or its mirror images), v an integer local and u pure, v, u and the
// builtin that folds it ("max" for a lower bound), or nil.
func (f *Func) clampOf(n Node) (*types.Var, ast.Expr, string) {
	c, ok := n.(*Code)
	if !ok {
		return nil, nil, ""
	}
	s, ok := c.Stmt.(*ast.IfStmt)
	if !ok || s.Init != nil || s.Else != nil || len(s.Body.List) != 1 {
		return nil, nil, ""
	}
	as, ok := s.Body.List[0].(*ast.AssignStmt)
	cond, ok2 := ast.Unparen(s.Cond).(*ast.BinaryExpr)
	if !ok || !ok2 || as.Tok != token.ASSIGN || len(as.Lhs) != 1 {
		return nil, nil, ""
	}
	id, ok := ast.Unparen(as.Lhs[0]).(*ast.Ident)
	if !ok {
		return nil, nil, ""
	}
	v, _ := f.Src.Info.Uses[id].(*types.Var)
	if v == nil || f.Vars[v] == nil || !isInteger(v.Type()) {
		return nil, nil, ""
	}
	op, x, y := cond.Op, cond.X, cond.Y
	if isIdentOf(f, y, v) {
		op, x, y = mirror[op], y, x
	}
	u := as.Rhs[0]
	if !isIdentOf(f, x, v) || !sameValue(f.Src.Info, y, u) || !f.pure(u, func(*types.Var) bool { return true }, false) || !f.cannotFail(u) {
		return nil, nil, ""
	}
	switch op {
	case token.LSS, token.LEQ:
		return v, u, "max"
	case token.GTR, token.GEQ:
		return v, u, "min"
	}
	return nil, nil, ""
}

// sameValue reports whether a and b are the same name or constant.
func sameValue(info *types.Info, a, b ast.Expr) bool {
	if ta, tb := info.Types[a], info.Types[b]; ta.Value != nil && tb.Value != nil {
		return ta.Value.ExactString() == tb.Value.ExactString()
	}
	ia, ok1 := ast.Unparen(a).(*ast.Ident)
	ib, ok2 := ast.Unparen(b).(*ast.Ident)
	return ok1 && ok2 && info.Uses[ia] != nil && info.Uses[ia] == info.Uses[ib]
}

// definesOnly returns s if it is v := e, defining v alone.
func (f *Func) definesOnly(s ast.Stmt, v *types.Var) (*ast.AssignStmt, bool) {
	as, ok := s.(*ast.AssignStmt)
	if !ok || as.Tok != token.DEFINE || len(as.Lhs) != 1 || len(as.Rhs) != 1 {
		return nil, false
	}
	id, ok := as.Lhs[0].(*ast.Ident)
	return as, ok && f.Src.Info.Defs[id] == v
}

// changesAny reports whether s assigns or addresses the variable u names.
func (f *Func) changesAny(s ast.Stmt, u ast.Expr) bool {
	id, ok := ast.Unparen(u).(*ast.Ident)
	if !ok {
		return false // a constant
	}
	v, _ := f.Src.Info.Uses[id].(*types.Var)
	return changedVars(f.Src.Info, &ast.BlockStmt{List: []ast.Stmt{s}}, false)[v]
}

// foldClamp returns def, v := e, as v := fn(e, u), type-checked where def
// stands, or nil where u's variable is not one of the kernel's own,
// declared before def and never changed out of sight, or fn does not
// name the builtin there.
func (f *Func) foldClamp(def *ast.AssignStmt, u ast.Expr, fn string) ast.Stmt {
	pos := def.Pos()
	if id, ok := ast.Unparen(u).(*ast.Ident); ok {
		uv, _ := f.Src.Info.Uses[id].(*types.Var)
		if uv == nil || uv.Pos() >= pos || !f.stableVar(uv) {
			return nil
		}
	}
	scope := f.Src.Pkg.Scope().Innermost(pos)
	if scope == nil {
		return nil
	}
	if _, obj := scope.LookupParent(fn, pos); obj != types.Universe.Lookup(fn) {
		return nil
	}
	none := &instance{objs: map[types.Object]types.Object{}}
	e := f.copyNode(def.Rhs[0], none, nil).(ast.Expr)
	bound := f.copyNode(u, none, nil).(ast.Expr)
	moveTo(bound, pos) // printed on the definition's line
	call := &ast.CallExpr{Fun: &ast.Ident{NamePos: pos, Name: fn}, Lparen: pos, Args: []ast.Expr{e, bound}, Rparen: pos}
	want := f.Src.Info.TypeOf(def.Rhs[0])
	if err := types.CheckExpr(f.Src.Fset, f.Src.Pkg, pos, call, f.Src.Info); err != nil || !types.Identical(f.Src.Info.TypeOf(call), want) {
		return nil
	}
	return &ast.AssignStmt{Lhs: def.Lhs, TokPos: def.TokPos, Tok: token.DEFINE, Rhs: []ast.Expr{call}}
}

// moveTo moves the positions of e, an expression of names, constants,
// operators, selectors, indexes and calls, to pos.
func moveTo(e ast.Expr, pos token.Pos) {
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			n.NamePos = pos
		case *ast.BasicLit:
			n.ValuePos = pos
		case *ast.BinaryExpr:
			n.OpPos = pos
		case *ast.UnaryExpr:
			n.OpPos = pos
		case *ast.ParenExpr:
			n.Lparen, n.Rparen = pos, pos
		case *ast.CallExpr:
			n.Lparen, n.Rparen = pos, pos
		case *ast.IndexExpr:
			n.Lbrack, n.Rbrack = pos, pos
		}
		return true
	})
}
