package ptx

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
)

// A counted loop (for i := a; i < n; i += s, its variable's facts known:
// see induction) runs rounds of four trips while the fourth trip from
// here is in range, then the trips left one at a time: the same trips in
// the same order, with one test a round, so that the round's loads can be
// issued together. Only small bodies that leave the loop no other way
// are unrolled.

// maxUnrollNodes bounds the syntax of a body worth four copies.
const maxUnrollNodes = 80

// unrollable returns the bound of loop s over variable ind, whether it
// is inclusive, and the step, where its rounds can be unrolled, or nil.
func (e *emitter) unrollable(s *ast.ForStmt, ind types.Object) (bound ast.Expr, incl bool, step ast.Expr) {
	cond, ok := ast.Unparen(s.Cond).(*ast.BinaryExpr)
	if ind == nil || !ok || e.inMemory[ind] {
		return nil, false, nil
	}
	v, n, incl := below(cond)
	if v == nil || e.object(v) != ind {
		return nil, false, nil
	}
	step, _ = e.stepOf(s.Post, ind)
	nodes, leaves := 0, false
	ast.Inspect(s.Body, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.BranchStmt, *ast.LabeledStmt, *ast.ReturnStmt, *ast.ForStmt, *ast.RangeStmt, *ast.SwitchStmt:
			leaves = true
		case *ast.CallExpr:
			if c := n.(*ast.CallExpr); !e.src.Info.Types[c.Fun].IsType() {
				leaves = true // a helper's returns, or a call that synchronizes
			}
		}
		nodes++
		return true
	})
	if leaves || nodes > maxUnrollNodes || !e.invariant(s.Body, n) || (step != nil && !e.invariant(s.Body, step)) {
		return nil, false, nil
	}
	if step != nil {
		if k, ok := e.exprWidth(step); !ok || k > 58 {
			return nil, false, nil
		}
	}
	return n, incl, step
}

// invariant reports whether x has the same value on every trip of a
// loop with body: it reads no memory and no variable the body assigns,
// and calls nothing but len and conversions.
func (e *emitter) invariant(body ast.Node, x ast.Expr) bool {
	ok := true
	var objs []types.Object
	ast.Inspect(x, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.Ident:
			if o, isVar := e.src.Info.Uses[n].(*types.Var); isVar {
				objs = append(objs, o)
			}
		case *ast.IndexExpr, *ast.StarExpr, *ast.SliceExpr:
			ok = false
		case *ast.CallExpr:
			if b, isBuiltin := e.src.Info.Uses[calleeIdent(n.Fun)].(*types.Builtin); !(isBuiltin && b.Name() == "len") && !e.src.Info.Types[n.Fun].IsType() {
				ok = false
			}
		}
		return ok
	})
	return ok && !e.assigns(body, objs...)
}

// unroll writes the rounds of four trips of loop s, whose variable is
// ind, bound n (inclusive with incl) and step step (nil for i++), and
// whose body body writes.
func (e *emitter) unroll(s *ast.ForStmt, ind types.Object, n ast.Expr, incl bool, step ast.Expr, body func()) {
	iv := e.vars[ind]
	bound := e.exclusiveBound(n, incl)
	var last string // 3 steps
	switch {
	case step == nil:
		last = "3"
	default:
		st := e.expr(step).reg
		if c, err := strconv.ParseInt(st, 10, 64); err == nil {
			last = strconv.FormatInt(3*c, 10)
		} else {
			last = e.reg(s64T)
			e.line("mul.lo.s64 %s, %s, 3;", last, st)
		}
	}
	top, done := e.label(), e.label()
	e.place(top)
	t, p := e.reg(s64T), e.reg(predT)
	e.line("add.s64 %s, %s, %s;", t, iv.reg, last)
	e.line("setp.lt.s64 %s, %s, %s;", p, t, bound)
	e.line("@!%s bra %s;", p, done)
	k, known := e.width(bound)
	for range 4 {
		// This trip and the ones after it in the round are below the bound.
		save := len(e.facts)
		e.push(fact{kind: 'l', a: iv.reg, b: bound})
		if known {
			e.push(fact{kind: 'w', a: iv.reg, bits: k})
		}
		body()
		e.facts = e.facts[:save]
		e.stmt(s.Post)
	}
	e.line("bra.uni %s;", top)
	e.place(done)
}

// exclusiveBound returns a register holding the bound n of a counted
// loop as an exclusive one: n itself, or for an inclusive bound x - 1
// (x of known width, so that x - 1 did not wrap), x, or else n + 1, which
// does not wrap as the loop's inclusive bound is below 2^61 (induction).
func (e *emitter) exclusiveBound(n ast.Expr, incl bool) string {
	if !incl {
		return e.inReg(e.expr(n).reg, s64T)
	}
	if b, ok := ast.Unparen(n).(*ast.BinaryExpr); ok && b.Op == token.SUB {
		if tv := e.src.Info.Types[b.Y]; tv.Value != nil {
			if c, ok := constantInt(tv); ok && c == 1 {
				if _, ok := e.exprWidth(b.X); ok {
					return e.inReg(e.expr(b.X).reg, s64T)
				}
			}
		}
	}
	m := e.expr(n)
	return e.arith(n, token.ADD, m, e.constant(m.t, 1)).reg
}
