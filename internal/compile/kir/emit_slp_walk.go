package kir

import (
	"go/ast"
	"go/token"
	"go/types"
)

// A twin's loop that eats a slice from its front, as the coarsened
// reduction's run does,
//
//	for len(x) >= w { r := x[:w:w]; ...; x = x[w:] }
//
// reslices x at every trip: Go updates its pointer (masked, so that it
// never points past the array), its length and its capacity, 11 of a
// pair's 22 instructions a trip. Where its vector copy is written, the
// loop walks an index instead, and reslices x once after it:
//
//	gc_at := 0
//	for ; gc_at+w <= len(x); gc_at += w { r := x[gc_at:gc_at+w:gc_at+w]; ... }
//	x = x[gc_at:]
//
// which, without the slice header's update each trip, runs faster on
// runs in the cache (BenchmarkReduce's coarsenedCompiled in the SIMD
// build). The additions, their order and
// what x holds after the loop are the same; only loops whose every other
// use of x is such a slice from its front within w, and whose body
// neither continues nor returns (which would skip or see the
// reslicing), walk.

// An slpWalk is a loop of a twin that walks an index over x in steps
// of w.
type slpWalk struct {
	x *types.Var
	w int64
}

// walkOf returns loop as a walk, or nil.
func (te *twinEmitter) walkOf(loop ast.Stmt) *slpWalk {
	fs, ok := loop.(*ast.ForStmt)
	if !ok || fs.Init != nil || fs.Post != nil || len(fs.Body.List) == 0 {
		return nil
	}
	s := &jamSafety{f: te.f}
	x, w, ok := s.lenBound(fs.Cond)
	if d := te.t.Decl; !ok || w <= 0 || x.Pos() < d.Pos() || x.Pos() >= d.End() {
		return nil // x must be the twin's own, which a pair's lanes rename
	}
	list := fs.Body.List
	if !te.advances(list[len(list)-1], x, w) {
		return nil
	}
	uses, fronts := 0, 0
	ok = true
	for _, st := range list[:len(list)-1] {
		ast.Inspect(st, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.BranchStmt:
				ok = ok && n.Tok == token.BREAK && n.Label == nil
			case *ast.ReturnStmt, *ast.FuncLit, *ast.LabeledStmt:
				ok = false
			case *ast.Ident:
				if te.f.Src.Info.ObjectOf(n) == x {
					uses++
				}
			case *ast.SliceExpr:
				if te.front(n, x, w) {
					fronts++
				}
			}
			return ok
		})
	}
	if !ok || uses != fronts {
		return nil
	}
	return &slpWalk{x: x, w: w}
}

// advances reports whether st is x = x[w:].
func (te *twinEmitter) advances(st ast.Stmt, x *types.Var, w int64) bool {
	a, ok := st.(*ast.AssignStmt)
	if !ok || a.Tok != token.ASSIGN || len(a.Lhs) != 1 || len(a.Rhs) != 1 || te.f.Src.Info.ObjectOf(identOf(a.Lhs[0])) != x {
		return false
	}
	sl, ok := ast.Unparen(a.Rhs[0]).(*ast.SliceExpr)
	if !ok || sl.High != nil || te.f.Src.Info.ObjectOf(identOf(sl.X)) != x {
		return false
	}
	lo, ok := (&jamSafety{f: te.f}).constInt(sl.Low)
	return ok && lo == w
}

// front reports whether e is x[:h] or x[:h:m], h and m constants from 0
// to w: a slice of x's first w elements, which the loop's condition
// keeps in range.
func (te *twinEmitter) front(e *ast.SliceExpr, x *types.Var, w int64) bool {
	if e.Low != nil || te.f.Src.Info.ObjectOf(identOf(e.X)) != x {
		return false
	}
	s := &jamSafety{f: te.f}
	for _, b := range []ast.Expr{e.High, e.Max} {
		if b == nil {
			continue
		}
		if c, ok := s.constInt(b); !ok || c < 0 || c > w {
			return false
		}
	}
	return e.High != nil
}

// walkName returns the name of the walk's index in the copy being
// written: gc_at, with the lane's suffix in a pair.
func (te *twinEmitter) walkName() string { return "gc_at" + te.lane.suffix() }

// walkSlice writes e, a slice from x's front (front), from the index.
func (te *twinEmitter) walkSlice(e *ast.SliceExpr) ast.Expr {
	at := ast.NewIdent(te.walkName())
	plus := func(b ast.Expr) ast.Expr {
		if b == nil {
			return nil
		}
		return &ast.BinaryExpr{X: ast.NewIdent(at.Name), Op: token.ADD, Y: te.c.expr(b)}
	}
	return &ast.SliceExpr{X: te.c.expr(e.X), Lbrack: te.c.pos.at(e.Lbrack), Low: at, High: plus(e.High),
		Max: plus(e.Max), Slice3: e.Slice3, Rbrack: te.c.pos.at(e.Rbrack)}
}

// walkCopy turns v, the vector copy of walk loop, into the loop over the
// index, and returns what goes before it (the index's declaration) and
// after it (x's reslicing).
func (te *twinEmitter) walkCopy(v *ast.ForStmt, wk *slpWalk) (pre []ast.Stmt, post []ast.Stmt) {
	at, x := te.walkName(), te.accName(wk.x)
	v.Body.List = v.Body.List[:len(v.Body.List)-1]
	v.Cond = &ast.BinaryExpr{X: &ast.BinaryExpr{X: ast.NewIdent(at), Op: token.ADD, Y: intLit(wk.w)}, Op: token.LEQ,
		Y: &ast.CallExpr{Fun: ast.NewIdent("len"), Args: []ast.Expr{ast.NewIdent(x)}}}
	v.Post = &ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent(at)}, Tok: token.ADD_ASSIGN, Rhs: []ast.Expr{intLit(wk.w)}}
	pre = []ast.Stmt{&ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent(at)}, Tok: token.DEFINE, Rhs: []ast.Expr{intLit(0)}}}
	post = []ast.Stmt{&ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent(x)}, Tok: token.ASSIGN,
		Rhs: []ast.Expr{&ast.SliceExpr{X: ast.NewIdent(x), Low: ast.NewIdent(at)}}}}
	return pre, post
}
