package kir

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"
)

// Index facts: the passes that bound, rebase or step a thread loop ask
// what an int expression is in terms of the thread's index along the
// lane axis, not what it looks like. linearOf reads an expression as a
// sum of terms c·u₁·…·uₙ·[x]: c a constant, the u uniform values that
// cannot fail, x the thread's index at most once. Go's int arithmetic
// wraps, and +, -, × and << by a constant are a ring's operations modulo
// 2⁶⁴, so the sum equals the expression for every value, overflow
// included: tid+s, s+tid+1, 2*s*tid, (s*tid)<<1 and index := ...; index
// are one fact each, whichever way the source words them.

// A term is c·u₁·…·uₙ, times the thread's index where x is set.
type term struct {
	c  int64
	us []ast.Expr
	x  bool
}

// A linear is a sum of terms.
type linear []term

// maxTerms bounds a linear's terms: forms beyond it are no index a
// kernel writes, and products of sums grow.
const maxTerms = 8

// An indexReader reads int expressions as linears over one value x: the
// thread's index along an axis (linearOf), or a loop's counter (the
// jam's tests, jam_safe_guard.go). Each reader says what x is, which
// values a term may multiply and what an identifier may be read as.
type indexReader struct {
	f       *Func
	isX     func(ast.Expr) bool
	isU     func(ast.Expr) bool
	through func(ast.Expr) ast.Expr // nil where e is read as written
	// built admits the untyped sums passes build of int values (sumOf),
	// read as int.
	built bool
}

// linearOf returns e, an int expression, as a linear over the thread's
// index along axis, reading through remat variables and the variables of
// defs (a guard's definitions), or false where e is not one.
func (f *Func) linearOf(e ast.Expr, axis string, defs map[*types.Var]ast.Expr) (linear, bool) {
	r := indexReader{f: f,
		isX:     func(e ast.Expr) bool { return f.isThreadCoordOn(e, "ThreadIdx", axis) },
		isU:     f.safeUniform,
		through: func(e ast.Expr) ast.Expr { return f.readThrough(e, defs) },
	}
	return r.linear(e, 0)
}

// counterReader reads linears over loop counter k, whose terms multiply
// what isU admits.
func (f *Func) counterReader(k *types.Var, isU func(ast.Expr) bool) indexReader {
	return indexReader{f: f, isU: isU, isX: func(e ast.Expr) bool {
		id, ok := e.(*ast.Ident)
		return ok && f.Src.Info.ObjectOf(id) == k
	}}
}

func (r indexReader) linear(e ast.Expr, depth int) (linear, bool) {
	f := r.f
	e = ast.Unparen(e)
	if t := f.Src.Info.TypeOf(e); depth > 16 || !isIntType(t) && !(t == nil && r.built) {
		return nil, false
	}
	if c, ok := f.intConst(e); ok {
		return linear{{c: c}}, c > -1<<31 && c < 1<<31
	}
	if r.isX(e) {
		return linear{{c: 1, x: true}}, true
	}
	if r.through != nil {
		if d := r.through(e); d != nil {
			return r.linear(d, depth+1)
		}
	}
	switch e := e.(type) {
	case *ast.UnaryExpr:
		l, ok := r.linear(e.X, depth+1)
		if e.Op == token.SUB {
			return l.scaled(-1), ok
		}
		if e.Op == token.ADD {
			return l, ok
		}
	case *ast.BinaryExpr:
		if l, ok := r.binary(e, depth); ok {
			if factor, _ := l.split(); len(factor) > 0 || !r.isU(e) {
				return l, true
			}
		}
	}
	if r.isU(e) {
		return linear{{c: 1, us: []ast.Expr{e}}}, true
	}
	return nil, false
}

// readThrough returns what identifier e stands for where the index facts
// may read through it: a variable of defs, or a remat variable's
// definition; nil elsewhere.
func (f *Func) readThrough(e ast.Expr, defs map[*types.Var]ast.Expr) ast.Expr {
	id, ok := e.(*ast.Ident)
	if !ok {
		return nil
	}
	if v, _ := f.Src.Info.Uses[id].(*types.Var); v != nil {
		if d, found := defs[v]; found {
			return d
		}
	}
	if v := f.varOf(e); v != nil && v.Class == Remat {
		if d := defExpr(v); d != nil && d != e {
			return d
		}
	}
	return nil
}

// resolved returns e, unparenthesized, read through remat definitions
// (readThrough) as far as they go: lane for lane := tid % 32.
func (f *Func) resolved(e ast.Expr) ast.Expr {
	e = ast.Unparen(e)
	for range 16 {
		d := f.readThrough(e, nil)
		if d == nil {
			break
		}
		e = ast.Unparen(d)
	}
	return e
}

// residue returns m where e is x%m, or x&m with mask set, x the thread's
// index along the lane axis by its index facts, through defs and remat
// definitions (tid%(2*s), lane for lane := tid & 31); false elsewhere.
func (f *Func) residue(e ast.Expr, defs map[*types.Var]ast.Expr) (m ast.Expr, mask, ok bool) {
	if d := f.readThrough(ast.Unparen(e), defs); d != nil {
		e = d
	}
	b, isBinary := f.resolved(e).(*ast.BinaryExpr)
	if !isBinary || b.Op != token.REM && b.Op != token.AND {
		return nil, false, false
	}
	if _, off, kc, isX := f.threadAffine(b.X, f.laneAxis(), defs); !isX || kc != 1 || off != nil {
		return nil, false, false
	}
	return b.Y, b.Op == token.AND, true
}

// binary is linear of a sum, difference, product or shift.
func (r indexReader) binary(e *ast.BinaryExpr, depth int) (linear, bool) {
	switch e.Op {
	case token.ADD, token.SUB, token.MUL, token.SHL:
	default:
		return nil, false
	}
	a, ok := r.linear(e.X, depth+1)
	if !ok {
		return nil, false
	}
	if e.Op == token.SHL {
		k, ok := r.f.intConst(e.Y)
		if !ok || k < 0 || k >= 31 {
			return nil, false
		}
		return a.scaled(1 << k), true
	}
	b, ok := r.linear(e.Y, depth+1)
	if !ok {
		return nil, false
	}
	var out linear
	switch e.Op {
	case token.ADD:
		out = append(append(out, a...), b...)
	case token.SUB:
		out = append(append(out, a...), b.scaled(-1)...)
	case token.MUL:
		if out, ok = a.times(b); !ok {
			return nil, false
		}
	}
	return out, len(out) <= maxTerms
}

// scaled returns l times the constant k.
func (l linear) scaled(k int64) linear {
	out := make(linear, len(l))
	for i, t := range l {
		out[i] = term{c: t.c * k, us: t.us, x: t.x}
	}
	return out
}

// times returns the product of l and m, or false where both name the
// thread's index (no longer linear in it) or a constant grows past what
// every platform's int holds.
func (l linear) times(m linear) (linear, bool) {
	var out linear
	for _, a := range l {
		for _, b := range m {
			if a.x && b.x {
				return nil, false
			}
			c := a.c * b.c
			if c <= -1<<31 || c >= 1<<31 {
				return nil, false
			}
			out = append(out, term{c: c, us: append(append([]ast.Expr(nil), a.us...), b.us...), x: a.x || b.x})
		}
	}
	return out, true
}

// split returns the part of l that names the thread's index, divided by
// it (the factor), and the rest (the offset), like terms added up.
func (l linear) split() (factor, rest linear) {
	sums := map[string]int{} // a term's factors, to its index in merged
	var merged linear
	for _, t := range l {
		key := t.factors()
		if i, ok := sums[key]; ok {
			merged[i].c += t.c
			continue
		}
		sums[key] = len(merged)
		merged = append(merged, t)
	}
	for _, t := range merged {
		switch {
		case t.c == 0:
		case t.x:
			factor = append(factor, term{c: t.c, us: t.us})
		default:
			rest = append(rest, t)
		}
	}
	return factor, rest
}

// constant returns the value of l where it names no uniform value.
func (l linear) constant() (int64, bool) {
	var c int64
	for _, t := range l {
		if len(t.us) > 0 || t.x {
			return 0, false
		}
		c += t.c
	}
	return c, true
}

// threadAffine returns e as k·x + off, x the thread's index along axis:
// k and off uniform int expressions that cannot fail (off nil for none),
// kc k's value where it is a constant. Written expressions are kept where
// they are the terms (tid + off returns off itself); others are built
// and typed.
func (f *Func) threadAffine(e ast.Expr, axis string, defs map[*types.Var]ast.Expr) (k, off ast.Expr, kc int64, ok bool) {
	l, ok := f.linearOf(e, axis, defs)
	if !ok {
		return nil, nil, 0, false
	}
	factor, rest := l.split()
	if len(factor) == 0 {
		return nil, nil, 0, false
	}
	kc, isConst := factor.constant()
	if !isConst {
		kc = 0
	}
	if isConst && kc == 0 {
		return nil, nil, 0, false
	}
	return f.linearExpr(factor), f.writtenOffset(e, axis, rest), kc, true
}

// writtenOffset returns the offset rest of e as written where e is x +
// off or off + x, or built from its terms; nil for none.
func (f *Func) writtenOffset(e ast.Expr, axis string, rest linear) ast.Expr {
	if len(rest) == 0 {
		return nil
	}
	if b, ok := f.resolved(e).(*ast.BinaryExpr); ok && b.Op == token.ADD {
		for _, p := range [][2]ast.Expr{{b.X, b.Y}, {b.Y, b.X}} {
			if f.isThreadCoordOn(p[0], "ThreadIdx", axis) && f.safeUniform(p[1]) {
				return p[1]
			}
		}
	}
	return f.linearExpr(rest)
}

// linearExpr writes l as an int expression, typed in f's records.
func (f *Func) linearExpr(l linear) ast.Expr {
	var sum ast.Expr
	for _, t := range l {
		c := t.c
		if sum != nil && c < 0 {
			c = -c
		}
		var prod ast.Expr
		if c != 1 && c != -1 || len(t.us) == 0 {
			prod = f.intLit(c)
		}
		for _, u := range t.us {
			if _, sum := ast.Unparen(u).(*ast.BinaryExpr); sum && (prod != nil || len(t.us) > 1) {
				u = f.typedParen(ast.Unparen(u), u.Pos())
			}
			prod = f.intBinary(prod, token.MUL, u)
		}
		switch {
		case sum == nil && c == -1 && len(t.us) > 0:
			if _, product := prod.(*ast.BinaryExpr); product {
				prod = f.typedParen(prod, prod.Pos())
			}
			sum = &ast.UnaryExpr{Op: token.SUB, X: prod}
			f.Src.Info.Types[sum] = types.TypeAndValue{Type: types.Typ[types.Int]}
		case sum == nil:
			sum = prod
		case t.c < 0:
			sum = f.intBinary(sum, token.SUB, prod)
		default:
			sum = f.intBinary(sum, token.ADD, prod)
		}
	}
	return sum
}

// intLit returns the int constant c, typed.
func (f *Func) intLit(c int64) ast.Expr {
	var e ast.Expr = &ast.BasicLit{Kind: token.INT, Value: constant.MakeInt64(abs64(c)).ExactString()}
	f.Src.Info.Types[e] = types.TypeAndValue{Type: types.Typ[types.Int], Value: constant.MakeInt64(abs64(c))}
	if c < 0 {
		e = &ast.UnaryExpr{Op: token.SUB, X: e}
		f.Src.Info.Types[e] = types.TypeAndValue{Type: types.Typ[types.Int], Value: constant.MakeInt64(c)}
	}
	return e
}

// intBinary returns x op y, typed int; x nil is y alone.
func (f *Func) intBinary(x ast.Expr, op token.Token, y ast.Expr) ast.Expr {
	if x == nil {
		return y
	}
	b := &ast.BinaryExpr{X: x, Op: op, Y: y}
	f.Src.Info.Types[b] = types.TypeAndValue{Type: types.Typ[types.Int]}
	return b
}

func abs64(c int64) int64 {
	if c < 0 {
		return -c
	}
	return c
}

// isIntType reports whether t is int, or an untyped constant's type.
func isIntType(t types.Type) bool {
	b, ok := t.(*types.Basic)
	return ok && (b.Kind() == types.Int || b.Kind() == types.UntypedInt || b.Kind() == types.UntypedRune)
}

// factors returns t's uniform values, written, in a canonical order,
// and whether it names the thread's index: terms with the same factors
// are like terms.
func (t term) factors() string {
	us := make([]string, len(t.us))
	for i, u := range t.us {
		us[i] = types.ExprString(ast.Unparen(u))
	}
	slices.Sort(us)
	return fmt.Sprintf("%s·x%v", strings.Join(us, "·"), t.x)
}

// key returns l's terms, like terms added up, in a canonical order: two
// linears with the same key are the same value for every input.
func (l linear) key() string {
	factor, rest := l.split()
	var terms []string
	for _, t := range factor {
		t.x = true
		terms = append(terms, fmt.Sprintf("%d·%s", t.c, t.factors()))
	}
	for _, t := range rest {
		terms = append(terms, fmt.Sprintf("%d·%s", t.c, t.factors()))
	}
	slices.Sort(terms)
	return strings.Join(terms, " + ")
}

// minus returns l - m.
func (l linear) minus(m linear) linear {
	return append(append(linear(nil), l...), m.scaled(-1)...)
}
