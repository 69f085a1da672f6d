package kir

import (
	"go/ast"
	"go/token"
	"go/types"
)

// A thread's innermost range over a slice with a small body (coarsened
// SAXPY's for i, v := range xs { ys[i] = a*v + ys[i] }) runs four
// elements a step: Go does not unroll loops, and a loop of a few
// instructions ran at half speed or at full speed depending on where the
// linker placed it relative to a 64-byte boundary (BenchmarkSAXPY's
// coarsenedCompiled varied between test binaries). Each copy
// of the body declares the iteration's key and value afresh, as Go 1.22's
// range does, from the slice evaluated once.

// rangeSteppable reports whether n, a loop of thread code that runs no
// constant number of times, is a range over a slice the emitter may
// write four elements a step: its key and value, if any, are declared by
// it, and its body is small and may be written in copies (inCopies).
func (f *Func) rangeSteppable(n *ast.RangeStmt) bool {
	if _, ok := f.Src.Info.TypeOf(n.X).Underlying().(*types.Slice); !ok {
		return false
	}
	if n.Key != nil && n.Tok != token.DEFINE {
		return false
	}
	nodes, ok := 0, true
	ast.Inspect(n.Body, func(m ast.Node) bool {
		if m != nil {
			nodes++
			ok = ok && inCopies(m)
		}
		return ok
	})
	return ok && nodes <= stepBudget // written five times, as a thread loop's steps
}

// rangeSteps writes range loop l, which the unroll pass chose
// (Func.RangeSteps), as steps of threadsPerStep copies of its body and
// a loop over the rest:
//
//	{
//		xs := X
//		i := 0
//		for ; i+3 < len(xs); i += 4 {
//			{ key := i; value := xs[key]; body }
//			{ key := i + 1; value := xs[key]; body }
//			...
//		}
//		for ; i < len(xs); i++ {
//			{ key := i; value := xs[key]; body }
//		}
//	}
func (e *emitter) rangeSteps(c *cloner, l *ast.RangeStmt, body *ast.BlockStmt) ast.Stmt {
	xs, i := e.f.Names.Fresh("xs"), e.f.Names.Fresh("i")
	pos := e.pos.at(l.For)
	lenXs := &ast.CallExpr{Fun: ast.NewIdent("len"), Args: []ast.Expr{ast.NewIdent(xs)}}
	step := &ast.BlockStmt{}
	for k := range threadsPerStep {
		step.List = append(step.List, e.rangeCopy(c, l, body, sumOf(ast.NewIdent(i), token.ADD, intLit(int64(k))), xs))
	}
	steps := &ast.ForStmt{For: pos,
		Cond: &ast.BinaryExpr{X: sumOf(ast.NewIdent(i), token.ADD, intLit(threadsPerStep-1)), Op: token.LSS, Y: lenXs},
		Post: &ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent(i)}, Tok: token.ADD_ASSIGN, Rhs: []ast.Expr{intLit(threadsPerStep)}},
		Body: step}
	rest := &ast.ForStmt{For: pos,
		Cond: &ast.BinaryExpr{X: ast.NewIdent(i), Op: token.LSS, Y: lenXs},
		Post: &ast.IncDecStmt{X: ast.NewIdent(i), Tok: token.INC},
		Body: &ast.BlockStmt{List: []ast.Stmt{e.rangeCopy(c, l, body, ast.NewIdent(i), xs)}}}
	return &ast.BlockStmt{List: []ast.Stmt{
		define(&ast.Ident{NamePos: pos, Name: xs}, c.expr(l.X)),
		define(&ast.Ident{NamePos: pos, Name: i}, intLit(0)),
		steps, rest,
	}}
}

// rangeCopy writes one iteration of range loop l at index at of slice
// xs: the key and value declared (and marked used), then a copy of body.
func (e *emitter) rangeCopy(c *cloner, l *ast.RangeStmt, body *ast.BlockStmt, at ast.Expr, xs string) ast.Stmt {
	out := &ast.BlockStmt{}
	key := e.rangeVar(l.Key)
	if key == "" {
		key = e.f.Names.Fresh("k")
	}
	out.List = append(out.List, define(ast.NewIdent(key), at), blank(key))
	if value := e.rangeVar(l.Value); value != "" {
		elem := &ast.IndexExpr{X: ast.NewIdent(xs), Index: ast.NewIdent(key)}
		out.List = append(out.List, define(ast.NewIdent(value), elem), blank(value))
	}
	out.List = append(out.List, c.node(body).(*ast.BlockStmt))
	return out
}

// rangeVar returns the generated name of the variable a range clause's
// key or value x declares, or "" for none (nil or _).
func (e *emitter) rangeVar(x ast.Expr) string {
	id, ok := x.(*ast.Ident)
	if !ok || id.Name == "_" {
		return ""
	}
	v, ok := e.f.Src.Info.Defs[id].(*types.Var)
	if !ok {
		return ""
	}
	if gv := e.f.Vars[v]; gv != nil {
		return gv.Name
	}
	return v.Name()
}
