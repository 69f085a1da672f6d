package ptx

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// induction returns the variable of loop s when its trips count it up
// from a non-negative start by a non-negative step while it is below a
// bound, or at most one: for i := a; i < n; i += s (or i++, i <= m), its
// body not writing i. The variable may be declared before the loop (for
// i = a; ... or for ; i < n; ...). Its bound and step are below 2^61, so
// i + s never wraps (and i <= m ends, m being below the type's maximum):
// in the body 0 <= i < n (or i <= m).
func (e *emitter) induction(s *ast.ForStmt) types.Object {
	cond, ok := ast.Unparen(s.Cond).(*ast.BinaryExpr)
	for ok && cond.Op == token.LAND {
		cond, ok = ast.Unparen(cond.X).(*ast.BinaryExpr)
	}
	if !ok {
		return nil
	}
	id, bound, _ := below(cond)
	if id == nil {
		return nil
	}
	obj := e.object(id)
	if s, _ := scalarOf(e.subst(obj.Type())); s != s64T {
		return nil // the bounds below are a 64-bit int's
	}
	if !e.startsNonNegative(s.Init, obj) {
		return nil
	}
	step, ok := e.stepOf(s.Post, obj)
	if !ok {
		return nil
	}
	if k, ok := e.boundWidth(bound); !ok || k > 61 {
		return nil
	}
	if step != nil {
		if k, ok := e.exprWidth(step); !ok || k > 61 {
			return nil
		}
	}
	if e.assigns(s.Body, obj) {
		return nil
	}
	return obj
}

// startsNonNegative reports whether loop variable obj enters the loop
// with a value of known width: set by init (i := a or i = a), or, with no
// init, a variable of the kernel's registers whose width the path knows.
// A variable declared before the loop must live in registers: one whose
// address is taken could be written through a pointer in the body.
func (e *emitter) startsNonNegative(init ast.Stmt, obj types.Object) bool {
	if init == nil {
		v := e.vars[obj]
		if v == nil || v.reg == "" || e.inMemory[obj] {
			return false
		}
		_, ok := e.width(v.reg)
		return ok
	}
	a, ok := init.(*ast.AssignStmt)
	if !ok || len(a.Lhs) != 1 || len(a.Rhs) != 1 || e.object(identOf(a.Lhs[0])) != obj {
		return false
	}
	switch a.Tok {
	case token.DEFINE:
	case token.ASSIGN:
		if e.inMemory[obj] {
			return false
		}
	default:
		return false
	}
	_, ok = e.exprWidth(a.Rhs[0])
	return ok
}

// boundWidth returns k where loop bound x lies below 2^k (it may be
// negative): exprWidth's, or for x - c, c a non-negative constant, that
// of x.
func (e *emitter) boundWidth(x ast.Expr) (int, bool) {
	if b, ok := ast.Unparen(x).(*ast.BinaryExpr); ok && b.Op == token.SUB {
		if tv, ok := e.src.Info.Types[b.Y]; ok && tv.Value != nil {
			if c, ok := constantInt(tv); ok && c >= 0 {
				return e.exprWidth(b.X)
			}
		}
	}
	return e.exprWidth(x)
}

// below reads a comparison bounding a variable from above, i < n or
// n > i, or inclusively, i <= n or n >= i, and returns the variable, the
// bound and whether the bound is inclusive.
func below(c *ast.BinaryExpr) (*ast.Ident, ast.Expr, bool) {
	switch c.Op {
	case token.LSS:
		return identOf(c.X), c.Y, false
	case token.GTR:
		return identOf(c.Y), c.X, false
	case token.LEQ:
		return identOf(c.X), c.Y, true
	case token.GEQ:
		return identOf(c.Y), c.X, true
	}
	return nil, nil, false
}

// minusOne returns x where register r holds x - 1 for a non-negative x
// (so that the subtraction did not wrap), or "".
func (e *emitter) minusOne(r string) string {
	for k, d := range e.numbers {
		if d == r && k.b == "1" && strings.HasPrefix(k.op, "-.s") && !immediate(k.a) {
			if _, ok := e.width(k.a); ok {
				return k.a
			}
		}
	}
	return ""
}

// atMostFacts returns the facts of a <= b: a < x where b is x - 1, and
// a's width where b's bounds it.
func (e *emitter) atMostFacts(a, b string) []fact {
	if x := e.minusOne(b); x != "" {
		return e.lessFacts(a, x)
	}
	if k, ok := e.width(b); ok {
		if _, known := e.width(a); !known && e.nonNegative(a) {
			return []fact{{kind: 'w', a: a, bits: k}}
		}
	}
	return nil
}

// wrote records, after variable dst was written with v, v's width as
// dst's on the path (the write ended what was known of dst: kill), so
// that a counter set before its loop is known to start non-negative.
func (e *emitter) wrote(dst, v *val) {
	if dst.reg == "" || immediate(dst.reg) || dst.reg == v.reg {
		return
	}
	if s, ok := scalarOf(dst.t); !ok || s.float() || s.class == "pred" {
		return
	}
	if k, ok := e.width(v.reg); ok {
		e.push(fact{kind: 'w', a: dst.reg, bits: k})
	}
}

// stepOf reads a loop's post statement adding to variable obj: i++,
// i += s, i = i + s or i = s + i. It returns the step (nil for 1).
func (e *emitter) stepOf(post ast.Stmt, obj types.Object) (ast.Expr, bool) {
	switch post := post.(type) {
	case *ast.IncDecStmt:
		return nil, post.Tok == token.INC && e.object(identOf(post.X)) == obj
	case *ast.AssignStmt:
		if len(post.Lhs) != 1 || e.object(identOf(post.Lhs[0])) != obj {
			return nil, false
		}
		switch post.Tok {
		case token.ADD_ASSIGN:
			return post.Rhs[0], true
		case token.ASSIGN:
			sum, ok := ast.Unparen(post.Rhs[0]).(*ast.BinaryExpr)
			switch {
			case !ok || sum.Op != token.ADD:
			case e.object(identOf(sum.X)) == obj:
				return sum.Y, true
			case e.object(identOf(sum.Y)) == obj:
				return sum.X, true
			}
		}
	}
	return nil, false
}
