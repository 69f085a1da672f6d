package ptx

import (
	"go/ast"
	"go/token"
	"go/types"
)

// stmt writes one Go statement.
func (e *emitter) stmt(s ast.Stmt) {
	e.prepareStmt(s)
	e.stmtPrepared(s)
	clear(e.prepared)
}

func (e *emitter) stmtPrepared(s ast.Stmt) {
	switch s := s.(type) {
	case *ast.AssignStmt:
		e.assign(s)
	case *ast.IncDecStmt:
		op := token.ADD
		if s.Tok == token.DEC {
			op = token.SUB
		}
		v := e.expr(s.X)
		one := e.constant(v.t, 1)
		e.store(s.X, e.arith(s, op, v, one))
	case *ast.DeclStmt:
		e.decl(s)
	case *ast.ExprStmt:
		e.expr(s.X)
	case *ast.BlockStmt:
		e.stmts(s.List)
	case *ast.IfStmt:
		if s.Init != nil {
			e.stmt(s.Init)
		}
		e.ifElse(s.Cond, leaves(s.Body.List), func() { e.stmts(s.Body.List) }, func() bool {
			if s.Else == nil {
				return false
			}
			e.stmt(s.Else)
			return true
		})
	case *ast.ForStmt:
		e.forLoop(s, nil, true, func() { e.stmts(s.Body.List) })
	case *ast.RangeStmt:
		e.rangeLoop(s, nil, func() { e.stmts(s.Body.List) })
	case *ast.LabeledStmt:
		switch inner := s.Stmt.(type) {
		case *ast.ForStmt:
			e.forLoop(inner, s.Label, false, func() { e.stmts(inner.Body.List) })
		case *ast.RangeStmt:
			e.rangeLoop(inner, s.Label, func() { e.stmts(inner.Body.List) })
		default:
			e.refuse(s, "labels of statements other than loops have no GPU form yet")
		}
	case *ast.BranchStmt:
		e.branch(s)
	case *ast.ReturnStmt:
		e.returnStmt(s)
	case *ast.SwitchStmt:
		e.switchStmt(s)
	case *ast.EmptyStmt:
	default:
		e.refuse(s, "%T statements have no GPU form yet", s)
	}
}

func (e *emitter) stmts(list []ast.Stmt) {
	save := len(e.facts)
	for _, s := range list {
		e.stmt(s)
	}
	e.facts = e.facts[:save]
}

// assign writes =, := and op=. As Go does, it evaluates every right-hand
// side before it stores any.
func (e *emitter) assign(s *ast.AssignStmt) {
	if s.Tok != token.ASSIGN && s.Tok != token.DEFINE {
		op := compoundOp[s.Tok]
		v := e.arith(s, op, e.expr(s.Lhs[0]), e.expr(s.Rhs[0]))
		e.store(s.Lhs[0], v)
		return
	}
	vals := e.values(s.Rhs, len(s.Lhs))
	for i, l := range s.Lhs {
		if id, ok := l.(*ast.Ident); ok {
			if id.Name == "_" {
				continue
			}
			if obj := e.src.Info.Defs[id]; obj != nil && s.Tok == token.DEFINE {
				e.define(obj, vals[i])
				continue
			}
		}
		e.store(l, vals[i])
	}
}

var compoundOp = map[token.Token]token.Token{
	token.ADD_ASSIGN: token.ADD, token.SUB_ASSIGN: token.SUB, token.MUL_ASSIGN: token.MUL,
	token.QUO_ASSIGN: token.QUO, token.REM_ASSIGN: token.REM, token.AND_ASSIGN: token.AND,
	token.OR_ASSIGN: token.OR, token.XOR_ASSIGN: token.XOR, token.SHL_ASSIGN: token.SHL,
	token.SHR_ASSIGN: token.SHR, token.AND_NOT_ASSIGN: token.AND_NOT,
}

// decl writes var declarations: their zero values or initializers.
func (e *emitter) decl(s *ast.DeclStmt) {
	g, ok := s.Decl.(*ast.GenDecl)
	if !ok || g.Tok == token.IMPORT {
		e.refuse(s, "declaration has no GPU form")
	}
	if g.Tok != token.VAR {
		return // constants and types are the checker's
	}
	for _, spec := range g.Specs {
		vs := spec.(*ast.ValueSpec)
		var vals []*val
		if vs.Values != nil {
			vals = e.values(vs.Values, len(vs.Names))
		}
		for i, name := range vs.Names {
			obj := e.src.Info.Defs[name]
			if obj == nil {
				continue
			}
			if vals == nil {
				z := e.zero(name, e.subst(obj.Type()))
				if !e.bindMemory(name, obj, z) {
					e.vars[obj] = z
				}
				continue
			}
			e.define(obj, vals[i])
		}
	}
}

// define gives a new variable registers of its own holding v.
func (e *emitter) define(obj types.Object, v *val) {
	if e.bindMemory(nil, obj, e.value(v)) {
		return
	}
	if v.group != "" && e.reassigned[obj] {
		e.refuse(nil, "a group variable assigned again has no GPU form yet")
	}
	if !e.reassigned[obj] && !e.anyMutable(v) && v.tuple == nil && !v.thread {
		// Assigned once: the variable is the value's registers, and
		// what is known of them is known of it.
		nv := *v
		nv.t = e.subst(obj.Type())
		e.vars[obj] = &nv
		return
	}
	nv := e.fresh(nil, e.subst(obj.Type()), v.space)
	e.move(nil, nv, v)
	e.wrote(nv, v)
	e.vars[obj] = nv
}

// returnStmt writes a return: of the kernel's thread, or of a helper
// being inlined, whose results it sets before it leaves.
func (e *emitter) returnStmt(s *ast.ReturnStmt) {
	if len(e.inline) == 0 {
		e.line("ret;")
		return
	}
	fr := e.inline[len(e.inline)-1]
	vals := e.values(s.Results, len(fr.results))
	for i, v := range vals {
		e.move(s, fr.results[i], v)
	}
	e.line("bra.uni %s;", fr.end)
}

// forLoop writes a three-clause (or condition-only) for loop.
func (e *emitter) forLoop(s *ast.ForStmt, label *ast.Ident, unroll bool, body func()) {
	ind := e.induction(s)
	if s.Init != nil {
		e.stmt(s.Init)
	}
	if ind != nil {
		if v := e.vars[ind]; v != nil && v.reg != "" {
			e.inductions[v.reg] = true
			defer delete(e.inductions, v.reg)
		}
	}
	e.killMutable()
	if n, incl, step := e.unrollable(s, ind); n != nil && unroll {
		e.unroll(s, ind, n, incl, step, body)
		e.killMutable()
	}
	top, cont, brk := e.label(), e.label(), e.label()
	e.place(top)
	save := len(e.facts)
	if s.Cond != nil {
		p := e.cond(s.Cond)
		e.line("@!%s bra %s;", p, brk)
		for _, f := range e.condFacts(p, false) {
			e.push(f)
		}
	}
	e.loops = append(e.loops, loop{stmt: s, label: labelName(label), brk: brk, cont: cont, inlineDepthAtTop: len(e.inline)})
	body()
	e.loops = e.loops[:len(e.loops)-1]
	e.facts = e.facts[:save]
	e.place(cont)
	if s.Post != nil {
		e.stmt(s.Post)
	}
	e.line("bra.uni %s;", top)
	e.place(brk)
	// What the post statement's writes recorded holds for its values,
	// not for a variable that leaves the loop as it entered it.
	e.killMutable()
}

func labelName(l *ast.Ident) string {
	if l == nil {
		return ""
	}
	return l.Name
}

// rangeLoop writes a range over an integer or a slice: the operand is
// evaluated once, as Go does, and the key (and value) set each trip.
func (e *emitter) rangeLoop(s *ast.RangeStmt, label *ast.Ident, body func()) {
	x := e.expr(s.X)
	var n string
	switch u := x.t.Underlying().(type) {
	case *types.Slice:
		n = x.len
	case *types.Basic:
		if u.Info()&types.IsInteger == 0 {
			e.refuse(s, "range over %s has no GPU form", x.t)
		}
		n = e.convertReg(x.reg, e.scalarType(s.X), s64T)
	default:
		e.refuse(s, "range over %s has no GPU form yet", x.t)
	}
	i := e.reg(s64T)
	e.line("mov.s64 %s, 0;", i)
	e.mutable[i] = true
	e.killMutable()
	top, cont, brk := e.label(), e.label(), e.label()
	e.place(top)
	p := e.reg(predT)
	e.line("setp.ge.s64 %s, %s, %s;", p, i, n)
	e.line("@%s bra %s;", p, brk)
	if s.Key != nil {
		e.rangeVar(s, s.Key, &val{t: types.Typ[types.Int], reg: i})
	}
	// In the body 0 <= key < n, until the body writes the key.
	save := len(e.facts)
	defer func() { e.facts = e.facts[:save] }()
	if key := e.keyObj(s); key != nil {
		if kv := e.vars[key]; kv != nil && kv.reg != "" {
			if k, ok := e.width(n); ok {
				e.push(fact{kind: 'w', a: kv.reg, bits: k})
			}
			e.push(fact{kind: 'l', a: kv.reg, b: n})
		}
	}
	if s.Value != nil {
		e.rangeVar(s, s.Value, e.load(e.elemAddr(s, x, i), x.space, x.t.Underlying().(*types.Slice).Elem()))
	}
	e.loops = append(e.loops, loop{stmt: s, label: labelName(label), brk: brk, cont: cont, inlineDepthAtTop: len(e.inline)})
	body()
	e.loops = e.loops[:len(e.loops)-1]
	e.place(cont)
	e.line("add.s64 %s, %s, 1;", i, i)
	e.line("bra.uni %s;", top)
	e.place(brk)
}

// keyObj returns the variable a range loop's key defines or assigns.
func (e *emitter) keyObj(s *ast.RangeStmt) types.Object {
	id, ok := s.Key.(*ast.Ident)
	if !ok || id.Name == "_" {
		return nil
	}
	if o := e.src.Info.Defs[id]; o != nil {
		return o
	}
	return e.src.Info.Uses[id]
}

// identObj returns the variable x names, or nil.
func identObj(e *emitter, x ast.Expr) types.Object {
	if id, ok := ast.Unparen(x).(*ast.Ident); ok {
		return e.src.Info.Uses[id]
	}
	return nil
}

// rangeVar sets a range loop's key or value for the trip.
func (e *emitter) rangeVar(s *ast.RangeStmt, x ast.Expr, v *val) {
	id, ok := x.(*ast.Ident)
	if ok && id.Name == "_" {
		return
	}
	if ok && s.Tok == token.DEFINE {
		if obj := e.src.Info.Defs[id]; obj != nil {
			if old, ok := e.vars[obj]; ok && old.mem != "" {
				e.storeAt(old.mem, "local", old.t, v)
				return
			} else if ok {
				e.move(x, old, v)
				return
			}
			e.define(obj, v)
			return
		}
	}
	e.store(x, v)
}

// switchStmt writes a switch as the chain of ifs it means: the tag
// evaluated once, the cases tried in order, no fallthrough.
func (e *emitter) switchStmt(s *ast.SwitchStmt) {
	if s.Init != nil {
		e.stmt(s.Init)
	}
	var tag *val
	if s.Tag != nil {
		tag = e.copyVal(e.expr(s.Tag))
	}
	end := e.label()
	var deflt *ast.CaseClause
	e.loops = append(e.loops, loop{stmt: s, brk: end, inlineDepthAtTop: len(e.inline), isSwitch: true})
	for _, c := range s.Body.List {
		cc := c.(*ast.CaseClause)
		if cc.List == nil {
			deflt = cc
			continue
		}
		next := e.label()
		p := e.reg(predT)
		e.line("setp.ne.u32 %s, 0, 0;", p)
		for _, x := range cc.List {
			var q string
			if tag == nil {
				q = e.cond(x)
			} else {
				q = e.equal(x, tag, e.expr(x))
			}
			e.line("or.pred %s, %s, %s;", p, p, q)
		}
		e.line("@!%s bra %s;", p, next)
		e.clause(cc)
		e.line("bra.uni %s;", end)
		e.place(next)
	}
	if deflt != nil {
		e.clause(deflt)
	}
	e.loops = e.loops[:len(e.loops)-1]
	e.place(end)
}

func (e *emitter) clause(cc *ast.CaseClause) {
	save := len(e.facts)
	defer func() { e.facts = e.facts[:save] }()
	for _, st := range cc.Body {
		if b, ok := st.(*ast.BranchStmt); ok && b.Tok == token.FALLTHROUGH {
			e.refuse(b, "fallthrough has no GPU form yet")
		}
		e.stmt(st)
	}
}

// values evaluates the right-hand sides of an assignment of n values:
// one call's results, or each expression's value in registers of its
// own, so that no assignment changes what a later one reads.
func (e *emitter) values(xs []ast.Expr, n int) []*val {
	if len(xs) == 1 && n > 1 {
		return e.expr(xs[0]).tuple
	}
	if len(xs) == 1 {
		return []*val{e.expr(xs[0])}
	}
	var vals []*val
	for _, x := range xs {
		vals = append(vals, e.copyVal(e.expr(x)))
	}
	return vals
}

// leaves reports whether a branch's statements end by leaving it: a
// return, break, continue or panic.
func leaves(list []ast.Stmt) bool {
	if len(list) == 0 {
		return false
	}
	switch last := list[len(list)-1].(type) {
	case *ast.ReturnStmt:
		return true
	case *ast.BranchStmt:
		return last.Tok == token.BREAK || last.Tok == token.CONTINUE
	case *ast.ExprStmt:
		if c, ok := last.X.(*ast.CallExpr); ok {
			if id, ok := c.Fun.(*ast.Ident); ok && id.Name == "panic" {
				return true
			}
		}
	}
	return false
}

// anyMutable reports whether any of v's registers is written more than
// once.
func (e *emitter) anyMutable(v *val) bool {
	if e.mutable[v.reg] || e.mutable[v.ptr] || e.mutable[v.len] {
		return true
	}
	for _, el := range v.elems {
		if e.anyMutable(el) {
			return true
		}
	}
	return false
}
