package ptx

import (
	"go/ast"
	"go/token"

	"github.com/gocuda/gocuda/internal/compile/kir"
	"github.com/gocuda/gocuda/internal/kapi"
)

// nodes writes the one-thread program's nodes. On a GPU the block's
// threads run the program as written: a barrier is bar.sync, and the
// structure the CPU lowering needs around sync points is only control
// flow here.
func (e *emitter) nodes(ns []kir.Node) {
	save := len(e.facts)
	for _, n := range ns {
		e.node(n)
	}
	e.facts = e.facts[:save]
}

func (e *emitter) node(n kir.Node) {
	switch n := n.(type) {
	case *kir.Code:
		e.stmt(n.Stmt)
	case *kir.Scope:
		e.nodes(n.Body)
	case *kir.If:
		e.ifNode(n)
	case *kir.For:
		e.forLoop(n.Src, n.Label, false, func() { e.nodes(n.Body) })
	case *kir.Range:
		e.rangeLoop(n.Src, n.Label, func() { e.nodes(n.Body) })
	case *kir.Barrier:
		e.barrier(n)
	case *kir.Collective:
		r := e.api(n.Call, n.Entry)
		if n.Stmt != nil {
			e.results[n.Call] = r
			e.stmt(n.Stmt)
		}
	case *kir.Branch:
		e.branch(n.Src)
	case *kir.Return:
		e.returnStmt(n.Src)
	default:
		e.refuse(nil, "kernel IR node %T", n)
	}
}

func (e *emitter) ifNode(n *kir.If) {
	if n.Src.Init != nil {
		e.stmt(n.Src.Init)
	}
	thenLeaves := false
	if len(n.Then) > 0 {
		switch n.Then[len(n.Then)-1].(type) {
		case *kir.Return, *kir.Branch:
			thenLeaves = true
		}
	}
	e.ifElse(n.Src.Cond, thenLeaves, func() { e.nodes(n.Then) }, func() bool {
		if n.Else == nil {
			return false
		}
		e.nodes(n.Else)
		return true
	})
}

// ifElse writes if cond { then() } else { els() }; els reports whether it
// wrote anything. Each branch knows what the condition says of it, and
// where the then branch leaves and there is no else, the code after it
// knows the negation.
func (e *emitter) ifElse(cond ast.Expr, thenLeaves bool, then func(), els func() bool) {
	p := e.cond(cond)
	lelse, lend := e.label(), e.label()
	e.line("@!%s bra %s;", p, lelse)
	save := len(e.facts)
	for _, f := range e.condFacts(p, false) {
		e.push(f)
	}
	then()
	e.facts = e.facts[:save]
	e.line("bra.uni %s;", lend)
	e.place(lelse)
	for _, f := range e.condFacts(p, true) {
		e.push(f)
	}
	wrote := els()
	e.facts = e.facts[:save]
	e.place(lend)
	if thenLeaves && !wrote {
		for _, f := range e.condFacts(p, true) {
			e.push(f)
		}
	}
}

// barrier writes a block barrier: bar.sync, or bar.red for the predicate
// forms, whose result the statement after uses.
func (e *emitter) barrier(b *kir.Barrier) {
	switch b.Entry.Kind {
	case kapi.Barrier:
		e.line("bar.sync 0;")
	case kapi.BarrierPred:
		p := e.cond(b.Pred)
		var r *val
		switch b.Entry.Reduce {
		case kapi.Count:
			c := e.reg(u32T)
			e.line("bar.red.popc.u32 %s, 0, %s;", c, p)
			r = &val{t: e.typeOf(b.Call), reg: e.convertReg(c, u32T, e.scalarType(b.Call))}
		case kapi.And, kapi.Or:
			q := e.reg(predT)
			op := "and"
			if b.Entry.Reduce == kapi.Or {
				op = "or"
			}
			e.line("bar.red.%s.pred %s, 0, %s;", op, q, p)
			r = &val{t: e.typeOf(b.Call), reg: q}
		}
		if b.Stmt != nil {
			e.results[b.Call] = r
			e.stmt(b.Stmt)
		}
	default:
		e.refuse(b.Call, "%s has no GPU form yet", b.Entry.Short)
	}
}

// scalarType returns the scalar form of x's type, refusing others.
func (e *emitter) scalarType(x ast.Expr) scalar {
	s, ok := scalarOf(e.typeOf(x))
	if !ok {
		e.refuse(x, "%s of type %s is not a number or bool", exprString(x), e.typeOf(x))
	}
	return s
}

// branch writes a break or continue.
func (e *emitter) branch(s *ast.BranchStmt) {
	var target *loop
	for i := len(e.loops) - 1; i >= 0; i-- {
		l := &e.loops[i]
		if l.inlineDepthAtTop != len(e.inline) {
			break // a helper's branches stay in its own loops
		}
		if l.isSwitch && (s.Tok == token.CONTINUE || s.Label != nil) {
			continue
		}
		if s.Label == nil || l.label == s.Label.Name {
			target = l
			break
		}
	}
	if target == nil {
		e.refuse(s, "%s outside a loop the back end writes", s.Tok)
	}
	switch s.Tok {
	case token.BREAK:
		e.line("bra.uni %s;", target.brk)
	case token.CONTINUE:
		e.line("bra.uni %s;", target.cont)
	default:
		e.refuse(s, "%s statements have no GPU form", s.Tok)
	}
}
