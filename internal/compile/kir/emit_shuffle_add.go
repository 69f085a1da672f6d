package kir

import (
	"go/ast"
	"go/token"
	"go/types"
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
	if e.warp == nil || c.Entry.Tile || c.Entry.Coalesced || c.Entry.Short != "ShflUpSync" && c.Entry.Short != "ShflDownSync" && c.Entry.Short != "ShflXorSync" {
		return false
	}
	ops := e.collOperands(c)
	mask, value, arg, width := ops[0], ops[1], ops[2], ops[3]
	if !value.direct || mask.array != "" || arg.array != "" || width.array != "" || !e.operandsDirect(l) || !numeric(value.typ) {
		return false
	}
	v := e.f.Src.Info.Uses[ast.Unparen(c.Call.Args[c.Entry.Value]).(*ast.Ident)].(*types.Var)
	if e.f.Vars[v] == nil || e.f.Vars[v].InPlace {
		return false
	}
	rng, ok := e.addStep(c, l, v)
	if !ok {
		return false
	}
	n, rt := e.name, e.f.Src.Compiled
	e.line(c.Call.Pos())
	e.printf("if %s == ^uint32(0) && %s == ^uint32(0) && %s == 32 {\n", n["act"], e.operand(c, mask), e.operand(c, width))
	from, to := "0", "32"
	if rng != nil {
		from, to = e.laneBounds(rng)
	}
	e.printf("%s.ShflAddWarp(%s.%s, &%s, %s, %s, %s)\n", rt, rt, c.Entry.Short[:len(c.Entry.Short)-len("Sync")], value.array, e.operand(c, arg), from, to)
	e.printf("} else {\n")
	e.collective(c)
	e.lanes(l)
	e.printf("}\n")
	return true
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
