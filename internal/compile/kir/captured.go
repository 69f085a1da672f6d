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
// therefore keeps per thread in scratch every varying variable a
// function literal captures that changes after its declaration, and in
// place (every use reading and writing its element) every one it keeps
// so: then every loop and every call see one variable, as on the runtime
// path. A variable set once, where it is declared, needs nothing more
// than other variables do: every copy a closure may hold has its value.
// Nor does a loop's variable, one per iteration since Go 1.22, which its
// post statement sets for the next iteration: a closure holds its own
// iteration's.

// capturedVars returns the varying variables that a function literal of
// the body uses and that are declared outside it, and whether each
// changes after its declaration (in a literal or anywhere else).
func (f *Func) capturedVars() map[*types.Var]bool {
	captured := map[*types.Var]bool{}
	f.literalCaptures(func(v *types.Var) {
		if f.Vars[v].Class == Varying {
			captured[v] = false
		}
	})
	if len(captured) == 0 {
		return captured
	}
	iter := f.iterationVars()
	f.inspectAll(func(n ast.Node) {
		for _, v := range f.changedAfterDecl(n) {
			if _, ok := captured[v]; !ok {
				continue
			}
			if post, isLoopVar := iter[v]; isLoopVar {
				if n != ast.Node(post) {
					fail(f.unsupported(n, "a function literal captures the loop variable %s, which the loop's body changes (copy it into a variable of the body)", v.Name()))
				}
				continue // the next iteration's variable (Go 1.22): the one a closure holds is set once
			}
			captured[v] = true
		}
	})
	for v := range iter {
		delete(captured, v) // a closure of an iteration holds that iteration's, which nothing else changes
	}
	return captured
}

// iterationVars returns the variables for and range loops declare, one
// per iteration since Go 1.22, each with the post statement of its for
// loop (nil for a range loop's).
func (f *Func) iterationVars() map[*types.Var]ast.Stmt {
	vars := map[*types.Var]ast.Stmt{}
	def := func(x ast.Expr, post ast.Stmt) {
		if v, ok := f.Src.Info.Defs[identOf(x)].(*types.Var); ok {
			vars[v] = post
		}
	}
	f.inspectAll(func(n ast.Node) {
		switch n := n.(type) {
		case *ast.ForStmt:
			if a, ok := n.Init.(*ast.AssignStmt); ok && a.Tok == token.DEFINE {
				for _, x := range a.Lhs {
					def(x, n.Post)
				}
			}
		case *ast.RangeStmt:
			if n.Tok == token.DEFINE {
				def(n.Key, nil)
				def(n.Value, nil)
			}
		}
	})
	return vars
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

// literalCaptures calls fn for each use, in a function literal of the
// body, of a kernel variable declared outside that literal.
func (f *Func) literalCaptures(fn func(*types.Var)) {
	f.inspectAll(func(n ast.Node) {
		lit, ok := n.(*ast.FuncLit)
		if !ok {
			return
		}
		ast.Inspect(lit.Body, func(m ast.Node) bool {
			if id, ok := m.(*ast.Ident); ok {
				v, ok := f.Src.Info.Uses[id].(*types.Var)
				if ok && f.Vars[v] != nil && (v.Pos() < lit.Pos() || v.Pos() >= lit.End()) {
					fn(v)
				}
			}
			return true
		})
	})
}
