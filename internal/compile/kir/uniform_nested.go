package kir

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
)

// Variables assigned inside statements and under control: uniform when
// every thread does the same there (classify).

// nestedUniform reports whether inner, a statement inside top that
// assigns a variable, does the same for every thread of the block: top
// holds no break, continue, goto or return, every condition and loop
// header from top down to inner is pure in variables for which ok holds,
// and inner assigns pure values of them.
func (f *Func) nestedUniform(top, inner ast.Stmt, ok func(*types.Var) bool) bool {
	path := pathTo(top, inner)
	if path == nil || jumps(top) {
		return false
	}
	for _, n := range path {
		switch n := n.(type) {
		case *ast.IfStmt:
			if !f.uniformStmt(n.Init, ok) || !f.pure(n.Cond, ok, false) {
				return false
			}
		case *ast.ForStmt:
			if !f.uniformStmt(n.Init, ok) || !f.uniformStmt(n.Post, ok) || !f.pure(n.Cond, ok, false) {
				return false
			}
		case *ast.RangeStmt:
			if !f.uniformStmt(n, ok) {
				return false
			}
		case *ast.SwitchStmt:
			if !f.uniformStmt(n.Init, ok) || !f.pure(n.Tag, ok, false) {
				return false
			}
		case *ast.CaseClause:
			if !f.pureAll(n.List, ok, false) {
				return false
			}
		case *ast.BlockStmt, *ast.LabeledStmt:
		default:
			return false
		}
	}
	return f.uniformStmt(inner, ok)
}

// pathTo returns the nodes from top down to inner's parent, or nil if
// inner is not inside top (outside function literals).
func pathTo(top, inner ast.Node) []ast.Node {
	var stack, path []ast.Node
	ast.Inspect(top, func(n ast.Node) bool {
		if path != nil {
			return false
		}
		if n == nil {
			stack = stack[:len(stack)-1]
			return false
		}
		if n == inner {
			path = append([]ast.Node{}, stack...)
			return false
		}
		if _, lit := n.(*ast.FuncLit); lit {
			return false
		}
		stack = append(stack, n)
		return true
	})
	return path
}

// jumps reports whether s holds a branch or return statement outside
// function literals.
func jumps(s ast.Stmt) bool {
	found := false
	ast.Inspect(s, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BranchStmt, *ast.ReturnStmt:
			found = true
		}
		return !found
	})
	return found
}

// uniformCompound reports whether s, an if, switch, for or block, does the
// same for every thread of the block: it only assigns variables for which
// ok holds, under conditions the same for every thread, from pure values,
// and calls nothing impure. It runs once per block (fission), so that
// such variables stay uniform: a thread loop would run x -= d once per
// thread.
func (f *Func) uniformCompound(s ast.Stmt, ok func(*types.Var) bool) bool {
	uniform := ok
	switch s.(type) {
	case *ast.IfStmt, *ast.SwitchStmt, *ast.BlockStmt, *ast.ForStmt:
	default:
		return false
	}
	good, assigns := true, false
	ast.Inspect(s, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt, *ast.IncDecStmt, *ast.DeclStmt:
			assigns = true
			good = good && f.nestedUniform(s, n.(ast.Stmt), uniform)
			return false
		case *ast.IfStmt:
			good = good && f.pure(n.Cond, uniform, false)
		case *ast.ForStmt:
			good = good && f.pure(n.Cond, uniform, false)
		case *ast.SwitchStmt:
			good = good && f.pure(n.Tag, uniform, false)
		case *ast.CaseClause:
			good = good && f.pureAll(n.List, uniform, false)
		case *ast.BlockStmt, *ast.EmptyStmt:
		case ast.Stmt:
			good = false
		}
		return good
	})
	return good && assigns
}

// idempotent reports whether nested site s, which may run once per
// thread, stores into v the same value each time: v = e under conditions
// the same for every thread, e pure in variables for which ok holds and
// not reading v. Its statement runs thread after thread in a loop, so
// no thread may read v there, or before it in the code between the same
// sync points: the first thread's store would reach the later threads'
// reads of the old value (a0 ^= v; v = 1 in a case of a uniform switch).
func (f *Func) idempotent(s site, v *types.Var, ok func(*types.Var) bool) bool {
	a, isAssign := s.inner.(*ast.AssignStmt)
	if !isAssign || a.Tok != token.ASSIGN || !f.nestedUniform(s.stmt, s.inner, ok) {
		return false
	}
	for _, r := range a.Rhs {
		if refersTo(r, v, f.Src.Info) {
			return false
		}
	}
	return !f.stmtReads(s.stmt, v) && !f.readInRegion(f.Body, s.stmt, v)
}

// readInRegion reports whether the code before statement stmt in nodes,
// back to a sync point or structural control, may read v: that code and
// stmt run in one thread loop, or in loops fusion may merge. A scope (an
// inlined helper's body) is looked through; where stmt is not found, it
// reports true.
func (f *Func) readInRegion(nodes []Node, stmt ast.Stmt, v *types.Var) bool {
	path := nodePath(nodes, stmt)
	if path == nil {
		return true
	}
	for level := len(path) - 1; level >= 0; level-- {
		list, i := path[level].list, path[level].i
		for j := i - 1; j >= 0; j-- {
			switch n := list[j].(type) {
			case *Code:
				if f.stmtReads(n.Stmt, v) {
					return true
				}
			case *Scope:
				if f.nodesRead(n.Body, v) {
					return true
				}
			default:
				return false // the region starts after it
			}
		}
		if level > 0 { // the start of a list: a scope's goes on in its parent's
			if _, isScope := path[level-1].list[path[level-1].i].(*Scope); !isScope {
				return false
			}
		}
	}
	return false
}

// A listPos is a node's place in a list of nodes.
type listPos struct {
	list []Node
	i    int
}

// nodePath returns the places, from nodes down, of the nodes that hold the
// Code node of stmt, and of that node; nil where there is none.
func nodePath(nodes []Node, stmt ast.Stmt) []listPos {
	for i, n := range nodes {
		if c, ok := n.(*Code); ok && c.Stmt == stmt {
			return []listPos{{nodes, i}}
		}
		for _, l := range children(n) {
			if p := nodePath(l, stmt); p != nil {
				return append([]listPos{{nodes, i}}, p...)
			}
		}
	}
	return nil
}

// nodesRead reports whether any statement of nodes, at any depth, may
// read v.
func (f *Func) nodesRead(nodes []Node, v *types.Var) bool {
	found := false
	Walk(nodes, func(n Node) {
		if c, ok := n.(*Code); ok && !found {
			found = f.stmtReads(c.Stmt, v)
		}
	})
	return found
}

// stmtReads reports whether s may read v: any use of it but as the whole
// left-hand side of a plain assignment, or in _ = v, which keeps Go from
// calling it unused and whose value goes nowhere.
func (f *Func) stmtReads(s ast.Stmt, v *types.Var) bool {
	ignore := map[*ast.Ident]bool{}
	ast.Inspect(s, func(n ast.Node) bool {
		if a, ok := n.(*ast.AssignStmt); ok && a.Tok == token.ASSIGN {
			for i, l := range a.Lhs {
				id, ok := l.(*ast.Ident)
				if !ok {
					continue
				}
				ignore[id] = true
				if id.Name != "_" || len(a.Rhs) != len(a.Lhs) {
					continue
				}
				if r, ok := a.Rhs[i].(*ast.Ident); ok {
					ignore[r] = true
				}
			}
		}
		return true
	})
	found := false
	ast.Inspect(s, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && !ignore[id] && f.Src.Info.Uses[id] == v {
			found = true
		}
		return !found
	})
	return found
}

// uniformControl reports whether the structural ifs and loops ctrl around
// an assignment to a variable decide the same for every thread of the
// block, or are among inside, those around its declaration, so that only
// the threads there see it: their headers are pure in variables for which ok holds.
// (A variable declared outside an if whose condition differs between
// lanes, around a warp collective, and assigned inside it is per thread.)
func (f *Func) uniformControl(ctrl, inside []ast.Stmt, ok func(*types.Var) bool) bool {
	for _, c := range ctrl {
		if slices.Contains(inside, c) {
			continue
		}
		switch c := c.(type) {
		case *ast.IfStmt:
			if !f.uniformStmt(c.Init, ok) || !f.pure(c.Cond, ok, false) {
				return false
			}
		case *ast.ForStmt:
			if f.laneLoop[c] || !f.uniformStmt(c.Init, ok) || !f.uniformStmt(c.Post, ok) || !f.pure(c.Cond, ok, false) {
				return false // a loop whose lanes leave at different trips runs its body a different number of times per lane
			}
		case *ast.RangeStmt:
			if !f.uniformStmt(c, ok) {
				return false
			}
		}
	}
	return true
}

// defCtrl returns the structural control around the statement that
// declares a variable, from its sites; nil for one declared before the
// body (a parameter).
func defCtrl(sites []site) []ast.Stmt {
	for _, s := range sites {
		if isDefine(s.stmt) {
			return s.ctrl
		}
		if r, ok := s.stmt.(*ast.RangeStmt); ok && r.Tok == token.DEFINE {
			return s.ctrl
		}
	}
	return nil
}
