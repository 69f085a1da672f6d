package kir

import (
	"go/ast"
	"go/token"
	"go/types"
)

// A helper summing a run four elements a trip the way Go programmers
// write it by hand (i := 0; for ; i+4 <= len(s); i += 4 { a += s[i];
// b += s[i+1]; ... }; for ; i < len(s); i++ { a += s[i] }) indexes at a
// counter plus constants below the amount its loop's condition keeps
// the counter under the slice's length. jamSafety proves it as Go's
// bounds-check elimination would need to: the counter never negative
// (declared non-negative, only ever increased by non-negative
// constants), the index the counter plus a constant below the
// condition's margin, and neither the counter nor the slice assigned in
// the loop's body (the post statement runs after it). The coarsened
// scan's run sums are of this shape.

// offsetIndex reports whether ix is x[i] or x[i+k] inside a for loop
// whose condition keeps i+c <= len(x) for some c > k, for a counter i
// that is never negative and that the loop's body, like x, does not
// assign.
func (s *jamSafety) offsetIndex(ix *ast.IndexExpr) bool {
	x := s.sliceVar(ix.X)
	i, k, ok := s.varPlusConst(ix.Index)
	if x == nil || !ok || !s.nonNegative(i) {
		return false
	}
	for _, l := range s.loops {
		if c, ok := s.offsetBound(l.Cond, i, x); ok && k < c {
			body := reassigned(s.f.Src.Info, l.Body.List)
			if !body[i] && !body[x] {
				return true
			}
		}
	}
	return false
}

// offsetBound returns c where cond is, or has as a conjunct, i+c <=
// len(x) (or i+c-1 < len(x), i < len(x) for c = 1, and the same with the
// sides swapped), for a constant c.
func (s *jamSafety) offsetBound(cond ast.Expr, i, x *types.Var) (int64, bool) {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return 0, false
	}
	if b.Op == token.LAND {
		if c, ok := s.offsetBound(b.X, i, x); ok {
			return c, true
		}
		return s.offsetBound(b.Y, i, x)
	}
	l, r, op := b.X, b.Y, b.Op
	switch op { // as i+c op len(x)
	case token.GEQ:
		l, r, op = r, l, token.LEQ
	case token.GTR:
		l, r, op = r, l, token.LSS
	}
	v, c, ok := s.varPlusConst(l)
	if !ok || v != i || s.lenOf(r) != x {
		return 0, false
	}
	switch op {
	case token.LEQ:
		return c, c > 0
	case token.LSS:
		return c + 1, true
	}
	return 0, false
}

// varPlusConst returns v and k where e is a variable v or v+k (or k+v)
// for a constant k >= 0.
func (s *jamSafety) varPlusConst(e ast.Expr) (*types.Var, int64, bool) {
	e = ast.Unparen(e)
	if id := identOf(e); id != nil {
		v, ok := s.f.Src.Info.ObjectOf(id).(*types.Var)
		return v, 0, ok
	}
	b, ok := e.(*ast.BinaryExpr)
	if !ok || b.Op != token.ADD {
		return nil, 0, false
	}
	for _, p := range [][2]ast.Expr{{b.X, b.Y}, {b.Y, b.X}} {
		id := identOf(ast.Unparen(p[0]))
		k, isConst := s.constInt(p[1])
		if v, ok := s.f.Src.Info.ObjectOf(id).(*types.Var); ok && id != nil && isConst && k >= 0 {
			return v, k, true
		}
	}
	return nil, 0, false
}

// nonNegative reports whether integer variable v, declared by the
// helper's body (not a parameter), is never negative: declared zero or a non-negative
// constant, and otherwise only increased by non-negative constants
// (v++, v += c), its address never taken.
func (s *jamSafety) nonNegative(v *types.Var) bool {
	b, ok := v.Type().Underlying().(*types.Basic)
	if !ok || b.Info()&types.IsInteger == 0 {
		return false
	}
	info := s.f.Src.Info
	okay, declared := true, false
	check := func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt:
			for j, x := range n.Lhs {
				if info.ObjectOf(identOf(x)) != v {
					continue
				}
				switch {
				case n.Tok == token.DEFINE && info.Defs[identOf(x)] == v && len(n.Rhs) == len(n.Lhs):
					declared = true
					okay = okay && s.nonNegConst(n.Rhs[j])
				case n.Tok == token.ADD_ASSIGN:
					okay = okay && s.nonNegConst(n.Rhs[0])
				default:
					okay = false
				}
			}
		case *ast.ValueSpec:
			for j, id := range n.Names {
				if info.Defs[id] == v {
					declared = true
					okay = okay && (len(n.Values) == 0 || len(n.Values) == len(n.Names) && s.nonNegConst(n.Values[j]))
				}
			}
		case *ast.IncDecStmt:
			if info.ObjectOf(identOf(n.X)) == v {
				okay = okay && n.Tok == token.INC
			}
		case *ast.RangeStmt:
			if n.Tok == token.ASSIGN && (info.ObjectOf(identOf(n.Key)) == v || info.ObjectOf(identOf(n.Value)) == v) {
				okay = false
			}
		case *ast.UnaryExpr:
			if n.Op == token.AND && info.ObjectOf(identOf(n.X)) == v {
				okay = false
			}
		}
		return okay
	}
	for _, st := range append(append([]ast.Stmt{}, s.pre...), s.rest...) {
		ast.Inspect(st, check)
	}
	return okay && declared
}

// nonNegConst reports whether e is an integer constant at least zero.
func (s *jamSafety) nonNegConst(e ast.Expr) bool {
	k, ok := s.constInt(e)
	return ok && k >= 0
}
