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

// A vrestart is a load checked in place, and what the step had stored
// when it was translated.
type vrestart struct {
	stmt   *ast.IfStmt // the load's check: its else loads lane by lane
	stores int         // stores translated before it
	loops  []*vloop    // the loops around it
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
		r.stmt.Else = &ast.BlockStmt{List: []ast.Stmt{&ast.BranchStmt{TokPos: r.stmt.If, Tok: token.BREAK, Label: ast.NewIdent(label)}}}
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
