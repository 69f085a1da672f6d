package kir

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// shuffleDoubling writes loop n of a warp's code, where it is a
// shuffle-up scan whose offsets double from a constant (for d := c; d <
// end; d <<= 1 around y := ShflUpSync(mask, v, d, 32) and, for the lanes
// at d and above, v += y, the CUDA samples' shfl_scan), as one call of
// compiled.ShflUpDoubling where the warp runs whole and the guard's
// conditions of the warp alone (d < lanes) hold at every step that adds:
// five steps without a call, a lane range and a test of the shuffle's
// kind each; from 1 to 32, the call adds the scan written out (see
// BenchmarkScan's warpShuffle). Elsewhere the loop runs as written. The
// SIMD build writes it so too: its vector steps in registers
// (shuffleRun) were slower than the written scan, once the call marks the
// registers' upper halves clean. The
// mask and width must be the same at every trip, the loop unlabeled and
// checked for no stopped launch. It reports whether it wrote n so.
func (e *emitter) shuffleDoubling(n *For) bool {
	if e.warp == nil || n.Lanes || n.Label != nil || e.f.Stops[n.Src] {
		return false
	}
	d, from, end, ok := e.f.doublingKey(n.Src)
	if !ok {
		return false
	}
	c, l, ok := e.shuffleStepBody(n)
	if !ok || c.Entry.Short != "ShflUpSync" {
		return false
	}
	st, ok := e.addStepOf(c, l)
	args := c.Call.Args
	if w, isConst := e.f.intConst(args[c.Entry.Width]); !ok || st.rng == nil || !isConst || w != warpSize || e.f.identVar(args[c.Entry.Arg]) != d {
		return false
	}
	if !e.f.invariant(args[st.mask.arg], n.Src) {
		return false
	}
	xs, ok := e.f.doublingConds(st.rng, d)
	if !ok {
		return false
	}
	conds := make([]string, len(xs))
	for i, x := range xs {
		conds[i] = "(" + e.oneLine(x) + ")"
	}
	e.line(n.Src.Pos())
	all := e.f.Names.Fresh("all")
	e.printf("%s := %s\n", all, e.wholeWarp(st))
	if len(conds) > 0 { // the conditions at each step that adds (d below 32)
		key := e.plain(n.Src.Cond.(*ast.BinaryExpr).X) // d as the copy names it
		e.printf("for %s; %s && %s < %d && %s; %s {\n", e.plain(n.Src.Init), all, key, warpSize, e.plain(n.Src.Cond), e.plain(n.Src.Post))
		e.printf("%s = %s\n}\n", all, strings.Join(conds, " && "))
	}
	e.printf("if %s {\n%s.ShflUpDoubling(&%s, %d, %d)\n} else {\n", all, e.f.Src.Compiled, st.value.array, from, end)
	e.forLoop(n)
	e.printf("}\n")
	return true
}

// doublingKey returns d, its first value and the value it stays below
// where s is for d := from; d < end (or d <= end-1); d <<= 1 (or d *= 2),
// from and end constants, from at least 1 and end at most 2^30+1.
func (f *Func) doublingKey(s *ast.ForStmt) (d *types.Var, from, end int64, ok bool) {
	init, isAssign := s.Init.(*ast.AssignStmt)
	cond, isBinary := s.Cond.(*ast.BinaryExpr)
	post, isPost := s.Post.(*ast.AssignStmt)
	if !isAssign || !isBinary || !isPost || init.Tok != token.DEFINE || len(init.Lhs) != 1 || len(post.Lhs) != 1 {
		return nil, 0, 0, false
	}
	d = f.identVar(init.Lhs[0])
	if d == nil || f.identVar(cond.X) != d || f.identVar(post.Lhs[0]) != d {
		return nil, 0, 0, false
	}
	from, ok1 := f.intConst(init.Rhs[0])
	bound, ok2 := f.intConst(cond.Y)
	by, ok3 := f.intConst(post.Rhs[0])
	// A bound past 2^30 is refused: near the int's range, d would wrap
	// before it, and the loop as written would not end.
	if !ok1 || !ok2 || !ok3 || from < 1 || bound > 1<<30 || !(post.Tok == token.SHL_ASSIGN && by == 1 || post.Tok == token.MUL_ASSIGN && by == 2) {
		return nil, 0, 0, false
	}
	switch cond.Op {
	case token.LSS:
		return d, from, bound, true
	case token.LEQ:
		return d, from, bound + 1, true
	}
	return nil, 0, 0, false
}

// doublingConds returns the conditions of the warp alone
// in a shuffle-up scan step's guard rng, which must bound the lanes by
// lane >= d alone besides them; they must be pure (evaluated once more
// for every step, before the steps).
func (f *Func) doublingConds(rng *laneRange, d *types.Var) ([]ast.Expr, bool) {
	var conds []ast.Expr
	lower := 0
	for _, t := range rng.Terms {
		switch {
		case t.Lane && !t.Upper && t.Adj == 0 && f.identVar(t.X) == d:
			lower++
		case t.Lane || !f.pure(t.X, func(*types.Var) bool { return true }, true):
			return nil, false
		default:
			conds = append(conds, t.X)
		}
	}
	return conds, lower == 1
}
