package compile

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
)

// analyzeLoops records what each thread loop uses, defines and changes,
// decides which variables are replicated, and refuses what a thread loop
// cannot hold: a break or continue of block-level control, and replicated
// variables whose address is taken or that a function literal captures.
func (a *analysis) analyzeLoops() {
	inLoop := map[ast.Stmt]*threadLoop{}
	for _, l := range a.loops {
		l.refs, l.defs, l.sets = map[*types.Var]bool{}, map[*types.Var]bool{}, map[*types.Var]bool{}
		var nodes []ast.Node
		for _, s := range l.stmts {
			nodes = append(nodes, s)
			a.checkBranches(s)
		}
		for _, call := range []*ast.CallExpr{l.pred, l.coll} {
			if call != nil {
				for _, arg := range call.Args {
					nodes = append(nodes, arg)
				}
			}
		}
		if l.cond != nil {
			nodes = append(nodes, l.cond)
		}
		for _, n := range nodes {
			a.scanLoopNode(l, n, inLoop)
		}
		for _, s := range l.stmts {
			if isDefine(s) {
				allDefined(s, a.info, func(v *types.Var) bool { l.defs[v] = true; return true })
			}
		}
	}
	a.replicate(inLoop)
}

// scanLoopNode records n's variables and returns in l. A statement going
// on with a warp collective's result does not use the collective's
// operands: the loop before it evaluated them.
func (a *analysis) scanLoopNode(l *threadLoop, n ast.Node, inLoop map[ast.Stmt]*threadLoop) {
	var skip ast.Node
	if s, ok := n.(ast.Stmt); ok && a.colls[s] != nil {
		skip = a.colls[s]
	}
	ast.Inspect(n, func(n ast.Node) bool {
		if n != nil && n == skip {
			return false
		}
		switch n := n.(type) {
		case *ast.Ident:
			if v, ok := a.info.ObjectOf(n).(*types.Var); ok && a.isLocal(v) {
				l.refs[v] = true
			}
		case *ast.ReturnStmt:
			l.exits = true
		case *ast.FuncLit:
			ast.Inspect(n.Body, func(m ast.Node) bool {
				if id, ok := m.(*ast.Ident); ok {
					if v, ok := a.info.Uses[id].(*types.Var); ok && a.isLocal(v) {
						l.refs[v] = true
					}
				}
				return true
			})
			return false
		}
		if s, ok := n.(ast.Stmt); ok {
			inLoop[s] = l
		}
		return true
	})
}

// isLocal reports whether v is a variable of the kernel: not package-level,
// not the thread.
func (a *analysis) isLocal(v *types.Var) bool {
	return v.Pkg() != nil && v.Parent() != v.Pkg().Scope() && v != a.k.Thread && !v.IsField()
}

// replicate marks the per-thread variables used by more than one thread
// loop as replicated, and records which loops change them.
func (a *analysis) replicate(inLoop map[ast.Stmt]*threadLoop) {
	users := map[*types.Var]int{}
	for _, l := range a.loops {
		for v := range l.refs {
			users[v]++
		}
	}
	for v, n := range users {
		if n < 2 || a.class[v] != varLocal {
			continue
		}
		a.class[v] = varReplicated
		for _, s := range a.sites[v] {
			if s.kind == siteAddr {
				a.refuse(s.stmt, "the address of %s, which lives across a barrier, is taken", v.Name())
			}
			if l := inLoop[s.stmt]; l != nil {
				l.sets[v] = true
			}
		}
		a.checkCaptured(v)
	}
}

// checkCaptured refuses a replicated variable used in a function literal:
// the literal would keep one thread loop's copy.
func (a *analysis) checkCaptured(v *types.Var) {
	ast.Inspect(a.k.Decl.Body, func(n ast.Node) bool {
		if lit, ok := n.(*ast.FuncLit); ok && refersTo(lit, v, a.info) {
			a.refuse(lit, "a function literal uses %s, which lives across a barrier", v.Name())
			return false
		}
		return true
	})
}

// checkBranches refuses a break or continue in s that leaves s for
// block-level control: a thread loop has no way to run it.
func (a *analysis) checkBranches(s ast.Stmt) {
	labels := map[string]bool{}
	var walk func(n ast.Node, loops, breakable int) bool
	walk = func(n ast.Node, loops, breakable int) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.LabeledStmt:
			labels[n.Label.Name] = true
		case *ast.ForStmt, *ast.RangeStmt:
			ast.Inspect(body(n), func(m ast.Node) bool { return m == body(n) || walk(m, loops+1, breakable+1) })
			return false
		case *ast.SwitchStmt, *ast.TypeSwitchStmt, *ast.SelectStmt:
			ast.Inspect(body(n), func(m ast.Node) bool { return m == body(n) || walk(m, loops, breakable+1) })
			return false
		case *ast.BranchStmt:
			switch {
			case n.Label != nil && !labels[n.Label.Name]:
				a.refuse(n, "%s %s leaves a region between barriers", n.Tok, n.Label.Name)
			case n.Label == nil && n.Tok == token.CONTINUE && loops == 0,
				n.Label == nil && n.Tok == token.BREAK && breakable == 0:
				a.refuse(n, "%s of a loop containing a barrier", n.Tok)
			}
		}
		return true
	}
	ast.Inspect(s, func(n ast.Node) bool { return walk(n, 0, 0) })
}

// body returns the body of a loop, switch or select.
func body(n ast.Node) *ast.BlockStmt {
	switch n := n.(type) {
	case *ast.ForStmt:
		return n.Body
	case *ast.RangeStmt:
		return n.Body
	case *ast.SwitchStmt:
		return n.Body
	case *ast.TypeSwitchStmt:
		return n.Body
	case *ast.SelectStmt:
		return n.Body
	}
	return nil
}

// rematFor returns the recomputed variables loop l needs, in source order.
func (a *analysis) rematFor(l *threadLoop) []*types.Var {
	need := map[*types.Var]bool{}
	var add func(v *types.Var)
	add = func(v *types.Var) {
		if a.class[v] != varRemat || need[v] {
			return
		}
		need[v] = true
		ast.Inspect(a.defStmt[v], func(n ast.Node) bool {
			if id, ok := n.(*ast.Ident); ok {
				if u, ok := a.info.Uses[id].(*types.Var); ok {
					add(u)
				}
			}
			return true
		})
	}
	for v := range l.refs {
		add(v)
	}
	return a.sorted(need)
}

// sorted returns the variables of set in the order of their declarations.
func (a *analysis) sorted(set map[*types.Var]bool) []*types.Var {
	var out []*types.Var
	for v := range set {
		out = append(out, v)
	}
	slices.SortFunc(out, func(x, y *types.Var) int { return int(x.Pos()) - int(y.Pos()) })
	return out
}
