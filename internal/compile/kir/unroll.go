package kir

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
)

// unrollBudget bounds the statements an unrolled loop may become: Go does
// not unroll loops, and in a thread loop a short loop's counter, compare,
// branch and bounds checks cost more than its body (the tiled matmul's
// 16-step inner product; see BenchmarkMatMul's tiled).
const unrollBudget = 512

// threadsPerStep is the threads a step of a small thread loop runs, and
// stepBudget the syntax nodes its body may have: it is written five
// times (four copies and the loop for the rest).
const (
	threadsPerStep = 4
	stepBudget     = 30
)

// stepUnrollable reports whether thread loop l may run several threads
// per step: its body is small, holds no loop written as copies, and no
// thread leaves it early (the copies of a step could not skip the rest
// of a thread), declares no label (labels are the function's) and it is
// not a reduction or a grid-stride loop run in lockstep.
func (f *Func) stepUnrollable(l *ThreadLoop) bool {
	if l.Reduce != nil || l.stepped() || f.Exits || len(l.Body) == 0 {
		return false
	}
	if f.lockstep(l) != nil && !l.StrideBound {
		return false // a step skips a thread past the limit with continue
	}
	var stmts []ast.Node
	for _, c := range l.Body {
		stmts = append(stmts, c.(*Code).Stmt)
	}
	if s := f.lockstep(l); s != nil {
		stmts = []ast.Node{l.Body[0].(*Code).Stmt.(*ast.ForStmt).Body} // a step writes the body alone
	}
	nodes, ok := 0, true
	for _, st := range stmts {
		ast.Inspect(st, func(m ast.Node) bool {
			if m == nil {
				return false
			}
			nodes++
			switch m.(type) {
			case *ast.ReturnStmt, *ast.LabeledStmt, *ast.FuncLit:
				ok = false
			}
			if _, copied := f.Unroll[m]; copied {
				ok = false
			}
			return ok
		})
	}
	return ok && nodes <= stepBudget
}

// unroll is the pass that chooses the loops of thread code to write as
// copies of their body: innermost loops of a constant trip count (for i :=
// range C, for i := c0; i < C; i++) whose body is small, leaves no loop
// early and does not change the key.
//
// It chooses the small innermost ranges over slices of thread code to
// write four elements a step (range_steps.go), and the thread loops to
// write four threads per step: those of a small body that no thread
// leaves early, so that the loop's own counter and compare are paid once
// for four threads.
func unroll(f *Func) {
	Walk(f.Body, func(n Node) {
		var body []Node
		switch n := n.(type) {
		case *ThreadLoop:
			body = n.Body
			defer func() {
				if f.stepUnrollable(n) {
					n.Step = threadsPerStep
				}
			}()
		case *LaneLoop:
			body = n.Body
		}
		for _, c := range body {
			ast.Inspect(c.(*Code).Stmt, func(m ast.Node) bool {
				switch m := m.(type) {
				case *ast.FuncLit:
					return false
				case *ast.ForStmt, *ast.RangeStmt:
					if key, from, to, ok := f.constantTrips(m); ok && f.unrollable(m, key, to-from) {
						f.Unroll[m] = from
						return false
					}
					if r, ok := m.(*ast.RangeStmt); ok && f.rangeSteppable(r) {
						f.RangeSteps[r] = true
						return false
					}
				}
				return true
			})
		}
	})
}

// constantTrips returns the loop variable (nil for none) and the range of
// its values if n runs a constant number of times, counting up by one.
func (f *Func) constantTrips(n ast.Node) (key *types.Var, from, to int64, ok bool) {
	info := f.Src.Info
	switch n := n.(type) {
	case *ast.RangeStmt:
		to, ok = f.intConst(n.X)
		if !ok || n.Value != nil || (n.Key != nil && n.Tok != token.DEFINE) {
			return nil, 0, 0, false
		}
		if n.Key != nil {
			key, _ = info.Defs[n.Key.(*ast.Ident)].(*types.Var)
		}
		return key, 0, to, true
	case *ast.ForStmt:
		init, okInit := n.Init.(*ast.AssignStmt)
		cond, okCond := n.Cond.(*ast.BinaryExpr)
		post, okPost := n.Post.(*ast.IncDecStmt)
		if !okInit || !okCond || !okPost || init.Tok != token.DEFINE || len(init.Lhs) != 1 || cond.Op != token.LSS || post.Tok != token.INC {
			return nil, 0, 0, false
		}
		id, _ := init.Lhs[0].(*ast.Ident)
		key, _ = info.Defs[id].(*types.Var)
		if key == nil || !f.isVar(cond.X, key) || !f.isVar(post.X, key) {
			return nil, 0, 0, false
		}
		from, ok1 := f.intConst(init.Rhs[0])
		to, ok2 := f.intConst(cond.Y)
		return key, from, to, ok1 && ok2
	}
	return nil, 0, 0, false
}

// intConst returns e's value if it is an integer constant: one the type
// checker evaluated, or a literal the passes wrote.
func (f *Func) intConst(e ast.Expr) (int64, bool) {
	e = ast.Unparen(e)
	if lit, ok := e.(*ast.BasicLit); ok && lit.Kind == token.INT {
		return constant.Int64Val(constant.MakeFromLiteral(lit.Value, token.INT, 0))
	}
	tv, ok := f.Src.Info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.Int {
		return 0, false
	}
	return constant.Int64Val(tv.Value)
}

// inCopies reports whether node m of a loop's body may be written in
// copies of the body, one per iteration: no loop (the copies are of
// innermost loops), no break or continue (it would leave one copy, not
// the loop), no return (it needs its loop), and no label, function
// literal, defer or go.
func inCopies(m ast.Node) bool {
	switch m.(type) {
	case *ast.ForStmt, *ast.RangeStmt, *ast.LabeledStmt, *ast.FuncLit, *ast.DeferStmt, *ast.GoStmt, *ast.BranchStmt, *ast.ReturnStmt:
		return false
	}
	return true
}

// unrollable reports whether loop n, of trips iterations, may be unrolled.
func (f *Func) unrollable(n ast.Node, key *types.Var, trips int64) bool {
	var body *ast.BlockStmt
	switch n := n.(type) {
	case *ast.ForStmt:
		body = n.Body
	case *ast.RangeStmt:
		body = n.Body
	}
	if trips <= 0 || trips > 64 {
		return false
	}
	size, ok := 0, true
	ast.Inspect(body, func(m ast.Node) bool {
		if !inCopies(m) {
			ok = false
		}
		switch m := m.(type) {
		case *ast.UnaryExpr:
			if key != nil && m.Op == token.AND && f.localOf(m.X) == key {
				ok = false
			}
		case ast.Stmt:
			size++
			for _, e := range assigned(m) {
				if key != nil && f.localOf(e) == key {
					ok = false
				}
			}
		}
		return ok
	})
	return ok && int64(size)*trips <= unrollBudget
}

// unrolled returns the copies of a loop's body for its keys, each in a
// block that declares the key as that iteration's constant.
func (e *emitter) unrolled(c *cloner, loop ast.Stmt, body *ast.BlockStmt, from int64) ast.Stmt {
	key, _, to, _ := e.f.constantTrips(loop)
	out := &ast.BlockStmt{}
	for i := from; i < to; i++ {
		copyBody := c.node(body).(*ast.BlockStmt)
		if key != nil {
			name := key.Name()
			if v := e.f.Vars[key]; v != nil {
				name = v.Name
			}
			value := &ast.CallExpr{Fun: ast.NewIdent(e.typeString(key.Type())), Args: []ast.Expr{intLit(i)}}
			decl := &ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent(name)}, Tok: token.DEFINE, Rhs: []ast.Expr{value}}
			use := &ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent("_")}, Tok: token.ASSIGN, Rhs: []ast.Expr{ast.NewIdent(name)}}
			copyBody.List = append([]ast.Stmt{decl, use}, copyBody.List...)
		}
		out.List = append(out.List, copyBody)
	}
	return out
}
