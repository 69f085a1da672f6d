package kir

import (
	"go/ast"
	"go/token"
	"go/types"
)

// A function literal reads and writes the variables it captures wherever
// it is called, and a closure made in one thread or lane loop may be
// called in another, after a sync point (a C++ lambda capturing by
// reference, ported, as in cuda-samples' shfl_integral_image). Each loop
// has its own copy of a variable that is not kept in place, so such a
// closure would read the copy of the loop that made it. The spill pass
// therefore keeps in place, per thread in scratch, every varying variable
// a function literal captures that is kept anyway or changes after its
// declaration: then every loop and every call see one variable, as on
// the runtime path. A variable set once, where it is declared, needs
// nothing: every copy a closure may hold has its value.

// capturedVars returns the varying variables that a function literal of
// the body uses and that are declared outside it, and whether each
// changes after its declaration (in a literal or anywhere else).
func (f *Func) capturedVars() map[*types.Var]bool {
	captured := map[*types.Var]bool{}
	f.inspectAll(func(n ast.Node) {
		lit, ok := n.(*ast.FuncLit)
		if !ok {
			return
		}
		ast.Inspect(lit.Body, func(m ast.Node) bool {
			id, ok := m.(*ast.Ident)
			if !ok {
				return true
			}
			v, ok := f.Src.Info.Uses[id].(*types.Var)
			if ok && f.Vars[v] != nil && f.Vars[v].Class == Varying && (v.Pos() < lit.Pos() || v.Pos() >= lit.End()) {
				captured[v] = false
			}
			return true
		})
	})
	if len(captured) == 0 {
		return captured
	}
	f.inspectAll(func(n ast.Node) {
		for _, v := range f.changedAfterDecl(n) {
			if _, ok := captured[v]; ok {
				captured[v] = true
			}
		}
	})
	return captured
}

// changedAfterDecl returns the variables n assigns, increments or takes
// the address of, other than in the statement declaring them.
func (f *Func) changedAfterDecl(n ast.Node) []*types.Var {
	var out []*types.Var
	switch n := n.(type) {
	case *ast.UnaryExpr:
		if v, ok := rootVar(n.X, f.Src.Info).(*types.Var); ok && n.Op == token.AND {
			out = append(out, v)
		}
	case *ast.AssignStmt, *ast.IncDecStmt, *ast.RangeStmt:
		for _, x := range assigned(n.(ast.Stmt)) {
			if id := identOf(x); x == nil || id != nil && f.Src.Info.Defs[id] != nil {
				continue // none, or declared here
			}
			if v, ok := rootVar(x, f.Src.Info).(*types.Var); ok {
				out = append(out, v)
			}
		}
	}
	return out
}

// hasSyncPoint reports whether the body has a barrier, a warp collective
// or more than one thread loop: a closure made in one loop may then be
// called in another.
func (f *Func) hasSyncPoint() bool {
	found, loops := false, 0
	Walk(f.Body, func(n Node) {
		switch n.(type) {
		case *Barrier, *Collective, *WarpLoop, *Reduced:
			found = true
		case *ThreadLoop:
			loops++
		}
	})
	return found || loops > 1
}
