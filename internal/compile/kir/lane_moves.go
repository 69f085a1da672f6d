package kir

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/gocuda/gocuda/internal/grid"
)

// A warp's lane loop often only moves values: it copies a variable the
// warp keeps per lane into one kept per thread across a barrier (the
// samples' block scan: incl := r, r a copy of the inlined helper's v),
// or a shuffle's result into one (excl := ShflUpSync(...), its lane 0's
// override split off by the warp pass). Lane by lane, each such loop
// cost the warp-shuffle scan a tenth of its time; copies (in the rows pass)
// records where each variable the loop stores comes from, and the
// emitter writes the loop as one copy per variable (lane_moves_emit.go).

// A LaneMove is where the values of a variable a lane loop defines come
// from, in a loop whose code only copies: the lane array of Var, which
// the loop leaves as it is, or the result array of the shuffle Coll.
type LaneMove struct {
	Var  *types.Var
	Coll *Collective
}

// laneMovesOf returns, for lane loop l of warp loop w whose code only
// copies, where each variable it defines comes from; or nil.
func (f *Func) laneMovesOf(l *LaneLoop, w *WarpLoop) map[*types.Var]LaneMove {
	if l.Jam != nil || l.Rebase != nil || l.Copy != nil || l.Demand != nil || l.Upto != nil || len(l.Body) == 0 || !f.operandsHeld(l, w) {
		return nil
	}
	from := map[*types.Var]LaneMove{}
	writes := map[*types.Var]int{}
	for _, n := range l.Body {
		code, ok := n.(*Code)
		if !ok || code.Block {
			return nil
		}
		f.countWrites(code.Stmt, writes)
		if isBlankUse(code.Stmt) {
			continue
		}
		dst, m, ok := f.laneMove(code.Stmt, from, w)
		if !ok {
			return nil
		}
		from[dst] = m
	}
	for v, m := range from {
		if writes[v] != 1 || !basicValued(v.Type()) || m.Var != nil && writes[m.Var] != 0 {
			return nil // assigned again, or its source changed
		}
	}
	return from
}

// laneMove returns the variable s defines and where its values come
// from, where s is a copy of a variable kept per lane (or of one such a
// copy defines, from) or a shuffle's result.
func (f *Func) laneMove(s ast.Stmt, from map[*types.Var]LaneMove, w *WarpLoop) (*types.Var, LaneMove, bool) {
	if c := f.collResults[s]; c != nil {
		a, ok := s.(*ast.AssignStmt)
		if !ok || a.Tok != token.DEFINE || len(a.Lhs) != 1 || len(a.Rhs) != 1 || ast.Unparen(a.Rhs[0]) != c.Call || !plainShuffle(c) {
			return nil, LaneMove{}, false
		}
		v := f.identVar(a.Lhs[0])
		return v, LaneMove{Coll: c}, v != nil && types.Identical(v.Type(), f.Src.Info.TypeOf(c.Call))
	}
	dst, src := copyDefinition(s)
	if dst == nil {
		return nil, LaneMove{}, false
	}
	dv, sv := f.identVar(dst), f.identVar(src)
	if dv == nil || sv == nil || !types.Identical(dv.Type(), sv.Type()) {
		return nil, LaneMove{}, false
	}
	if m, ok := from[sv]; ok {
		return dv, m, true
	}
	return dv, LaneMove{Var: sv}, w.Arrays[sv] != "" && f.plainLocal(sv)
}

// plainShuffle reports whether c is a shuffle of a warp's lanes (the
// kernel API's gocuda.Shfl*Sync): its result, per lane, in an array the
// emitter fills (not a tile's or a coalesced group's).
func plainShuffle(c *Collective) bool {
	return c.Entry.Engine && grid.IsShuffle(c.Entry.Warp) && !c.Entry.Tile && !c.Entry.Coalesced
}

// operandsHeld reports whether the collectives after lane loop l read
// each per-lane operand from a variable's lane array: the loop stores
// none (operandsStored), nor a coalesced group's handle.
func (f *Func) operandsHeld(l *LaneLoop, w *WarpLoop) bool {
	coalesced := slices.ContainsFunc(l.Operands, func(c *Collective) bool { return c.Entry.Coalesced })
	return !coalesced && !f.operandsStored(l, w)
}

// isBlankUse reports whether s is _ = x: the code's mark that x is used.
func isBlankUse(s ast.Stmt) bool {
	a, ok := s.(*ast.AssignStmt)
	if !ok || a.Tok != token.ASSIGN || len(a.Lhs) != 1 || len(a.Rhs) != 1 {
		return false
	}
	id, ok := a.Lhs[0].(*ast.Ident)
	_, isIdent := ast.Unparen(a.Rhs[0]).(*ast.Ident)
	return ok && id.Name == "_" && isIdent
}
