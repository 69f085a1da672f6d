package kir

import (
	"go/ast"
	"go/token"
	"go/types"
)

// Inductions: the loops of trees and sweeps step a variable by halving or
// doubling it, which sources write in many ways. stepOf reads a post
// statement as what it does to the variable, so every pass that asks
// "does this loop halve s" gets one answer for d /= 2, d >>= 1, d = d/2
// and d = d >> 1, or d *= 2, d <<= 1, d = 2*d, d = d << 1, d += d and
// d = d + d (equal in Go's wrapping arithmetic). lastAsPost (normalize.go)
// gives a while-style loop's trailing update the same place.

// A stepKind is what a loop's post statement does to its variable.
type stepKind uint8

const (
	noStep stepKind = iota
	halving
	doubling
)

// stepOf returns what post does to d.
func (f *Func) stepOf(post ast.Stmt, d *types.Var) stepKind {
	a, ok := post.(*ast.AssignStmt)
	if !ok || len(a.Lhs) != 1 || len(a.Rhs) != 1 || f.identVar(a.Lhs[0]) != d {
		return noStep
	}
	if a.Tok == token.ASSIGN {
		b, ok := ast.Unparen(a.Rhs[0]).(*ast.BinaryExpr)
		if !ok {
			return noStep
		}
		return f.binaryStep(b.X, b.Op, b.Y, d)
	}
	op, ok := opAssign[a.Tok]
	if !ok {
		return noStep
	}
	return f.binaryStep(a.Lhs[0], op, a.Rhs[0], d)
}

// opAssign maps an assignment operator to its binary operator.
var opAssign = map[token.Token]token.Token{token.QUO_ASSIGN: token.QUO, token.SHR_ASSIGN: token.SHR,
	token.MUL_ASSIGN: token.MUL, token.SHL_ASSIGN: token.SHL, token.ADD_ASSIGN: token.ADD}

// binaryStep returns what x op y does to d.
func (f *Func) binaryStep(x ast.Expr, op token.Token, y ast.Expr, d *types.Var) stepKind {
	isD := func(e ast.Expr) bool { id, ok := ast.Unparen(e).(*ast.Ident); return ok && f.identVar(id) == d }
	is := func(e ast.Expr, c int64) bool { v, ok := f.intConst(e); return ok && v == c }
	switch {
	case op == token.QUO && isD(x) && is(y, 2), op == token.SHR && isD(x) && is(y, 1):
		return halving
	case op == token.MUL && (isD(x) && is(y, 2) || is(x, 2) && isD(y)),
		op == token.SHL && isD(x) && is(y, 1), op == token.ADD && isD(x) && isD(y):
		return doubling
	}
	return noStep
}

// inductionVar returns the variable a loop's post statement assigns, where
// its init defines that variable or there is none (it is declared before
// the loop), or nil.
func (f *Func) inductionVar(s *ast.ForStmt) *types.Var {
	a, ok := s.Post.(*ast.AssignStmt)
	if !ok || len(a.Lhs) != 1 {
		return nil
	}
	d := f.identVar(a.Lhs[0])
	if s.Init == nil {
		return d
	}
	init, ok := s.Init.(*ast.AssignStmt)
	if !ok || init.Tok != token.DEFINE || len(init.Lhs) != 1 || f.identVar(init.Lhs[0]) != d {
		return nil
	}
	return d
}

// inductionCond returns the bound of cond, d op bound or bound op' d
// (op' mirrored), or nil.
func (f *Func) inductionCond(cond ast.Expr, d *types.Var, op token.Token) ast.Expr {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	switch {
	case !ok:
	case b.Op == op && f.identVar(b.X) == d:
		return b.Y
	case b.Op == mirror[op] && f.identVar(b.Y) == d:
		return b.X
	}
	return nil
}
