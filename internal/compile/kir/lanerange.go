package kir

import (
	"go/ast"
	"go/token"
	"go/types"
)

// A laneRange is what a lane loop's guard says of the lanes it runs:
// the loop's code is definitions that change nothing but the loop's own
// locals, then one if without else whose condition is a conjunction of
// comparisons of the lane's index with values the same for every lane of
// the warp, and of such values alone (scanWarpInclusive's
// if lane >= d && d < lanes). A lane outside the range would do nothing,
// so the loop runs over the range alone: a lane costs no guess of the
// branch, which in a shuffle scan's steps changes direction once a step.
type laneRange struct {
	// Terms are the conjuncts, in order, written for warp level: each a
	// bound on the lane (Lane set) or a condition of the warp alone.
	Terms []laneTerm
}

// A laneTerm is one conjunct of a lane loop's guard: lane >= X+Adj
// (lower) or lane < X+Adj (upper) where Lane is set, else the condition
// X, the same for every lane of the warp.
type laneTerm struct {
	X     ast.Expr
	Lane  bool
	Upper bool
	Adj   int
}

// laneRange returns the range of lane loop l's guard, or false where its
// code is not of that shape. arrays are the warp's lane arrays: a
// variable kept in one, or spilled, may be assigned inside the if only,
// since the lanes the range leaves out must keep theirs. (The operands of
// the collectives after the loop must be lane arrays already, which the
// emitter checks.)
func (f *Func) laneRange(l *LaneLoop, arrays map[*types.Var]string) (*laneRange, bool) {
	if len(l.Body) == 0 {
		return nil, false
	}
	last, ok := l.Body[len(l.Body)-1].(*Code)
	if !ok {
		return nil, false
	}
	guard, ok := last.Stmt.(*ast.IfStmt)
	if !ok || guard.Init != nil || guard.Else != nil {
		return nil, false
	}
	for _, n := range l.Body[:len(l.Body)-1] {
		c, ok := n.(*Code)
		if !ok || !f.localDefinition(c.Stmt, arrays) {
			return nil, false
		}
	}
	r := f.condRange(guard.Cond)
	return r, r != nil
}

// single reports whether r admits one lane at most: it bounds the lane
// from below and from above by one value (lane == x).
func (r *laneRange) single() bool {
	if r == nil {
		return false
	}
	for _, lo := range r.Terms {
		for _, hi := range r.Terms {
			if lo.Lane && !lo.Upper && hi.Lane && hi.Upper && hi.Adj-lo.Adj <= 1 && types.ExprString(lo.X) == types.ExprString(hi.X) {
				return true
			}
		}
	}
	return false
}

// condRange returns the range of lanes for which cond, a conjunction
// of lane terms (laneTermsOf), holds, or nil where it is not one.
func (f *Func) condRange(cond ast.Expr) *laneRange {
	r := &laneRange{}
	for _, term := range conjuncts(cond) {
		ts, ok := f.laneTermsOf(term)
		if !ok {
			return nil
		}
		r.Terms = append(r.Terms, ts...)
	}
	return r
}

// xCondBounds returns the bounds cond, a conjunction of comparisons of
// the thread's x index plus a uniform offset with uniform values, puts
// on the x index, or nil where it is not one or may fail.
func (f *Func) xCondBounds(cond ast.Expr) []Bound {
	if f.Transposed || !f.safeCond(cond) {
		return nil // a transposed body's lanes do not run along its x
	}
	var out []Bound
	for _, term := range conjuncts(cond) {
		bs := f.bounds(term, false)
		if bs == nil {
			return nil
		}
		for _, b := range bs {
			if b.Row != nil {
				return nil
			}
		}
		out = append(out, bs...)
	}
	return out
}

// localDefinition reports whether s declares or assigns variables of the
// lane loop alone (none kept in a lane array or spilled) from values that
// cannot fail or change anything, or from a collective's result.
func (f *Func) localDefinition(s ast.Stmt, arrays map[*types.Var]string) bool {
	var values []ast.Expr
	switch s := s.(type) {
	case *ast.AssignStmt:
		if s.Tok != token.DEFINE && s.Tok != token.ASSIGN {
			return false
		}
		for _, x := range s.Lhs {
			if _, ok := ast.Unparen(x).(*ast.Ident); !ok {
				return false // a store to memory, an element or a field: not the loop's own
			}
		}
		values = s.Rhs
	case *ast.DeclStmt:
		spec, ok := s.Decl.(*ast.GenDecl).Specs[0].(*ast.ValueSpec)
		if !ok || len(s.Decl.(*ast.GenDecl).Specs) != 1 {
			return false
		}
		values = spec.Values
	default:
		return false
	}
	for _, x := range assigned(s) {
		if v := f.varOf(x); v != nil && (v.Spill || v.InPlace || arrays[v.Obj] != "") {
			return false
		}
	}
	coll := f.collectiveIn(s)
	anyVar := func(*types.Var) bool { return true }
	for _, x := range values {
		if call, ok := ast.Unparen(x).(*ast.CallExpr); ok && call == coll {
			continue // read from the collective's results
		}
		if !f.pure(x, anyVar, true) || !f.cannotFail(x) {
			return false
		}
	}
	return true
}

// laneTermsOf returns conjunct e of a lane loop's guard as terms: a
// comparison of the lane's index with a value the same for every lane of
// the warp (an equality is two bounds: lane 0's store of a warp's result),
// or a condition the same for every lane; both cannot fail, so that they
// may be decided once for the warp.
func (f *Func) laneTermsOf(e ast.Expr) ([]laneTerm, bool) {
	if w, ok := f.warpExpr(e, 0); ok {
		return []laneTerm{{X: w}}, f.cannotFail(w)
	}
	b, ok := ast.Unparen(e).(*ast.BinaryExpr)
	if !ok {
		return nil, false
	}
	op, x := b.Op, b.Y
	switch {
	case f.isLaneID(b.X, 0):
	case f.isLaneID(b.Y, 0):
		op, x = mirror[b.Op], b.X
	default:
		return nil, false
	}
	w, ok := f.warpExpr(x, 0)
	if !ok || !f.cannotFail(w) || !types.Identical(f.Src.Info.TypeOf(x).Underlying(), types.Typ[types.Int]) {
		return nil, false
	}
	switch op {
	case token.GEQ:
		return []laneTerm{{X: w, Lane: true}}, true
	case token.GTR:
		return []laneTerm{{X: w, Lane: true, Adj: 1}}, true
	case token.LSS:
		return []laneTerm{{X: w, Lane: true, Upper: true}}, true
	case token.LEQ:
		return []laneTerm{{X: w, Lane: true, Upper: true, Adj: 1}}, true
	case token.EQL:
		return []laneTerm{{X: w, Lane: true}, {X: w, Lane: true, Upper: true, Adj: 1}}, true
	}
	return nil, false
}

// isLaneID reports whether e is t.LaneID(), or a remat variable defined
// as it.
func (f *Func) isLaneID(e ast.Expr, depth int) bool {
	e = ast.Unparen(e)
	if call, ok := e.(*ast.CallExpr); ok {
		return f.threadMethod(call) && len(call.Args) == 0 && ast.Unparen(call.Fun).(*ast.SelectorExpr).Sel.Name == "LaneID"
	}
	v := f.varOf(e)
	if v == nil || v.Class != Remat || depth > 16 {
		return false
	}
	d := defExpr(v)
	return d != nil && d != e && f.isLaneID(d, depth+1)
}
