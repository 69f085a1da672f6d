package ptx

import (
	"go/ast"
	"go/token"
	"go/types"
	"maps"
	"math/bits"
	"strconv"
	"strings"
)

// expr evaluates x.
func (e *emitter) expr(x ast.Expr) *val {
	if tv, ok := e.src.Info.Types[x]; ok && tv.Value != nil {
		return e.constVal(x, e.typeOf(x), tv.Value)
	}
	if e.src.Info.Types[x].IsNil() {
		return &val{t: e.typeOf(x), ptr: "0", len: "0", space: "global"}
	}
	switch x := x.(type) {
	case *ast.ParenExpr:
		return e.expr(x.X)
	case *ast.Ident:
		v, ok := e.vars[e.object(x)]
		if !ok {
			e.refuse(x, "%s is not a variable of the kernel (package variables have no GPU form)", x.Name)
		}
		return e.value(v)
	case *ast.BinaryExpr:
		return e.binary(x)
	case *ast.UnaryExpr:
		return e.unary(x)
	case *ast.StarExpr, *ast.IndexExpr:
		if a, ok := e.addr(x); ok {
			return e.load(a.addr, a.space, e.typeOf(x))
		}
		return e.registerIndex(x)
	case *ast.SliceExpr:
		return e.slice(x)
	case *ast.SelectorExpr:
		return e.selector(x)
	case *ast.CallExpr:
		if r, ok := e.results[x]; ok {
			return r
		}
		return e.call(x)
	case *ast.CompositeLit:
		return e.composite(x)
	}
	e.refuse(x, "%s has no GPU form yet", exprString(x))
	return nil
}

// registerIndex is an element of an array held in registers, at a
// constant index.
func (e *emitter) registerIndex(x ast.Expr) *val {
	ix, ok := x.(*ast.IndexExpr)
	if !ok {
		e.refuse(x, "%s has no GPU form yet", exprString(x))
	}
	base := e.expr(ix.X)
	tv := e.src.Info.Types[ix.Index]
	if base.elems == nil || tv.Value == nil {
		e.refuse(x, "%s: a local array indexed at run time has no GPU form yet", exprString(x))
	}
	i, _ := constantInt(tv)
	return base.elems[i]
}

// binary evaluates a binary expression.
func (e *emitter) binary(x *ast.BinaryExpr) *val {
	switch x.Op {
	case token.LAND, token.LOR:
		return &val{t: e.typeOf(x), reg: e.cond(x)}
	case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
		return &val{t: e.typeOf(x), reg: e.compare(x)}
	case token.SHL, token.SHR:
		return e.shift(x, x.Op, e.expr(x.X), e.expr(x.Y), x.Y)
	}
	return e.arith(x, x.Op, e.expr(x.X), e.expr(x.Y))
}

// arith writes a arithmetic op b, both of a's type, as Go computes it:
// floats rounded once per operation (the .rn forms, which ptxas never
// contracts into an fma), integers wrapping at their width, integer
// division failing on zero.
func (e *emitter) arith(n ast.Node, op token.Token, a, b *val) *val {
	if op == token.SHL || op == token.SHR {
		return e.shift(n, op, a, b, nil)
	}
	s, ok := scalarOf(a.t)
	if !ok || s.class == "pred" {
		e.refuse(n, "operator %s on %s has no GPU form", op, a.t)
	}
	x, y := e.inReg(a.reg, s), b.reg
	exact := !s.float() && op != token.QUO && op != token.REM
	key := op.String() + "." + s.op + "." + s.mem
	if exact {
		if r := e.numbered(key, x, y); r != "" {
			return &val{t: a.t, reg: r}
		}
	}
	d := e.reg(s)
	rn := ""
	if s.float() {
		rn = ".rn"
	}
	switch op {
	case token.ADD:
		e.line("add%s.%s %s, %s, %s;", rn, s.op, d, x, y)
	case token.SUB:
		e.line("sub%s.%s %s, %s, %s;", rn, s.op, d, x, y)
	case token.MUL:
		if s.float() {
			e.line("mul.rn.%s %s, %s, %s;", s.op, d, x, y)
		} else {
			e.line("mul.lo.%s %s, %s, %s;", s.op, d, x, y)
		}
	case token.QUO, token.REM:
		e.divide(n, op, s, d, x, y)
	case token.AND:
		e.line("and.%s %s, %s, %s;", s.bitOp(), d, x, y)
	case token.OR:
		e.line("or.%s %s, %s, %s;", s.bitOp(), d, x, y)
	case token.XOR:
		e.line("xor.%s %s, %s, %s;", s.bitOp(), d, x, y)
	case token.AND_NOT:
		ny := e.reg(s)
		e.line("not.%s %s, %s;", s.bitOp(), ny, e.inReg(y, s))
		e.line("and.%s %s, %s, %s;", s.bitOp(), d, x, ny)
	default:
		e.refuse(n, "operator %s has no GPU form", op)
	}
	e.narrow(s, d)
	if !s.float() {
		if exact {
			e.number(key, x, y, d)
		}
		e.arithWidth(op, d, x, y)
	}
	return &val{t: a.t, reg: d}
}

// divide writes x/y or x%y. Go fails integer division by zero, and
// defines the most negative number divided by -1 as itself (remainder 0)
// where PTX leaves it unspecified.
func (e *emitter) divide(n ast.Node, op token.Token, s scalar, d, x, y string) {
	if s.float() {
		if op == token.REM {
			e.refuse(n, "%% on floats has no GPU form")
		}
		e.line("div.rn.%s %s, %s, %s;", s.op, d, x, y)
		return
	}
	name := "div"
	if op == token.REM {
		name = "rem"
	}
	if immediate(y) {
		if y == "0" {
			e.refuse(n, "division by constant zero")
		}
		if c, err := strconv.ParseInt(y, 10, 64); err == nil && c > 0 && c&(c-1) == 0 {
			if _, ok := e.width(x); ok || !s.signed() {
				// A non-negative dividend: a power of two divides as a shift.
				if op == token.QUO {
					e.line("shr.%s %s, %s, %d;", map[bool]string{true: "u64", false: "u32"}[s.wide()], d, x, bits.TrailingZeros64(uint64(c)))
				} else {
					e.line("and.%s %s, %s, %d;", s.bitOp(), d, x, c-1)
				}
				return
			}
		}
		if y == "-1" && s.signed() {
			if op == token.REM {
				e.line("mov.%s %s, 0;", movType(s), d)
			} else {
				e.line("neg.%s %s, %s;", negOp(s), d, x)
			}
			return
		}
		e.line("%s.%s %s, %s, %s;", name, s.op, d, x, y)
		return
	}
	p := e.reg(predT)
	e.line("setp.eq.%s %s, %s, 0;", s.op, p, y)
	e.check(p, n, FaultDivide, "", "")
	e.line("%s.%s %s, %s, %s;", name, s.op, d, x, y)
	if s.signed() {
		m1, alt := e.reg(predT), e.reg(s)
		e.line("setp.eq.%s %s, %s, -1;", s.op, m1, y)
		if op == token.REM {
			e.line("mov.%s %s, 0;", movType(s), alt)
		} else {
			e.line("neg.%s %s, %s;", negOp(s), alt, x)
		}
		e.line("selp.%s %s, %s, %s, %s;", movType(s), d, alt, d, m1)
	}
}

// shift writes a << b or a >> b as Go defines them: a count past the
// width gives 0 (or the sign, for >> of a signed value), which PTX's
// clamping of counts gives too; a negative count fails.
func (e *emitter) shift(n ast.Node, op token.Token, a, b *val, count ast.Expr) *val {
	s, _ := scalarOf(a.t)
	cs, _ := scalarOf(b.t)
	c := b.reg
	if !immediate(c) {
		if cs.signed() {
			p := e.reg(predT)
			e.line("setp.lt.%s %s, %s, 0;", cs.op, p, c)
			e.check(p, n, FaultShift, "", "")
		}
		if cs.wide() {
			m, c32 := e.reg(u64T), e.reg(u32T)
			e.line("min.u64 %s, %s, 64;", m, c)
			e.line("cvt.u32.u64 %s, %s;", c32, m)
			c = c32
		}
	}
	d := e.reg(s)
	x := e.inReg(a.reg, s)
	switch {
	case op == token.SHL:
		e.line("shl.%s %s, %s, %s;", s.bitOp(), d, x, c)
	case s.signed():
		e.line("shr.%s %s, %s, %s;", s.op, d, x, c)
	default:
		e.line("shr.%s %s, %s, %s;", s.op, d, x, c)
	}
	e.narrow(s, d)
	return &val{t: a.t, reg: d}
}

// compare writes a comparison into a predicate. Floats compare as Go
// does: every comparison with NaN is false but !=, which is true.
func (e *emitter) compare(x *ast.BinaryExpr) string {
	if p, ok := e.nilCompare(x); ok {
		return p
	}
	a, b := e.expr(x.X), e.expr(x.Y)
	return e.compareVals(x, x.Op, a, b)
}

// equal compares tag and v for a switch's case.
func (e *emitter) equal(n ast.Expr, tag, v *val) string {
	return e.compareVals(n, token.EQL, tag, v)
}

// nilCompare writes s == nil and s != nil for a slice or pointer, which
// is nil where its address is 0.
func (e *emitter) nilCompare(x *ast.BinaryExpr) (string, bool) {
	isNil := func(y ast.Expr) bool { return e.src.Info.Types[y].IsNil() }
	var other ast.Expr
	switch {
	case isNil(x.Y):
		other = x.X
	case isNil(x.X):
		other = x.Y
	default:
		return "", false
	}
	v := e.expr(other)
	p := e.reg(predT)
	op := "eq"
	if x.Op == token.NEQ {
		op = "ne"
	}
	e.line("setp.%s.u64 %s, %s, 0;", op, p, v.ptr)
	return p, true
}

// compareVals writes a op b into a predicate.
func (e *emitter) compareVals(x ast.Node, op token.Token, a, b *val) string {
	s, ok := scalarOf(a.t)
	if !ok {
		e.refuse(x, "comparison of %s has no GPU form yet", a.t)
	}
	p := e.reg(predT)
	if s.class == "pred" {
		// a == b is !(a xor b).
		q := e.reg(predT)
		e.line("xor.pred %s, %s, %s;", q, a.reg, b.reg)
		if op == token.EQL {
			e.line("not.pred %s, %s;", p, q)
			return p
		}
		return q
	}
	cmp := map[token.Token]string{token.EQL: "eq", token.NEQ: "ne", token.LSS: "lt", token.LEQ: "le", token.GTR: "gt", token.GEQ: "ge"}[op]
	if s.float() && op == token.NEQ {
		cmp = "neu"
	}
	ar := e.inReg(a.reg, s)
	e.line("setp.%s.%s %s, %s, %s;", cmp, s.op, p, ar, b.reg)
	if s.signed() {
		e.comparisons[p] = comparison{op: op, a: ar, b: b.reg}
	}
	return p
}

// cond evaluates boolean x into a predicate, && and || evaluating their
// right operand only where Go would.
func (e *emitter) cond(x ast.Expr) string {
	x = ast.Unparen(x)
	if b, ok := x.(*ast.BinaryExpr); ok && (b.Op == token.LAND || b.Op == token.LOR) {
		p := e.reg(predT)
		l := e.cond(b.X)
		e.line("mov.pred %s, %s;", p, l)
		skip := e.label()
		if b.Op == token.LAND {
			e.line("@!%s bra %s;", p, skip)
		} else {
			e.line("@%s bra %s;", p, skip)
		}
		save := len(e.facts)
		r := e.cond(b.Y)
		e.facts = e.facts[:save] // the right operand ran only sometimes
		e.line("mov.pred %s, %s;", p, r)
		both := maps.Clone(e.numbers)
		e.place(skip)
		if b.Op == token.LAND {
			e.conjuncts[p] = []string{l, r}
			e.condNumbers[p] = both
		}
		return p
	}
	v := e.expr(x)
	if s, ok := scalarOf(v.t); !ok || s.class != "pred" {
		e.refuse(x, "%s is not a bool", exprString(x))
	}
	return v.reg
}

// unary evaluates -x, ^x, !x, +x and &x.
func (e *emitter) unary(x *ast.UnaryExpr) *val {
	if x.Op == token.AND {
		a, ok := e.addr(x.X)
		if !ok {
			e.refuse(x, "the address of %s has no GPU form (only of elements in memory)", exprString(x.X))
		}
		v := &val{t: e.typeOf(x), ptr: e.reg(u64T), space: a.space}
		e.line("mov.u64 %s, %s;", v.ptr, a.addr)
		e.nonNil[v.ptr] = true
		return v
	}
	v := e.expr(x.X)
	s, _ := scalarOf(v.t)
	switch x.Op {
	case token.ADD:
		return v
	case token.NOT:
		p := e.reg(predT)
		e.line("not.pred %s, %s;", p, v.reg)
		return &val{t: v.t, reg: p}
	case token.SUB:
		d := e.reg(s)
		e.line("neg.%s %s, %s;", negOp(s), d, e.inReg(v.reg, s))
		e.narrow(s, d)
		return &val{t: v.t, reg: d}
	case token.XOR:
		d := e.reg(s)
		e.line("not.%s %s, %s;", s.bitOp(), d, e.inReg(v.reg, s))
		e.narrow(s, d)
		return &val{t: v.t, reg: d}
	}
	e.refuse(x, "operator %s has no GPU form", x.Op)
	return nil
}

// selector evaluates the thread's index fields (t.ThreadIdx.X...).
func (e *emitter) selector(x *ast.SelectorExpr) *val {
	if inner, ok := x.X.(*ast.SelectorExpr); ok {
		if v, ok := e.vars[e.src.Info.Uses[identOf(inner.X)]]; ok && v.thread {
			sreg, ok := threadFields[inner.Sel.Name]
			dim := map[string]string{"X": "x", "Y": "y", "Z": "z"}[x.Sel.Name]
			if ok && dim != "" {
				return e.special(x, sreg+"."+dim)
			}
		}
	}
	if sel := e.src.Info.Selections[x]; sel != nil && sel.Kind() == types.FieldVal {
		if a, ok := e.addr(x); ok {
			return e.load(a.addr, a.space, e.typeOf(x))
		}
		return e.registerField(x)
	}
	e.refuse(x, "%s has no GPU form yet", exprString(x))
	return nil
}

// registerField is a field of a struct held in registers.
func (e *emitter) registerField(x *ast.SelectorExpr) *val {
	sel := e.src.Info.Selections[x]
	v := e.expr(x.X)
	for _, i := range sel.Index() {
		if v.elems == nil || i >= len(v.elems) {
			e.refuse(x, "%s has no GPU form yet", exprString(x))
		}
		v = v.elems[i]
	}
	return v
}

// threadFields are the thread's fields and their special registers.
var threadFields = map[string]string{"ThreadIdx": "%tid", "BlockIdx": "%ctaid", "BlockDim": "%ntid", "GridDim": "%nctaid"}

// special reads 32-bit special register r as x's type (int).
func (e *emitter) special(x ast.Expr, r string) *val {
	u := e.reg(u32T)
	e.line("mov.u32 %s, %s;", u, r)
	k := 32
	if strings.HasPrefix(r, "%tid") || strings.HasPrefix(r, "%ntid") {
		k = 11
	}
	e.setWidth(u, k)
	t := e.typeOf(x)
	return &val{t: t, reg: e.convertReg(u, u32T, e.scalarType(x))}
}

func identOf(x ast.Expr) *ast.Ident {
	id, _ := ast.Unparen(x).(*ast.Ident)
	return id
}
