package kir

import (
	"go/ast"
	"go/types"
)

// A loop whose code may fail elsewhere than at the indexes the rebase
// pass takes (a helper that may panic, a gather at an index read from
// memory) is rebased in part where that pays, its threads recording
// their positions; and an index may name a local the loop defines once.

// pays reports whether rebasing part of a loop whose code may fail
// elsewhere drops more bounds checks of slices than it keeps, an index
// in a loop counting as eight of the loop's trips: otherwise the row's
// check and the second copy of the code cost more than they save
// (kmeans' point loop, whose only rebased index is its store after the
// loops over features). Indexes of arrays, which Go checks alike in
// both forms where it cannot prove them, and of maps count as neither.
func (r *rebaser) pays(stmts []ast.Stmt) bool {
	info := r.f.Src.Info
	var rebased, checked int
	var walk func(n ast.Node, weight int)
	walk = func(n ast.Node, weight int) {
		ast.Inspect(n, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ForStmt, *ast.RangeStmt:
				var body *ast.BlockStmt
				if f, ok := n.(*ast.ForStmt); ok {
					body = f.Body
				} else {
					body = n.(*ast.RangeStmt).Body
				}
				walk(body, 8*weight)
				return false
			case *ast.IndexExpr:
				_, isSlice := info.TypeOf(n.X).Underlying().(*types.Slice)
				switch k, ok := r.at[n]; {
				case ok && r.slices[k].Stride == nil:
					rebased += weight
				case isSlice:
					checked += weight // a strided index keeps its check too
				}
			case *ast.CallExpr:
				if _, ok := r.at[n]; ok {
					rebased += weight // a guarded load: a test and a check
				}
			}
			return true
		})
	}
	for _, s := range stmts {
		walk(s, 1)
	}
	return rebased > checked
}

// indexes rebases the index expressions and guarded loads of s that it
// can, where s may fail otherwise; not those of a function literal, whose variables are
// its own and which may run anywhere.
func (r *rebaser) indexes(s ast.Stmt) {
	ast.Inspect(s, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.IndexExpr:
			r.index(n)
		case *ast.CallExpr:
			r.guardedCall(n)
		}
		return true
	})
}

// copyable reports whether s may be written twice in one function, as a
// rebased loop and the usual one: it declares no label.
func copyable(s ast.Stmt) bool {
	ok := true
	ast.Inspect(s, func(n ast.Node) bool {
		if _, isLabel := n.(*ast.LabeledStmt); isLabel {
			ok = false
		}
		return ok
	})
	return ok
}

// local returns the definition of the variable e names, where the loop's
// code defines it once, by :=, and assigns it nowhere else: pathfinder's
// index := cols*(startStep+i) + xidx. Its uses come after the definition
// in the thread's code (Go's scopes see to it), and the definition's
// operands, which rowUniform requires the loop not to assign, have the
// same values there.
func (r *rebaser) local(e ast.Expr) ast.Expr {
	id, ok := e.(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := r.f.Src.Info.Uses[id].(*types.Var)
	if !ok || r.defs[v] == nil {
		return nil
	}
	r.locals[v] = true
	return r.defs[v]
}
