package kir

import (
	"go/ast"
	"go/token"
	"slices"
)

// A load checked in place (its index is computed inside the step, as a
// window's in[i+d]) that would leave its slice cannot fail where it is:
// the step runs its threads trip by trip together, so its failing lane is
// the one that fails at the earliest trip, where the scalar form, thread
// after thread, fails at the first thread that fails at any trip. Where
// the step has stored nothing yet, and stores nothing in a loop around the
// load (whose earlier trips would have), the load sends the step's
// threads to the scalar loop instead, by a labeled break out of the steps:
// they start again there from nothing and fail exactly where the scalar
// form does. Elsewhere the load goes lane by lane, in lane order.

// A uniform if whose body panics (a kernel's check of its launch, as
// Blelloch's scan's of its block size) sends the step to the scalar loop
// the same way where its condition holds: the scalar form panics at the
// step's first thread, with its message. Where the step has stored
// something before it, the loop does not translate.

// A vrestart is a load checked in place, or an if whose body panics, and
// what the step had stored when it was translated.
type vrestart struct {
	stmt   *ast.IfStmt // the load's check, whose else loads lane by lane, or the if
	stores int         // stores translated before it
	loops  []*vloop    // the loops around it
	guard  bool        // stmt is an if whose body panics: the break goes there
}

// noteStore records a store of the step, with the loops around it.
func (v *vectorizer) noteStore() {
	v.storeLoops = append(v.storeLoops, slices.Clone(v.loopStack))
}

// noteInPlace records load check s, whose else goes lane by lane.
func (v *vectorizer) noteInPlace(s *ast.IfStmt) {
	if v.warpLanes != nil {
		return // a warp's lane loop has no scalar loop to restart
	}
	v.restarts = append(v.restarts, vrestart{stmt: s, stores: len(v.storeLoops), loops: slices.Clone(v.loopStack)})
}

// finishRestarts turns the in-place checks of loads that may restart the
// step into breaks out of the steps, and returns the label they break to,
// "" where none does, and whether a load still goes lane by lane.
func (v *vectorizer) finishRestarts() (label string, byLane bool) {
	for _, r := range v.restarts {
		if !v.restartable(r) {
			byLane = true
			continue
		}
		if label == "" {
			label = v.temp("steps")
		}
		brk := &ast.BlockStmt{List: []ast.Stmt{&ast.BranchStmt{TokPos: r.stmt.If, Tok: token.BREAK, Label: ast.NewIdent(label)}}}
		if r.guard {
			r.stmt.Body = brk
		} else {
			r.stmt.Else = brk
		}
	}
	return label, byLane
}

// restartable reports whether the step may start again before load r:
// nothing was stored before it, nor in a loop around it.
func (v *vectorizer) restartable(r vrestart) bool {
	if r.stores > 0 {
		return false
	}
	for _, loops := range v.storeLoops {
		for _, l := range loops {
			if slices.Contains(r.loops, l) {
				return false
			}
		}
	}
	return true
}

// guard translates s, an if whose condition cond is the same for every
// thread and whose body panics: the step breaks out to the scalar loop
// where cond holds, or the loop does not translate where that loop
// would not run the step's threads from nothing (see above).
func (v *vectorizer) guard(s *ast.IfStmt, cond vval) {
	if v.warpLanes != nil || len(v.storeLoops) > 0 || len(v.loopStack) > 0 {
		v.fail() // a warp's lane loop has no scalar loop to restart; a store or a trip would be done twice
	}
	stmt := &ast.IfStmt{If: v.posOf(s), Cond: cond.x, Body: &ast.BlockStmt{}}
	v.emit(stmt)
	v.restarts = append(v.restarts, vrestart{stmt: stmt, guard: true})
}

// panics reports whether body is one call of the builtin panic.
func (v *vectorizer) panics(body []ast.Stmt) bool {
	if len(body) != 1 {
		return false
	}
	e, ok := body[0].(*ast.ExprStmt)
	if !ok {
		return false
	}
	c, ok := ast.Unparen(e.X).(*ast.CallExpr)
	return ok && v.f.panics(c)
}
