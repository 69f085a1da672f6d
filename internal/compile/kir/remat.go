package kir

import (
	"go/ast"
	"go/token"
	"go/types"
)

// A remat variable is computed again where it is used, so the uniform
// variables its definition reads must hold the same values there as at
// the definition. stableReads checks it from positions: no statement
// changing such a variable may lie after the definition and before the
// variable's last use, a use inside a loop that does not hold the
// definition counting as lasting to the loop's end (a later iteration
// reads it again). (NVIDIA's oddEvenMergeSortShared computes
// offset := threadIdx.x & (stride-1), then halves stride before reading
// offset.)
func (f *Func) stableReads(obj *types.Var, def ast.Stmt, sites map[*types.Var][]site) bool {
	end := f.liveEnd(obj, def)
	stable := true
	ast.Inspect(def, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok {
			return stable
		}
		u, _ := f.Src.Info.Uses[id].(*types.Var)
		for _, s := range sites[u] {
			if s.stmt != nil && s.stmt.Pos() > def.End() && s.stmt.Pos() < end {
				stable = false
			}
		}
		return stable
	})
	return stable
}

// liveEnd returns the position after which obj, defined by def, is no
// longer read: the end of its last use, or of the outermost loop around
// a use that does not hold def.
func (f *Func) liveEnd(obj *types.Var, def ast.Stmt) token.Pos {
	var loops []ast.Node
	var uses []*ast.Ident
	f.inspectAll(func(n ast.Node) {
		switch n := n.(type) {
		case *ast.ForStmt, *ast.RangeStmt:
			loops = append(loops, n)
		case *ast.Ident:
			if f.Src.Info.Uses[n] == obj {
				uses = append(uses, n)
			}
		}
	})
	end := def.End()
	within := func(n ast.Node, p token.Pos) bool { return n.Pos() <= p && p < n.End() }
	for _, u := range uses {
		end = max(end, u.End())
		for _, l := range loops {
			if within(l, u.Pos()) && !within(l, def.Pos()) {
				end = max(end, l.End())
			}
		}
	}
	return end
}

// inspectAll calls fn for every syntax node of the body: its statements
// and the headers of its structural control, inlined copies included.
func (f *Func) inspectAll(fn func(ast.Node)) { f.inspectNodes(f.Body, fn) }

// inspectNodes calls fn for every syntax node of nodes: their statements,
// the headers of their structural control, and what warp-level code holds
// besides: the conditions of WarpIfs and WarpFors (whose condition lane
// loops are none of their children), the collectives a lane loop
// evaluates the operands of, and a thread loop's predicate barrier.
func (f *Func) inspectNodes(nodes []Node, fn func(ast.Node)) {
	visit := func(ns ...ast.Node) {
		for _, n := range ns {
			if n == nil || n == ast.Node(nil) {
				continue
			}
			ast.Inspect(n, func(m ast.Node) bool {
				if m != nil {
					fn(m)
				}
				return true
			})
		}
	}
	Walk(nodes, func(n Node) {
		switch m := n.(type) {
		case *Code:
			visit(m.Stmt)
		case *If:
			visit(m.Src.Init, m.Src.Cond)
		case *WarpIf:
			visit(m.Src.Init, m.Src.Cond)
		case *For:
			fn(m.Src)
			visit(m.Src.Init, m.Src.Cond, m.Src.Post)
		case *WarpFor:
			fn(m.Src)
			visit(m.Src.Init, m.Src.Cond, m.Src.Post)
		case *Range:
			fn(m.Src)
			visit(m.Src.Key, m.Src.Value, m.Src.X)
		case *Barrier:
			visit(m.Call)
			if m.Stmt != nil {
				visit(m.Stmt)
			}
		case *Collective:
			visit(m.Call)
			if m.Stmt != nil {
				visit(m.Stmt)
			}
		case *LaneLoop:
			for _, c := range m.Operands {
				visit(c.Call)
			}
		case *ThreadLoop:
			if m.Reduce != nil {
				visit(m.Reduce.Call)
			}
		}
	})
}
