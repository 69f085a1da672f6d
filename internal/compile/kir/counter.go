package kir

import (
	"go/ast"
	"go/token"
	"go/types"
)

// A loop whose init assigns a variable declared before it (C's
// int i; ... for (i = 0; ...)) gets a counter of its own: the loop reads
// and writes a new variable, set from the init and copied back to the old
// one after the loop. One variable reused by several loops, some in
// thread code and some around barriers (Rodinia's lud and srad), is then
// several, each classified alone. Taking the variable's address or using
// it in a function literal inside the loop keeps the loop as it is.

// ownCounter returns s, a for statement, with a counter of its own, as a
// block: the new counter's declaration, the loop over it, the copy back.
func (f *Func) ownCounter(s *ast.ForStmt) (*ast.BlockStmt, bool) {
	init, ok := s.Init.(*ast.AssignStmt)
	if !ok || init.Tok != token.ASSIGN || len(init.Lhs) != 1 || len(init.Rhs) != 1 {
		return nil, false
	}
	id, ok := init.Lhs[0].(*ast.Ident)
	if !ok {
		return nil, false
	}
	old, ok := f.Src.Info.Uses[id].(*types.Var)
	if !ok || f.Vars[old] == nil || f.addressedIn(s, old) {
		return nil, false
	}
	nv := types.NewVar(id.Pos(), f.Src.Pkg, old.Name(), old.Type())
	f.addVar(nv)
	renamed := &instance{objs: map[types.Object]types.Object{old: nv}}
	loop := &ast.ForStmt{For: s.For, Body: s.Body}
	if s.Cond != nil {
		loop.Cond = f.copyNode(s.Cond, renamed, nil).(ast.Expr)
	}
	if s.Post != nil {
		loop.Post = f.copyNode(s.Post, renamed, nil).(ast.Stmt)
	}
	loop.Body = f.copyNode(s.Body, renamed, nil).(*ast.BlockStmt)
	back := &ast.AssignStmt{Lhs: []ast.Expr{f.ident(old, s.End())}, TokPos: s.End(), Tok: token.ASSIGN, Rhs: []ast.Expr{f.ident(nv, s.End())}}
	return block(s.For, f.declare(nv, init.Rhs[0], id.Pos()), loop, back, f.blankUse(old, s.End())), true
}

// addressedIn reports whether n takes v's address or uses v in a
// function literal.
func (f *Func) addressedIn(n ast.Node, v *types.Var) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		switch m := m.(type) {
		case *ast.UnaryExpr:
			if id, ok := ast.Unparen(m.X).(*ast.Ident); ok && m.Op == token.AND && f.Src.Info.Uses[id] == v {
				found = true
			}
		case *ast.FuncLit:
			found = found || refersTo(m, v, f.Src.Info)
		case *ast.CallExpr:
			if x := f.pointerReceiver(m); x != nil {
				if id, ok := ast.Unparen(x).(*ast.Ident); ok && f.Src.Info.Uses[id] == v {
					found = true
				}
			}
		}
		return !found
	})
	return found
}
