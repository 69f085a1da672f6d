package kir

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"maps"
)

// A helper summing a run in steps (for len(run) >= 8 { r := run[:8:8];
// s0 += r[0]; ...; run = run[8:] }) slices and indexes at constants its
// loop's condition bounds, which Go's bounds-check elimination proves,
// and so does jamSafety: it keeps, where each statement runs, the least
// length each slice variable is known to have (lenFacts). A loop's
// condition len(x) >= c gives x at least c at its body's start (the
// condition is tested before every trip, and the facts of variables the
// loop assigns are dropped first); y := x[:a:b] gives y a; an
// assignment of x forgets x's, except x = x[k:], which takes k off.

// lenFacts maps a slice variable to the least length it is known to
// have.
type lenFacts map[*types.Var]int64

// nested checks a list run inside st (an if's branch, a loop's body)
// with the facts that hold there, restoring the current ones after.
func (s *jamSafety) nested(facts lenFacts, check func() bool) bool {
	saved := s.minLen
	s.minLen = facts
	ok := check()
	s.minLen = saved
	return ok
}

// safeFor reports whether for loop st cannot fail: its condition and
// post statement checked with the facts that hold on every trip, its
// body with those and its condition's.
func (s *jamSafety) safeFor(st *ast.ForStmt) bool {
	if st.Cond == nil || st.Init != nil && !s.safeStmt(st.Init, false) {
		return false
	}
	if st.Init != nil {
		s.after(st.Init)
	}
	body := []ast.Stmt{st.Body}
	if st.Post != nil {
		body = append(body, st.Post)
	}
	return s.nested(s.loopFacts(nil, body...), func() bool {
		return s.safeExpr(st.Cond) && (st.Post == nil || s.safeStmt(st.Post, false))
	}) && s.nested(s.loopFacts(st.Cond, body...), func() bool {
		s.loops = append(s.loops, st) // its condition holds in its body alone
		defer func() { s.loops = s.loops[:len(s.loops)-1] }()
		return s.safeLoopBody(st.Body)
	})
}

// loopFacts returns the facts that hold at the start of every trip of a
// loop whose body (and post statement) is body and whose condition is
// cond (nil for a range loop's).
func (s *jamSafety) loopFacts(cond ast.Expr, body ...ast.Stmt) lenFacts {
	facts := maps.Clone(s.minLen)
	for v := range reassigned(s.f.Src.Info, body) {
		delete(facts, v)
	}
	if x, c, ok := s.lenBound(cond); ok {
		facts[x] = max(facts[x], c)
	}
	return facts
}

// lenBound returns x and c where cond is len(x) >= c (or len(x) > c-1,
// c <= len(x), c-1 < len(x)) for a slice variable x and a constant c.
func (s *jamSafety) lenBound(cond ast.Expr) (*types.Var, int64, bool) {
	b, ok := ast.Unparen(cond).(*ast.BinaryExpr)
	if !ok {
		return nil, 0, false
	}
	l, r, op := b.X, b.Y, b.Op
	switch op { // as len(x) op c
	case token.LEQ:
		l, r, op = r, l, token.GEQ
	case token.LSS:
		l, r, op = r, l, token.GTR
	}
	x := s.lenOf(l)
	c, isConst := s.constInt(r)
	if x == nil || !isConst || !isSlice(x.Type()) {
		return nil, 0, false
	}
	switch op {
	case token.GEQ:
		return x, c, true
	case token.GTR:
		return x, c + 1, true
	}
	return nil, 0, false
}

// constInt returns e's value where e is an integer constant that fits
// an int64.
func (s *jamSafety) constInt(e ast.Expr) (int64, bool) {
	tv, ok := s.f.Src.Info.Types[e]
	if !ok || tv.Value == nil || tv.Value.Kind() != constant.Int {
		return 0, false
	}
	return constant.Int64Val(tv.Value)
}

// sliceVar returns the slice variable e names, or nil.
func (s *jamSafety) sliceVar(e ast.Expr) *types.Var {
	v, _ := s.f.Src.Info.ObjectOf(identOf(e)).(*types.Var)
	if v == nil || !isSlice(v.Type()) {
		return nil
	}
	return v
}

// constIndex reports whether ix is x[k] for a constant k below the
// length x is known to have.
func (s *jamSafety) constIndex(ix *ast.IndexExpr) bool {
	x := s.sliceVar(ix.X)
	k, ok := s.constInt(ix.Index)
	return x != nil && ok && k >= 0 && k < s.minLen[x]
}

// safeSlice reports whether e, x[a:b] or x[a:b:m] with constant (or
// absent) bounds, lies within the length x is known to have.
func (s *jamSafety) safeSlice(e *ast.SliceExpr) bool {
	x := s.sliceVar(e.X)
	if x == nil {
		return false
	}
	bound := func(b ast.Expr, absent int64) (int64, bool) {
		if b == nil {
			return absent, true
		}
		v, ok := s.constInt(b)
		return v, ok && v >= 0
	}
	n := s.minLen[x]
	lo, ok1 := bound(e.Low, 0)
	hi, ok2 := bound(e.High, n) // absent: len(x), at least n
	m, ok3 := bound(e.Max, hi)
	return ok1 && ok2 && ok3 && lo <= hi && hi <= m && m <= n
}

// sliceLen returns the length x[a:b(:m)] is known to have, where e is
// one safeSlice accepts.
func (s *jamSafety) sliceLen(e *ast.SliceExpr) int64 {
	lo, _ := s.constInt(e.Low)
	if e.High == nil {
		return s.minLen[s.sliceVar(e.X)] - lo
	}
	hi, _ := s.constInt(e.High)
	return hi - lo
}

// after updates the facts for st having run: the variables it assigns
// forget theirs, and y = x[a:b] (or :=) learns its length.
func (s *jamSafety) after(st ast.Stmt) {
	var y *types.Var
	var n int64
	if a, ok := st.(*ast.AssignStmt); ok && len(a.Lhs) == 1 && len(a.Rhs) == 1 &&
		(a.Tok == token.ASSIGN || a.Tok == token.DEFINE) {
		if sl, ok := ast.Unparen(a.Rhs[0]).(*ast.SliceExpr); ok && s.safeSlice(sl) {
			y, n = s.sliceVar(a.Lhs[0]), s.sliceLen(sl)
		}
	}
	for v := range reassigned(s.f.Src.Info, []ast.Stmt{st}) {
		delete(s.minLen, v)
	}
	if a, ok := st.(*ast.AssignStmt); ok && a.Tok == token.DEFINE {
		for _, x := range a.Lhs { // a variable declared again (x, err := ...) starts afresh
			if v, ok := s.f.Src.Info.ObjectOf(identOf(x)).(*types.Var); ok {
				delete(s.minLen, v)
			}
		}
	}
	if y != nil && n > 0 {
		s.minLen[y] = n
	}
}
