package kir

import (
	"go/ast"
	"go/token"
	"go/types"
)

// The step of a sweep: the indexes its thread reads and writes, ai =
// offset*(2*x+1)-1 and bi = offset*(2*x+2)-1 (x the thread's x index),
// written in place or named by variables its code defines first.
const (
	sweepAI = 1
	sweepBI = 2
)

// sweepStep returns the slice of a sweep's step, where l's code is
//
//	if x < s { temp[bi] += temp[ai] }                                  // up
//	if x < s { y := temp[ai]; temp[ai] = temp[bi]; temp[bi] += y }     // down
//
// with the indexes as above, the sums in any spelling of an accumulation
// of the operators of foldOps (temp[bi] = max(temp[bi], temp[ai])); nil
// elsewhere. It returns the operator too.
func (f *Func) sweepStep(l *ThreadLoop, s, offset *types.Var, down bool) (*ast.Ident, token.Token) {
	c, ok := l.Body[0].(*Code)
	if !ok || c.Block {
		return nil, token.ILLEGAL
	}
	guard, ok := c.Stmt.(*ast.IfStmt)
	if !ok || guard.Init != nil || guard.Else != nil || !f.belowStep(guard.Cond, s) {
		return nil, token.ILLEGAL
	}
	ix := &sweepIndexes{f: f, offset: offset, named: map[*types.Var]int{}}
	body := ix.define(guard.Body.List)
	var row *ast.Ident
	if down {
		row = ix.downStep(body)
	} else {
		row = ix.upStep(body)
	}
	if row == nil || !numeric(f.sliceVar(row).Type().Underlying().(*types.Slice).Elem()) {
		return nil, token.ILLEGAL
	}
	return row, ix.op
}

// sweepIndexes recognizes a step's indexes.
type sweepIndexes struct {
	f      *Func
	op     token.Token // the step's operator (accumulation)
	offset *types.Var
	named  map[*types.Var]int // the variables the step defines as an index, with which
}

// define takes the definitions of index variables that open body (ai, bi
// := ...; or one statement each) and returns the statements after them.
func (ix *sweepIndexes) define(body []ast.Stmt) []ast.Stmt {
	for len(body) > 0 {
		a, ok := body[0].(*ast.AssignStmt)
		if !ok || a.Tok != token.DEFINE || len(a.Lhs) != len(a.Rhs) {
			return body
		}
		defs := map[*types.Var]int{}
		for i, l := range a.Lhs {
			v, which := ix.f.identVar(l), ix.form(a.Rhs[i])
			if v == nil || which == 0 {
				return body
			}
			defs[v] = which
		}
		for v, which := range defs {
			ix.named[v] = which
		}
		body = body[1:]
	}
	return body
}

// which returns sweepAI or sweepBI where e is that index, or 0.
func (ix *sweepIndexes) which(e ast.Expr) int {
	if v := ix.f.identVar(e); v != nil {
		return ix.named[v]
	}
	return ix.form(e)
}

// form returns sweepAI or sweepBI where e computes that index, or 0.
func (ix *sweepIndexes) form(e ast.Expr) int {
	a, b, c, ok := ix.scaled(e)
	switch {
	case !ok || a != 2 || c != -1:
		return 0
	case b == 1:
		return sweepAI
	case b == 2:
		return sweepBI
	}
	return 0
}

// scaled returns a, b and c where e is offset*(a*x+b) + c, a and b the
// terms of affineX and c a sum of constants added or subtracted.
func (ix *sweepIndexes) scaled(e ast.Expr) (a, b, c int64, ok bool) {
	be, isBin := ast.Unparen(e).(*ast.BinaryExpr)
	if !isBin {
		return 0, 0, 0, false
	}
	switch be.Op {
	case token.ADD, token.SUB:
		k, isConst := ix.f.intConst(be.Y)
		if !isConst || k <= -1<<20 || k >= 1<<20 {
			return 0, 0, 0, false
		}
		if be.Op == token.SUB {
			k = -k
		}
		a, b, c, ok = ix.scaled(be.X)
		return a, b, c + k, ok
	case token.MUL:
		for _, p := range [2][2]ast.Expr{{be.X, be.Y}, {be.Y, be.X}} {
			if ix.f.identVar(p[0]) == ix.offset {
				a, b, ok = ix.f.affineX(p[1], 0)
				return a, b, 0, ok
			}
		}
	}
	return 0, 0, 0, false
}

// affineX returns a and b where e is a*x + b, x the thread's x index,
// from sums, differences and products by constants of x and integer
// constants below 2^20 in magnitude, nested at most four deep.
func (f *Func) affineX(e ast.Expr, depth int) (a, b int64, ok bool) {
	if depth > 4 {
		return 0, 0, false
	}
	if f.isThreadX(e) {
		return 1, 0, true
	}
	if k, isConst := f.intConst(e); isConst {
		return 0, k, k > -1<<20 && k < 1<<20
	}
	be, isBin := ast.Unparen(e).(*ast.BinaryExpr)
	if !isBin {
		return 0, 0, false
	}
	xa, xb, ok1 := f.affineX(be.X, depth+1)
	ya, yb, ok2 := f.affineX(be.Y, depth+1)
	if !ok1 || !ok2 {
		return 0, 0, false
	}
	switch be.Op {
	case token.ADD:
		return xa + ya, xb + yb, true
	case token.SUB:
		return xa - ya, xb - yb, true
	case token.MUL:
		switch {
		case xa == 0:
			return xb * ya, xb * yb, true
		case ya == 0:
			return xa * yb, xb * yb, true
		}
	}
	return 0, 0, false
}

// upStep returns the slice of body, temp[bi] += temp[ai] (an
// accumulation), or nil.
func (ix *sweepIndexes) upStep(body []ast.Stmt) *ast.Ident {
	if len(body) != 1 {
		return nil
	}
	lhs, op, rhs, ok := ix.f.accumulation(body[0])
	if _, known := foldOps[op]; !ok || !known {
		return nil
	}
	row := ix.element(lhs, sweepBI, nil)
	if row == nil || ix.element(rhs, sweepAI, row) == nil {
		return nil
	}
	ix.op = op
	return row
}

// downStep returns the slice of body, y := temp[ai]; temp[ai] =
// temp[bi]; temp[bi] += y (an accumulation), or nil.
func (ix *sweepIndexes) downStep(body []ast.Stmt) *ast.Ident {
	if len(body) != 3 {
		return nil
	}
	var s [3]*ast.AssignStmt
	for i, st := range body {
		a, ok := st.(*ast.AssignStmt)
		if !ok || len(a.Lhs) != 1 || len(a.Rhs) != 1 {
			return nil
		}
		s[i] = a
	}
	y := ix.f.identVar(s[0].Lhs[0])
	lhs, op, rhs, ok := ix.f.accumulation(s[2])
	if _, known := foldOps[op]; !ok || !known || s[0].Tok != token.DEFINE || y == nil || s[1].Tok != token.ASSIGN || ix.f.identVar(rhs) != y {
		return nil
	}
	row := ix.element(s[0].Rhs[0], sweepAI, nil)
	if row == nil || ix.element(s[1].Lhs[0], sweepAI, row) == nil || ix.element(s[1].Rhs[0], sweepBI, row) == nil ||
		ix.element(lhs, sweepBI, row) == nil {
		return nil
	}
	ix.op = op
	return row
}

// element returns the slice e indexes where e is row[index] of a uniform
// slice (row's, where row is not nil) at the index which; nil elsewhere.
func (ix *sweepIndexes) element(e ast.Expr, which int, row *ast.Ident) *ast.Ident {
	x, ok := ast.Unparen(e).(*ast.IndexExpr)
	if !ok || ix.which(x.Index) != which {
		return nil
	}
	id := identOf(x.X)
	v := ix.f.sliceVar(x.X)
	if id == nil || v == nil || row != nil && ix.f.identVar(row) != v {
		return nil
	}
	return id
}
