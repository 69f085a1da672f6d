package kir

import (
	"go/ast"
	"go/token"
	"go/types"
)

// narrow is the pass that bounds a thread loop by its guard. A loop whose
// body is one if statement without else, its condition starting with
// comparisons of the thread's x index to uniform values (if tid < s),
// runs, in a one-dimensional block, only for the threads those
// comparisons admit: x is then the rank, and the other threads would do
// nothing. The tree steps of a reduction visit s threads, not the block.
func narrow(f *Func) {
	Walk(f.Body, func(n Node) {
		if l, ok := n.(*ThreadLoop); ok && f.GridStride != l {
			l.Bounds = f.guardBounds(l)
		}
	})
}

// A Bound limits the ranks of a thread loop in a one-dimensional block:
// rank < X+Adj (Upper) or rank >= X+Adj, X uniform and Adj 0 or 1.
type Bound struct {
	X     ast.Expr
	Upper bool
	Adj   int
}

// guardBounds returns the bounds of l's guard, or nil.
func (f *Func) guardBounds(l *ThreadLoop) []Bound {
	if l.Reduce != nil || len(l.Body) != 1 {
		return nil
	}
	c, ok := l.Body[0].(*Code)
	if !ok {
		return nil
	}
	s, ok := c.Stmt.(*ast.IfStmt)
	if !ok || s.Init != nil || s.Else != nil {
		return nil
	}
	var out []Bound
	for _, conj := range conjuncts(s.Cond) {
		b := f.bounds(conj)
		if b == nil {
			break // a thread skipped must not miss what a later conjunct does
		}
		for _, b := range b {
			if tv := f.Src.Info.Types[b.X]; !b.Upper && b.Adj == 0 && tv.Value != nil && tv.Value.String() == "0" {
				continue // ranks start at 0
			}
			out = append(out, b)
		}
	}
	return out
}

// mirror is the comparison read from right to left.
var mirror = map[token.Token]token.Token{token.LSS: token.GTR, token.LEQ: token.GEQ, token.GTR: token.LSS, token.GEQ: token.LEQ, token.EQL: token.EQL}

// bounds returns what comparison e, x against a uniform value, says of the
// rank, or nil.
func (f *Func) bounds(e ast.Expr) []Bound {
	b, ok := ast.Unparen(e).(*ast.BinaryExpr)
	if !ok {
		return nil
	}
	op, ok := mirror[b.Op]
	if !ok {
		return nil
	}
	x, y := b.X, b.Y
	switch {
	case f.isThreadX(x) && f.safeUniform(y):
		op = b.Op
	case f.isThreadX(y) && f.safeUniform(x):
		x, y = y, x
	default:
		return nil
	}
	switch op {
	case token.LSS:
		return []Bound{{X: y, Upper: true}}
	case token.LEQ:
		return []Bound{{X: y, Upper: true, Adj: 1}}
	case token.GTR:
		return []Bound{{X: y, Adj: 1}}
	case token.GEQ:
		return []Bound{{X: y}}
	}
	return []Bound{{X: y}, {X: y, Upper: true, Adj: 1}} // ==
}

// isThreadX reports whether e is t.ThreadIdx.X, or a remat variable
// defined as it.
func (f *Func) isThreadX(e ast.Expr) bool {
	e = ast.Unparen(e)
	if s, ok := e.(*ast.SelectorExpr); ok {
		field, ok := f.threadFieldSel(s)
		return ok && field == "ThreadIdx" && s.Sel.Name == "X"
	}
	v := f.varOf(e)
	if v == nil || v.Class != Remat || !types.Identical(v.Obj.Type(), types.Typ[types.Int]) {
		return false
	}
	d := defExpr(v)
	return d != nil && d != e && f.isThreadX(d)
}

// defExpr returns the expression a remat variable is defined by, or nil.
func defExpr(v *Var) ast.Expr {
	var names []*ast.Ident
	var values []ast.Expr
	switch s := v.Def.(type) {
	case *ast.AssignStmt:
		for _, l := range s.Lhs {
			id, _ := l.(*ast.Ident)
			names = append(names, id)
		}
		values = s.Rhs
	case *ast.DeclStmt:
		spec, ok := s.Decl.(*ast.GenDecl).Specs[0].(*ast.ValueSpec)
		if !ok {
			return nil
		}
		names, values = spec.Names, spec.Values
	}
	if len(names) != len(values) {
		return nil
	}
	for i, id := range names {
		if id != nil && id.Name == v.Obj.Name() && id.Pos() == v.Obj.Pos() {
			return values[i]
		}
	}
	return nil
}

// safeUniform reports whether e is the same for every thread of the block
// and cannot fail, so that evaluating it once before a loop changes
// nothing: no division but by a nonzero constant, no shift but by a
// constant, no slicing.
func (f *Func) safeUniform(e ast.Expr) bool {
	if !f.pure(e, func(v *types.Var) bool { return f.Vars[v] != nil && f.Vars[v].Class == Uniform }, false) {
		return false
	}
	info, safe := f.Src.Info, true
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SliceExpr:
			safe = false
		case *ast.BinaryExpr:
			switch n.Op {
			case token.QUO, token.REM, token.SHL, token.SHR:
				tv := info.Types[n.Y]
				safe = safe && tv.Value != nil && tv.Value.String() != "0"
			}
		}
		return safe
	})
	return safe
}
