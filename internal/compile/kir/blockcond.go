package kir

import (
	"go/ast"
	"go/token"
	"go/types"
)

// Control around barriers that is the same for the block in less direct
// ways: a condition reading one element of shared memory after a
// barrier, and a kernel's trailing if on a per-thread condition.

// sharedVars returns the uniform variables whose every definition is a
// shared-memory declaration.
func (f *Func) sharedVars(sites map[*types.Var][]site) map[*types.Var]bool {
	out := map[*types.Var]bool{}
	for v := range f.sharedDecls(sites) {
		if f.Vars[v].Class == Uniform {
			out[v] = true
		}
	}
	return out
}

// sharedDecls returns the variables that only shared-memory declarations
// define.
func (f *Func) sharedDecls(sites map[*types.Var][]site) map[*types.Var]bool {
	out := map[*types.Var]bool{}
	for v, ss := range sites {
		if f.Vars[v] == nil {
			continue
		}
		all := len(ss) > 0
		for _, s := range ss {
			all = all && isDefine(s.stmt) && f.sharedDecl(s.stmt)
		}
		if all {
			out[v] = true
		}
	}
	return out
}

// exitForm rewrites the kernel's last statement, if it is an if without
// else whose condition may differ between threads around barriers, as
// if !cond { return } followed by its body: with nothing after it, the
// threads that skip it are done, and a barrier waits for the threads
// that have not returned (Numba's array_sum keeps its whole reduction
// inside if tid < size).
func (f *Func) exitForm() {
	for {
		last := len(f.Body) - 1
		if last < 0 || f.Src.Decl == nil {
			return
		}
		n, ok := f.Body[last].(*If)
		if !ok || len(n.Else) > 0 || n.Src.Init != nil || !hasBarrier(n) || f.pure(n.Src.Cond, f.isUniform, false) {
			return
		}
		pos := n.Src.If
		exit := &ast.IfStmt{If: pos, Cond: f.negate(n.Src.Cond, pos), Body: block(pos, &ast.ReturnStmt{Return: pos})}
		f.Body = append(f.Body[:last:last], append([]Node{&Code{Stmt: exit}}, n.Then...)...)
	}
}

// negate returns !(cond), at pos, with its types recorded.
func (f *Func) negate(cond ast.Expr, pos token.Pos) ast.Expr {
	paren := &ast.ParenExpr{Lparen: pos, X: cond, Rparen: pos}
	not := &ast.UnaryExpr{OpPos: pos, Op: token.NOT, X: paren}
	boolType := f.Src.Info.TypeOf(cond)
	f.Src.Info.Types[paren] = types.TypeAndValue{Type: boolType}
	f.Src.Info.Types[not] = types.TypeAndValue{Type: boolType}
	return not
}
