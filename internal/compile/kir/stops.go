package kir

import (
	"go/ast"
	"go/token"
	"go/types"
)

// stops is the pass that chooses the loops that check, at their
// back-edge, whether the launch has stopped (failed, or its context
// ended), so that LaunchContext can stop a kernel that would loop forever.
// Counted loops and ranges over slices, maps, strings and integers end by
// themselves and are not checked: in a hot inner loop the check's load and
// branch would cost much of its time.
func stops(f *Func) {
	check := func(n ast.Node) {
		ast.Inspect(n, func(m ast.Node) bool {
			switch m := m.(type) {
			case *ast.FuncLit:
				return false
			case *ast.ForStmt:
				if _, unrolled := f.Unroll[m]; !unrolled && f.Strides[m] == nil && !f.counted(m) {
					f.Stops[m] = true
				}
			case *ast.RangeStmt:
				switch f.Src.Info.TypeOf(m.X).Underlying().(type) {
				case *types.Chan, *types.Signature:
					f.Stops[m] = true
				}
			}
			return true
		})
	}
	Walk(f.Body, func(n Node) {
		switch n := n.(type) {
		case *Code:
			check(n.Stmt)
		case *For:
			if !f.counted(n.Src) {
				f.Stops[n.Src] = true
			}
		}
	})
}

// counted reports whether fs is for i := x; i op bound; i step (or i =
// x, or for ; i op bound; i step, as an inlined helper's own counter is
// written),
// with neither i nor what bound reads changed in the body, and a step
// that moves i by an amount the body does not change.
func (f *Func) counted(fs *ast.ForStmt) bool {
	for _, c := range conjuncts(fs.Cond) { // one bound that ends the loop is enough
		if f.countedBy(fs, f.counterOf(fs, c), c) {
			return true
		}
	}
	return false
}

// counterOf returns the variable fs's init defines, or with no init the
// local variable condition c compares, or nil.
func (f *Func) counterOf(fs *ast.ForStmt, c ast.Expr) *types.Var {
	if fs.Init == nil {
		if cond, ok := ast.Unparen(c).(*ast.BinaryExpr); ok {
			if id, ok := ast.Unparen(cond.X).(*ast.Ident); ok {
				if v, ok := f.Src.Info.Uses[id].(*types.Var); ok && f.Vars[v] != nil {
					return v
				}
			}
			if v := f.identVar(cond.Y); v != nil && f.Vars[v] != nil && v == f.postVar(fs) {
				return v // n > i
			}
		}
		return nil
	}
	init, ok := fs.Init.(*ast.AssignStmt)
	if !ok || init.Tok != token.DEFINE && init.Tok != token.ASSIGN || len(init.Lhs) != 1 {
		return nil
	}
	id, _ := init.Lhs[0].(*ast.Ident)
	key, _ := f.Src.Info.ObjectOf(id).(*types.Var) // defined, or assigned (var j int; for j = 0; ...)
	if key == nil || f.Vars[key] == nil {
		return nil
	}
	return key
}

// postVar returns the variable fs's post statement steps, or nil.
func (f *Func) postVar(fs *ast.ForStmt) *types.Var {
	switch post := fs.Post.(type) {
	case *ast.IncDecStmt:
		return f.identVar(post.X)
	case *ast.AssignStmt:
		if len(post.Lhs) == 1 {
			return f.identVar(post.Lhs[0])
		}
	}
	return nil
}

// conjuncts returns the operands of a chain of &&.
func conjuncts(e ast.Expr) []ast.Expr { return operands(e, false) }

// countedBy reports whether condition c of loop fs bounds its key as
// counted requires.
func (f *Func) countedBy(fs *ast.ForStmt, key *types.Var, c ast.Expr) bool {
	cond, ok2 := ast.Unparen(c).(*ast.BinaryExpr)
	if ok2 && key != nil && !f.isVar(cond.X, key) && f.isVar(cond.Y, key) {
		cond = &ast.BinaryExpr{X: cond.Y, Op: mirror[cond.Op], Y: cond.X} // n > i is i < n
	}
	if !ok2 || key == nil || !f.isVar(cond.X, key) {
		return false
	}
	switch cond.Op {
	case token.LSS, token.LEQ, token.GTR, token.GEQ:
	default:
		return false
	}
	switch post := fs.Post.(type) {
	case *ast.IncDecStmt:
		if !f.isVar(post.X, key) {
			return false
		}
	case *ast.AssignStmt:
		if len(post.Lhs) != 1 || !f.isVar(post.Lhs[0], key) || f.changedIn(post.Rhs[0], fs.Body) || !f.moves(fs, key, cond.Op) {
			return false
		}
	default:
		return false
	}
	return !f.changedIn(cond.X, fs.Body) && !f.changedIn(cond.Y, fs.Body)
}

// changedIn reports whether a variable e reads is changed or addressed
// inside body, or e calls a function.
func (f *Func) changedIn(e ast.Expr, body *ast.BlockStmt) bool {
	changed := false
	vars := map[*types.Var]bool{}
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallExpr:
			if tv := f.Src.Info.Types[n.Fun]; !tv.IsType() && !tv.IsBuiltin() {
				changed = true
			}
		case *ast.Ident:
			if v, ok := f.Src.Info.ObjectOf(n).(*types.Var); ok {
				vars[v] = true
			}
		}
		return !changed
	})
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.UnaryExpr:
			if n.Op == token.AND && vars[f.localOf(n.X)] {
				changed = true
			}
		case *ast.FuncLit:
			for v := range vars {
				if refersTo(n, v, f.Src.Info) {
					changed = true
				}
			}
		case ast.Stmt:
			for _, x := range assigned(n) {
				if v := f.localOf(x); v != nil && vars[v] {
					changed = true
				}
			}
		}
		return !changed
	})
	return changed
}

// moves reports whether fs's post statement, an assignment to key, moves
// it toward a bound of op by its inductions (induction.go): a sum or a
// difference, as counted loops step; a division or right shift by a
// constant (s /= 2, s >>= 2) toward a lower bound, as it ends at zero; a
// multiplication or left shift toward an upper bound from a positive
// constant. Any other update may stand still (s *= 2 from 0, s = s|1,
// s /= 2 under s < n): the loop may not end, and checks for a stopped
// launch.
func (f *Func) moves(fs *ast.ForStmt, key *types.Var, op token.Token) bool {
	switch kind, _ := f.scaleOf(fs.Post, key); kind {
	case halving:
		return op == token.GTR || op == token.GEQ
	case doubling:
		init, ok := fs.Init.(*ast.AssignStmt)
		if !ok || len(init.Rhs) != 1 || op != token.LSS && op != token.LEQ {
			return false
		}
		c, ok := f.intConst(init.Rhs[0])
		return ok && c > 0
	}
	step, _, ok := f.update(fs.Post, key)
	return ok && (step == token.ADD || step == token.SUB)
}
