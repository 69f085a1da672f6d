package kir

import (
	"go/ast"
	"go/token"
	"go/types"
)

// ifHead takes, for the pending run of thread code before block-level if
// n, the thread statements that open n's first branch before any sync
// point: each thread runs them at the end of the run, under n's
// condition, instead of in a loop of their own inside n (the CUDA
// samples' block scan stores each warp's total under if blockDim > 32,
// right after the warps' shuffles: a lane of the warp loop, not a pass
// over the block). It returns the statements for the run, the guarded
// code last, after the definitions among them, which fission hoists
// before the run; or nil where n does not open so. n keeps the rest.
//
// The condition, the same for the block, is read again by each thread:
// it must be pure, read no memory and call nothing. The definitions
// among the statements run whether or not it holds: values computed
// without a panic, or shared memory of a constant length (which CUDA's
// __shared__ arrays are, wherever they are declared). The thread
// statements must declare nothing (the rest of n would lose sight of
// it) and leave nothing (return, break, continue, goto).
func (f *Func) ifHead(n *If, run []Node) []Node {
	if len(run) == 0 || n.Src.Init != nil || !f.rereadable(n.Src.Cond) {
		return nil
	}
	var defs []Node
	var threads []ast.Stmt
	taken := 0
	for _, m := range n.Then {
		c, ok := m.(*Code)
		if !ok {
			break
		}
		place := f.placeOf(c.Stmt)
		if place == placeHoist && f.hoistable(c.Stmt) || place == placeRemat {
			defs = append(defs, c)
		} else if place == placeThread && len(f.declaredBy(c.Stmt)) == 0 && !leaves(c.Stmt) {
			threads = append(threads, c.Stmt)
		} else {
			break
		}
		taken++
	}
	if len(threads) == 0 {
		return nil
	}
	n.Then = n.Then[taken:]
	return append(defs, &Code{Stmt: f.guarded(n.Src.Cond, threads)})
}

// rereadable reports whether cond, a condition the same for the block,
// can be evaluated again anywhere in the thread code of its run: pure,
// with no element of memory read and no call but conversions.
func (f *Func) rereadable(cond ast.Expr) bool {
	if !f.pure(cond, f.isUniform, false) {
		return false
	}
	ok := true
	ast.Inspect(cond, func(m ast.Node) bool {
		switch m := m.(type) {
		case *ast.IndexExpr, *ast.IndexListExpr, *ast.SliceExpr, *ast.StarExpr:
			ok = false
		case *ast.CallExpr:
			ok = f.Src.Info.Types[m.Fun].IsType()
		}
		return ok
	})
	return ok
}

// hoistable reports whether definition s can run where its if's
// condition may not hold: its values cannot panic, or it declares shared
// memory of a constant length (allocOf: the source's call, for an
// inlined helper's).
func (f *Func) hoistable(s ast.Stmt) bool {
	if call, ok := f.allocOf(s).(*ast.CallExpr); ok {
		_, constant := f.intConst(call.Args[len(call.Args)-1])
		return constant
	}
	return (&emitter{f: f}).safeStmt(s)
}

// guarded returns stmts under cond: if cond && c { ... } where stmts are
// one if c without else (a lane's guard stays a conjunction of lane
// terms, which the warp pass runs for its lanes alone), if cond { ... }
// otherwise.
func (f *Func) guarded(cond ast.Expr, stmts []ast.Stmt) ast.Stmt {
	pos := stmts[0].Pos()
	if s, ok := stmts[0].(*ast.IfStmt); ok && len(stmts) == 1 && s.Init == nil && s.Else == nil {
		and := &ast.BinaryExpr{X: f.typedParen(cond, pos), OpPos: pos, Op: token.LAND, Y: f.typedParen(s.Cond, pos)}
		f.Src.Info.Types[and] = types.TypeAndValue{Type: types.Typ[types.Bool]}
		return &ast.IfStmt{If: s.If, Cond: and, Body: s.Body}
	}
	return &ast.IfStmt{If: pos, Cond: cond, Body: block(pos, stmts...)}
}

// typedParen returns x in parentheses at pos, typed as x in the
// type-checker's records (vec_loop.go's paren builds untyped vector steps).
func (f *Func) typedParen(x ast.Expr, pos token.Pos) ast.Expr {
	p := &ast.ParenExpr{Lparen: pos, X: x, Rparen: pos}
	f.Src.Info.Types[p] = f.Src.Info.Types[x]
	return p
}
