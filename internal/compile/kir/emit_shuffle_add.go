package kir

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// shuffleAdd writes a shuffle up, down or xor of a variable's lane array and
// the lane loop after it as one step of a shuffle scan or reduction,
// where they are one, and reports whether it did: the loop's code adds
// the shuffle's result to the variable, v += Shfl(v, d) or y := Shfl(v,
// d) then v += y under a guard the loop's lane range decides. Where the
// warp runs whole (every lane active, a full mask, width 32), package
// compiled's ShflAddWarp does both in place, with no copy of the warp's
// values (in the SIMD build, eight or sixteen lanes at a time); elsewhere
// the shuffle and the loop run as usual.
func (e *emitter) shuffleAdd(c *Collective, l *LaneLoop) bool {
	st, ok := e.addStepOf(c, l)
	if !ok {
		return false
	}
	e.line(c.Call.Pos())
	e.printf("if %s {\n", e.wholeWarp(st))
	from, to := e.stepLanes(st)
	e.printf("%s.ShflAddWarp(%s, &%s, %s, %s, %s)\n", e.f.Src.Compiled, e.shuffleKind(c), st.value.array, e.operand(c, st.arg), from, to)
	e.printf("} else {\n")
	e.collective(c)
	e.lanes(l)
	e.printf("}\n")
	return true
}

// A shflAddStep is a shuffle and the lane loop after it that are one step
// of a shuffle scan or reduction: the shuffle's operands, and the range of
// lanes that add, where a guard of the loop's decides it (nil: all).
type shflAddStep struct {
	c                       *Collective
	mask, value, arg, width collOperand
	rng                     *laneRange
}

// addStepOf returns the step c and l are, where they are one (see
// shuffleAdd).
func (e *emitter) addStepOf(c *Collective, l *LaneLoop) (shflAddStep, bool) {
	if e.warp == nil || c.Entry.Tile || c.Entry.Coalesced || c.Entry.Short != "ShflUpSync" && c.Entry.Short != "ShflDownSync" && c.Entry.Short != "ShflXorSync" {
		return shflAddStep{}, false
	}
	ops := e.collOperands(c)
	st := shflAddStep{c: c, mask: ops[0], value: ops[1], arg: ops[2], width: ops[3]}
	if !st.value.direct || st.value.copied || st.mask.array != "" || st.arg.array != "" || st.width.array != "" || !e.operandsDirect(l) || !numeric(st.value.typ) {
		return shflAddStep{}, false
	}
	v := e.f.Src.Info.Uses[ast.Unparen(c.Call.Args[c.Entry.Value]).(*ast.Ident)].(*types.Var)
	if e.f.Vars[v] == nil || e.f.Vars[v].InPlace {
		return shflAddStep{}, false
	}
	rng, ok := e.addStep(c, l, v)
	st.rng = rng
	return st, ok
}

// wholeWarp writes the condition under which ShflAddWarp completes step
// st: every lane active, a full mask, width 32.
func (e *emitter) wholeWarp(st shflAddStep) string {
	return fmt.Sprintf("%s == ^uint32(0) && %s == ^uint32(0) && %s == 32", e.name["act"], e.operand(st.c, st.mask), e.operand(st.c, st.width))
}

// stepLanes writes the lanes that add in step st, [from, to): those its
// guard's range decides, or, for a reduction's step whose result only
// the first lanes are read for (demand.go), those the later steps read;
// but in the SIMD build, whose vector steps add the whole warp at once
// and would merge the lanes kept (a cost BenchmarkReduce's warpShuffle
// shows), all of them.
func (e *emitter) stepLanes(st shflAddStep) (from, to string) {
	if st.rng != nil {
		return e.laneBounds(st.rng)
	}
	dm := st.c.Demand
	if dm == nil || e.simd {
		return "0", "32"
	}
	narrow := "true"
	if dm.OneD {
		narrow = e.oneD()
	}
	return "0", fmt.Sprintf("%s.LanesDemanded(%s, %d, %s)", e.f.Src.Compiled, e.operand(st.c, st.arg), dm.Lanes, narrow)
}

// shuffleKind writes c's shuffle as a compiled.Shuffle.
func (e *emitter) shuffleKind(c *Collective) string {
	return e.f.Src.Compiled + "." + strings.TrimSuffix(c.Entry.Short, "Sync")
}

// addStep reports whether l's code adds c's result to v (see
// shuffleAdd), returning the lane range of its guard, if it has one.
func (e *emitter) addStep(c *Collective, l *LaneLoop, v *types.Var) (*laneRange, bool) {
	stmts := make([]ast.Stmt, len(l.Body))
	for i, n := range l.Body {
		stmts[i] = n.(*Code).Stmt
	}
	switch len(stmts) {
	case 1:
		return nil, e.addsTo(stmts[0], v, func(x ast.Expr) bool { return x == ast.Expr(c.Call) })
	case 2:
		y := e.resultVar(stmts[0], c)
		guard, ok := stmts[1].(*ast.IfStmt)
		if y == nil || !ok || len(guard.Body.List) != 1 {
			return nil, false
		}
		if !e.addsTo(guard.Body.List[0], v, func(x ast.Expr) bool { id, ok := x.(*ast.Ident); return ok && e.f.Src.Info.Uses[id] == y }) {
			return nil, false
		}
		rng, ok := e.f.laneRange(l, e.warp.Arrays)
		return rng, ok
	}
	return nil, false
}

// resultVar returns the variable s defines or assigns as c's result
// alone (y := Shfl(...)), where no lane array keeps it past the loop.
func (e *emitter) resultVar(s ast.Stmt, c *Collective) *types.Var {
	a, ok := s.(*ast.AssignStmt)
	if !ok || len(a.Lhs) != 1 || len(a.Rhs) != 1 || a.Rhs[0] != ast.Expr(c.Call) || a.Tok != token.DEFINE && a.Tok != token.ASSIGN {
		return nil
	}
	id, ok := a.Lhs[0].(*ast.Ident)
	if !ok {
		return nil
	}
	y, _ := e.f.Src.Info.ObjectOf(id).(*types.Var)
	if _, kept := e.warp.Arrays[y]; y == nil || kept {
		return nil
	}
	return y
}

// addsTo reports whether s is v += r or v = v + r, r an operand isR
// takes.
func (e *emitter) addsTo(s ast.Stmt, v *types.Var, isR func(ast.Expr) bool) bool {
	a, ok := s.(*ast.AssignStmt)
	if !ok || len(a.Lhs) != 1 || len(a.Rhs) != 1 || !e.f.isVar(a.Lhs[0], v) {
		return false
	}
	r := ast.Unparen(a.Rhs[0])
	switch a.Tok {
	case token.ADD_ASSIGN:
		return isR(r)
	case token.ASSIGN:
		b, ok := r.(*ast.BinaryExpr)
		return ok && b.Op == token.ADD && e.f.isVar(b.X, v) && isR(ast.Unparen(b.Y))
	}
	return false
}

// numeric reports whether t is an integer or floating-point type, or a
// type parameter whose constraint admits only those (compiled.Number).
func numeric(t types.Type) bool {
	if tp, ok := t.(*types.TypeParam); ok {
		return numericSet(tp.Constraint())
	}
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&(types.IsInteger|types.IsFloat) != 0
}

// numericSet reports whether every type of constraint c's type set is
// numeric: c embeds unions of numeric terms (or interfaces that do).
func numericSet(c types.Type) bool {
	iface, ok := c.Underlying().(*types.Interface)
	if !ok || iface.NumMethods() > 0 || iface.NumEmbeddeds() == 0 {
		return false
	}
	for i := range iface.NumEmbeddeds() {
		switch t := iface.EmbeddedType(i).(type) {
		case *types.Union:
			for k := range t.Len() {
				if !numeric(t.Term(k).Type()) {
					return false
				}
			}
		default:
			if !numeric(t) && !numericSet(t) {
				return false
			}
		}
	}
	return true
}

// shuffleRun writes loop n of a warp's code, whose body is one step of a
// shuffle scan or reduction (the loop of a warp's five steps of a sum),
// as a loop that collects its steps' distances and lanes in a
// compiled.ShflSteps, which compiled.ShflAddSteps completes with the
// warp's values in registers from the first step to the last. That is
// where the CPU has AVX-512 and the warp runs whole (every lane active, a
// full mask, width 32); elsewhere the loop runs as written. The mask and
// width must be the same at every trip (invariant), so that whether the
// warp runs whole is, and the loop unlabeled, its body the step alone
// (after a lane loop that does nothing, if any), so that the trips do
// nothing but the steps. Only the SIMD build writes it: elsewhere, and
// without AVX-512, the steps would be ShflAddWarp's one by one, and
// collecting them first only costs (BenchmarkReduce's warpShuffle in the
// default build). It reports
// whether it wrote n so.
func (e *emitter) shuffleRun(n *For) bool {
	if !e.simd {
		return false
	}
	if e.warp == nil || n.Lanes || n.Label != nil {
		return false
	}
	c, l, ok := e.shuffleStepBody(n)
	if !ok {
		return false
	}
	st, ok := e.addStepOf(c, l)
	if !ok || !e.f.invariant(c.Call.Args[st.mask.arg], n.Src) || !e.f.invariant(c.Call.Args[st.width.arg], n.Src) {
		return false
	}
	s, rt, run := n.Src, e.f.Src.Compiled, e.f.Names.Fresh("run")
	complete := fmt.Sprintf("%s.ShflAddSteps(%s, &%s, &%s)", rt, e.shuffleKind(c), st.value.array, run)
	e.line(s.Pos())
	e.printf("if %s.SIMD512 && %s {\nvar %s %s.ShflSteps\n", rt, e.wholeWarp(st), run, rt)
	e.printf("for %s; %s; %s {\n", e.plain(s.Init), e.plain(s.Cond), e.plain(s.Post))
	if e.f.Stops[s] {
		e.printf("%s", e.tickStop())
	}
	e.line(c.Call.Pos())
	from, to := e.stepLanes(st)
	e.printf("%s.Add(%s, %s, %s)\nif %s.Full() {\n%s\n}\n}\n%s\n} else {\n", run, e.operand(c, st.arg), from, to, run, complete, complete)
	e.forLoop(n)
	e.printf("}\n")
	return true
}

// shuffleStepBody returns the collective and the lane loop after it
// that are loop n's whole body (after a lane loop that does nothing, if
// any), or false: the shape of a loop of shuffle steps (shuffleRun,
// shuffleDoubling).
func (e *emitter) shuffleStepBody(n *For) (*Collective, *LaneLoop, bool) {
	body := n.Body
	if len(body) == 3 { // a lane loop before the shuffle, with nothing to do
		if first, ok := body[0].(*LaneLoop); !ok || len(first.Body) > 0 || !e.operandsDirect(first) {
			return nil, nil, false
		}
		body = body[1:]
	}
	if len(body) != 2 {
		return nil, nil, false
	}
	c, ok := body[0].(*Collective)
	l, ok2 := body[1].(*LaneLoop)
	return c, l, ok && ok2
}

// invariant reports whether x has the same value at every trip of loop:
// constants, and variables that the loop (its header and body) neither
// assigns nor addresses, combined by operators (no calls, no loads).
func (f *Func) invariant(x ast.Expr, loop *ast.ForStmt) bool {
	changed := changedVars(f.Src.Info, &ast.BlockStmt{List: []ast.Stmt{loop}}, false)
	ok := true
	ast.Inspect(x, func(n ast.Node) bool {
		e, isExpr := n.(ast.Expr)
		if !ok || !isExpr {
			return false
		}
		if tv := f.Src.Info.Types[e]; tv.Value != nil {
			return false // a constant, whatever it is written with
		}
		switch n := n.(type) {
		case *ast.Ident:
			if v, isVar := f.Src.Info.Uses[n].(*types.Var); isVar && changed[v] {
				ok = false
			}
		case *ast.BinaryExpr, *ast.UnaryExpr, *ast.ParenExpr:
		default:
			ok = false
		}
		return ok
	})
	return ok
}
