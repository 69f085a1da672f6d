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

// stepOf returns what post does to d: halving or doubling it exactly.
func (f *Func) stepOf(post ast.Stmt, d *types.Var) stepKind {
	if kind, by := f.scaleOf(post, d); by == 2 {
		return kind
	}
	return noStep
}

// scaleOf returns whether post shrinks d (halving: a division by a
// constant of at least 2, a right shift by one of at least 1) or grows
// it (doubling: a multiplication or left shift so, or d + d), and by what
// factor; noStep elsewhere. It reads post as an accumulation of d
// (algebra.go), so d = d >> 1 and d = 2*d are d >>= 1 and d *= 2.
func (f *Func) scaleOf(post ast.Stmt, d *types.Var) (stepKind, int64) {
	op, by, ok := f.update(post, d)
	if !ok {
		return noStep, 0
	}
	if op == token.ADD && f.identVar(ast.Unparen(by)) == d {
		return doubling, 2
	}
	c, isConst := f.intConst(by)
	switch {
	case !isConst:
	case op == token.QUO && c >= 2:
		return halving, c
	case op == token.SHR && c >= 1 && c < 62:
		return halving, 1 << c
	case op == token.MUL && c >= 2:
		return doubling, c
	case op == token.SHL && c >= 1 && c < 62:
		return doubling, 1 << c
	}
	return noStep, 0
}

// update returns the operator and operand by which post changes the
// variable d, where post is an accumulation of d (d op= e, d = d op e,
// d = e op d for an op that commutes).
func (f *Func) update(post ast.Stmt, d *types.Var) (op token.Token, by ast.Expr, ok bool) {
	dst, op, by, ok := f.accumulation(post)
	if !ok || f.identVar(ast.Unparen(dst)) != d {
		return token.ILLEGAL, nil, false
	}
	return op, by, true
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
