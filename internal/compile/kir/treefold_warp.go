package kir

import (
	"go/ast"
	"go/token"
	"go/types"
)

// Harris's last warp, in the form NVIDIA prescribes for independent
// thread scheduling (demand_shared.go),
//
//	if tid < 32 {
//		v := sdata[tid]
//		for offset := 32; offset > 0; offset /= 2 {
//			v += sdata[tid+offset]
//			__syncwarp()
//			sdata[tid] = v
//			__syncwarp()
//		}
//	}
//
// leaves in sdata[0] the sum the block's tree (treefold.go) would, steps
// 32 to 1, in the same order: lane 0's chain reads at each step the
// element lane offset stored the step before. Where the kernel reads
// sdata after it only at index 0 and v not at all, the warp's code runs
// as compiled.TreeSum, that tree's steps fused, where the block is
// one-dimensional and its first warp whole.

// A WarpTree is a warp loop that is the last warp of a tree over shared
// memory (treefold_warp.go): the tree over Row from Start, lane 0's
// element alone read after.
type WarpTree struct {
	Row   *ast.Ident
	Start int
}

// warpTree returns the WarpTree of w, followed by the body's code after,
// or nil where it is not such a warp.
func (f *Func) warpTree(w *WarpLoop, after []Node) *WarpTree {
	if len(w.Body) != 1 {
		return nil
	}
	wi, ok := w.Body[0].(*WarpIf)
	if !ok || len(wi.Else) > 0 || wi.Src.Init != nil || (&rowReads{f: f}).xBound(wi.XBounds) != warpSize {
		return nil
	}
	copies := map[*types.Var]ast.Expr{} // the aliases the if declares, and what they copy
	var first *LaneLoop
	var loop *For
	for _, n := range wi.Then {
		switch n := n.(type) {
		case *Code:
			if !n.Block || !f.aliasDecl(n.Stmt, copies) {
				return nil
			}
		case *LaneLoop:
			if first != nil || loop != nil {
				return nil // the warp's code is more than the tree's
			}
			first = n
		case *For:
			loop = n
		default:
			return nil
		}
	}
	if first == nil || loop == nil || wi.Then[len(wi.Then)-1] != Node(loop) {
		return nil
	}
	add, _, d, v, mem := f.treeSteps(loop)
	if add == nil || !f.loadsLane(first, v, mem) || f.namedIn(v, after) {
		return nil
	}
	start, ok := f.intConst(loop.Src.Init.(*ast.AssignStmt).Rhs[0])
	if !ok || start != warpSize || d == nil {
		return nil
	}
	if k, ok := f.readBound(mem, after); !ok || k > 1 {
		return nil
	}
	read, ok := ast.Unparen(add.Body[0].(*Code).Stmt.(*ast.AssignStmt).Rhs[0]).(*ast.IndexExpr)
	if !ok {
		return nil
	}
	row := identOf(read.X)
	for row != nil {
		src, ok := copies[f.identVar(row)]
		if !ok {
			break
		}
		row = identOf(src)
	}
	if row == nil || copies[f.identVar(row)] != nil {
		return nil
	}
	return &WarpTree{Row: row, Start: int(start)}
}

// aliasDecl reports whether s only declares a copy of a slice variable
// (var x []T = y, x := y) or discards one (_ = x), recording a copy in
// copies.
func (f *Func) aliasDecl(s ast.Stmt, copies map[*types.Var]ast.Expr) bool {
	if a, ok := s.(*ast.AssignStmt); ok && a.Tok == token.ASSIGN && len(a.Lhs) == 1 {
		id, ok := a.Lhs[0].(*ast.Ident)
		return ok && id.Name == "_" && identOf(a.Rhs[0]) != nil
	}
	dst, src := copyOperands(s)
	v := f.identVar(dst)
	if v == nil || identOf(src) == nil || f.sliceVar(src) == nil {
		return false
	}
	copies[v] = src
	return true
}

// loadsLane reports whether l's code is v := s[x] (or v = s[x]), s one
// of the slices mem and x the thread's x index.
func (f *Func) loadsLane(l *LaneLoop, v *types.Var, mem map[*types.Var]bool) bool {
	if len(l.Body) != 1 {
		return false
	}
	c, ok := l.Body[0].(*Code)
	if !ok {
		return false
	}
	dst, src := copyOperands(c.Stmt)
	ix, ok := ast.Unparen(src).(*ast.IndexExpr)
	return ok && f.identVar(dst) == v && mem[f.identVar(ix.X)] && f.isThreadX(ix.Index)
}

// namedIn reports whether nodes name v.
func (f *Func) namedIn(v *types.Var, nodes []Node) bool {
	found := false
	f.inspectNodes(nodes, func(n ast.Node) {
		if id, ok := n.(*ast.Ident); ok && f.Src.Info.Uses[id] == v {
			found = true
		}
	})
	return found
}
