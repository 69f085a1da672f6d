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
	// OneD is set where the terms read the lane as the thread's x index
	// modulo 32 (tid%32 == 0), which it is in one-dimensional blocks
	// alone: the range then holds there, and the guard stays in the
	// loop's code for other blocks (laneRangeOneD).
	OneD bool
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
	r, ok := f.laneRangeWith(l, arrays, false)
	if ok && r == nil {
		return nil, false
	}
	return r, ok
}

// laneRangeWith is laneRange, reading the lane also as the thread's x
// index modulo 32 where oneD is set. Without it, it returns true and a
// nil range for a loop of laneRange's shape whose guard is no range.
func (f *Func) laneRangeWith(l *LaneLoop, arrays map[*types.Var]string, oneD bool) (*laneRange, bool) {
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
	if !oneD {
		return f.condRange(guard.Cond), true
	}
	r := f.condRangeIn(guard.Cond, true)
	return r, r != nil
}

// laneRangeOneD is laneRange, or where that has none, the range of a
// guard that names the lane as the thread's x index modulo 32, which
// holds in one-dimensional blocks (laneRange.OneD).
func (f *Func) laneRangeOneD(l *LaneLoop, arrays map[*types.Var]string) (*laneRange, bool) {
	if r, ok := f.laneRange(l, arrays); ok || f.Transposed {
		return r, ok
	}
	if _, ok := f.laneRangeWith(l, arrays, false); !ok {
		return nil, false // not a guard of that shape at all
	}
	return f.laneRangeWith(l, arrays, true)
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
func (f *Func) condRange(cond ast.Expr) *laneRange { return f.condRangeIn(cond, false) }

// condRangeIn is condRange, reading the lane also as the thread's x
// index modulo 32 where oneD is set (laneRange.OneD).
func (f *Func) condRangeIn(cond ast.Expr, oneD bool) *laneRange {
	r := &laneRange{}
	for _, term := range conjuncts(cond) {
		ts, mod, ok := f.laneTermsOf(term, oneD)
		if !ok {
			return nil
		}
		r.Terms = append(r.Terms, ts...)
		r.OneD = r.OneD || mod
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
func (f *Func) laneTermsOf(e ast.Expr, oneD bool) (terms []laneTerm, mod, ok bool) {
	if w, ok := f.warpExpr(e, 0); ok {
		return []laneTerm{{X: w}}, false, f.cannotFail(w)
	}
	b, ok := ast.Unparen(e).(*ast.BinaryExpr)
	if !ok {
		return nil, false, false
	}
	op, x := b.Op, b.Y
	switch {
	case f.isLaneID(b.X, 0):
	case f.isLaneID(b.Y, 0):
		op, x = mirror[b.Op], b.X
	case oneD && f.isLaneResidue(b.X):
		mod = true
	case oneD && f.isLaneResidue(b.Y):
		op, x, mod = mirror[b.Op], b.X, true
	default:
		return nil, false, false
	}
	w, ok := f.warpExpr(x, 0)
	if !ok || !f.cannotFail(w) || !types.Identical(f.Src.Info.TypeOf(x).Underlying(), types.Typ[types.Int]) {
		return nil, false, false
	}
	switch op {
	case token.GEQ:
		return []laneTerm{{X: w, Lane: true}}, mod, true
	case token.GTR:
		return []laneTerm{{X: w, Lane: true, Adj: 1}}, mod, true
	case token.LSS:
		return []laneTerm{{X: w, Lane: true, Upper: true}}, mod, true
	case token.LEQ:
		return []laneTerm{{X: w, Lane: true, Upper: true, Adj: 1}}, mod, true
	case token.EQL:
		return []laneTerm{{X: w, Lane: true}, {X: w, Lane: true, Upper: true, Adj: 1}}, mod, true
	}
	return nil, false, false
}

// isLaneResidue reports whether e is the thread's x index modulo 32 by
// its index facts (tid%32, tid&31, a variable defined so): the lane in a
// one-dimensional block.
func (f *Func) isLaneResidue(e ast.Expr) bool {
	m, mask, ok := f.residue(e, nil)
	w, isConst := f.intConst(m)
	return ok && isConst && (!mask && w == warpSize || mask && w == warpSize-1)
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
