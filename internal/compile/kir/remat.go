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
func (f *Func) inspectAll(fn func(ast.Node)) {
	visit := func(n ast.Node) {
		if n == nil || n == ast.Node(nil) {
			return
		}
		ast.Inspect(n, func(m ast.Node) bool {
			if m != nil {
				fn(m)
			}
			return true
		})
	}
	Walk(f.Body, func(n Node) {
		switch n := n.(type) {
		case *Code:
			visit(n.Stmt)
		case *If:
			visit(n.Src.Init)
			visit(n.Src.Cond)
		case *For:
			fn(n.Src)
			visit(n.Src.Init)
			visit(n.Src.Cond)
			visit(n.Src.Post)
		case *Range:
			fn(n.Src)
			visit(n.Src.Key)
			visit(n.Src.Value)
			visit(n.Src.X)
		case *Barrier:
			visit(n.Call)
			if n.Stmt != nil {
				visit(n.Stmt)
			}
		case *Collective:
			visit(n.Call)
			if n.Stmt != nil {
				visit(n.Stmt)
			}
		}
	})
}

// inspectNodes calls fn for every syntax node of nodes, as inspectAll
// does, and of what warp-level code holds besides: the conditions of
// WarpIfs and WarpFors (whose condition lane loops are none of their
// children), the collectives a lane loop evaluates the operands of, and
// a thread loop's predicate barrier.
func (f *Func) inspectNodes(nodes []Node, fn func(ast.Node)) {
	visit := func(n ast.Node) {
		if n != nil {
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
		case *Collective:
			visit(m.Call)
			if m.Stmt != nil {
				visit(m.Stmt)
			}
		case *WarpIf:
			visit(m.Src.Cond)
		case *LaneLoop:
			for _, c := range m.Operands {
				visit(c.Call)
			}
		case *ThreadLoop:
			if m.Reduce != nil {
				visit(m.Reduce.Call)
			}
		case *WarpFor:
			visit(m.Src)
		case *For:
			visit(m.Src)
		case *If:
			visit(m.Src.Cond)
		case *Barrier:
			visit(m.Call)
			if m.Stmt != nil {
				visit(m.Stmt)
			}
		}
	})
}
