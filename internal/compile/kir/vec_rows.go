package kir

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strconv"
)

// A vector step's loads of one slice at one index plus different
// constants (a flat tile read down an unrolled loop, bs[q*16+tx] for q
// from 0 to 15, is bs[tx+16q]) are checked once, before the step's first
// touch of memory (vec_checks.go); Go would still check each again. Once
// the checks passed, the step slices the row they span once, with a
// length Go knows, and each load reads the row at a constant: Go proves
// those in range and checks nothing more.

// sliced notes the slice expression x[i:] that the translation of load e
// reads, for its row (sliceRows).
func (v *vectorizer) sliced(e ast.Node, at *ast.SliceExpr) {
	if n := len(v.accesses); n > 0 && v.accesses[n-1].node == e {
		v.accesses[n-1].at = at
	}
}

// rowGroup is the loads of one slice at one base index.
type rowGroup struct {
	x, base  ast.Expr
	lo, end  int64 // the least constant added to base, and the greatest plus its width
	accesses []*vaccess
	ks       []int64
	elems    bool  // some are reads of one element, for the step's checks to cover
	elemLo   int64 // the least and greatest constants of those
	elemHi   int64
}

// add adds a's load, at base plus k, of width elements.
func (g *rowGroup) add(a *vaccess, k, width int64) {
	if len(g.accesses) == 0 {
		g.lo, g.end = k, k+width
	}
	g.lo, g.end = min(g.lo, k), max(g.end, k+width)
	g.accesses, g.ks = append(g.accesses, a), append(g.ks, k)
	if a.elem != nil {
		if !g.elems {
			g.elemLo, g.elemHi = k, k
		}
		g.elems, g.elemLo, g.elemHi = true, min(g.elemLo, k), max(g.elemHi, k)
	}
}

// sliceRows writes, in the place after the step's checks, a row for each
// slice the step loads at one base index plus different constants, and
// has those loads read their row. Reads of one element join the checks.
func (v *vectorizer) sliceRows() {
	if v.rows == nil {
		return
	}
	var order []string
	groups := map[string]*rowGroup{}
	group := func(a *vaccess, width int64) {
		base, k, ok := v.splitConst(a.i, 0)
		if !ok || base == nil {
			return
		}
		key := types.ExprString(a.x) + " " + types.ExprString(base)
		g := groups[key]
		if g == nil {
			g = &rowGroup{x: a.x, base: base}
			groups[key] = g
			order = append(order, key)
		}
		g.add(a, k, width)
	}
	for i := range v.accesses {
		if a := &v.accesses[i]; a.at != nil && !a.int32 {
			group(a, int64(v.width()))
		}
	}
	placed := v.placedReads()
	for i := range v.elems {
		if a := &v.elems[i]; a.seq >= v.first && v.ready(a) && !placed[a.elem] {
			group(a, 1)
		}
	}
	for _, key := range order {
		if g := groups[key]; g.end-g.lo > int64(v.width()) || g.elems && g.elemHi > g.elemLo {
			v.sliceRow(g)
		}
	}
}

// placedReads returns the element reads that the expressions written
// where the checks are (the slices and indexes of the step's loads and
// reads) hold: a row defined after the checks cannot replace those.
func (v *vectorizer) placedReads() map[*ast.IndexExpr]bool {
	placed := map[*ast.IndexExpr]bool{}
	note := func(e ast.Expr) {
		if e == nil {
			return
		}
		ast.Inspect(e, func(n ast.Node) bool {
			if x, ok := n.(*ast.IndexExpr); ok {
				placed[x] = true
			}
			return true
		})
	}
	for _, list := range [][]vaccess{v.accesses, v.elems} {
		for _, a := range list {
			note(a.x)
			note(a.i)
		}
	}
	return placed
}

// ready reports whether a's index and slice can be read where the step's
// checks are: the variables they read are set before, and not after.
func (v *vectorizer) ready(a *vaccess) bool {
	for _, b := range a.binds {
		if b.seq >= v.first || b.assigns > 0 {
			return false
		}
	}
	return true
}

// sliceRow slices g's row after the step's checks, which it extends to
// g's reads of one element, and has its loads read the row.
func (v *vectorizer) sliceRow(g *rowGroup) {
	if g.elems { // base+elemLo < 0 || base+elemHi > len(x)-1
		lo := &ast.BinaryExpr{X: paren(plusConst(g.base, g.elemLo)), Op: token.LSS, Y: intLit(0)}
		hi := &ast.BinaryExpr{X: paren(plusConst(g.base, g.elemHi)), Op: token.GTR,
			Y: &ast.BinaryExpr{X: &ast.CallExpr{Fun: ast.NewIdent("len"), Args: []ast.Expr{g.x}}, Op: token.SUB, Y: intLit(1)}}
		v.check.Cond = &ast.BinaryExpr{X: v.check.Cond, Op: token.LOR, Y: &ast.BinaryExpr{X: lo, Op: token.LOR, Y: hi}}
	}
	name := v.temp("row")
	v.rows.Lhs = append(v.rows.Lhs, ast.NewIdent(name))
	v.rows.Rhs = append(v.rows.Rhs, &ast.SliceExpr{X: g.x, Low: plusConst(g.base, g.lo), High: plusConst(g.base, g.end)})
	for j, a := range g.accesses {
		if a.elem != nil {
			a.elem.X, a.elem.Index = ast.NewIdent(name), intLit(g.ks[j]-g.lo)
		} else {
			a.at.X, a.at.Low = ast.NewIdent(name), intLit(g.ks[j]-g.lo)
		}
	}
}

// plusConst returns base + k, written as base where k is 0.
func plusConst(base ast.Expr, k int64) ast.Expr {
	if k == 0 {
		return base
	}
	return &ast.BinaryExpr{X: paren(base), Op: token.ADD, Y: intLit(k)}
}

// maxRowConst bounds the constants splitConst adds up, far from
// overflowing.
const maxRowConst = 1 << 30

// splitConst returns i as base + k, k the constant terms of its sums
// (literals, named constants, an unrolled loop's compiled.Trip(k) and
// products of them), base the rest (nil for none), or false where the
// constants grow past maxRowConst.
func (v *vectorizer) splitConst(i ast.Expr, depth int) (base ast.Expr, k int64, ok bool) {
	if depth > 16 {
		return i, 0, true
	}
	if c, isConst := v.constOf(i); isConst {
		return nil, c, abs64(c) < maxRowConst
	}
	b, isBin := ast.Unparen(i).(*ast.BinaryExpr)
	if !isBin || b.Op != token.ADD && b.Op != token.SUB {
		return i, 0, true
	}
	xb, xk, ok1 := v.splitConst(b.X, depth+1)
	yb, yk, ok2 := v.splitConst(b.Y, depth+1)
	if !ok1 || !ok2 {
		return nil, 0, false
	}
	if b.Op == token.SUB {
		yk = -yk
	}
	switch {
	case yb == nil:
		base = xb
	case xb == nil && b.Op == token.ADD:
		base = yb
	case xb == nil:
		base = &ast.BinaryExpr{X: intLit(0), Op: token.SUB, Y: paren(yb)}
	default:
		base = &ast.BinaryExpr{X: paren(xb), Op: b.Op, Y: paren(yb)}
	}
	k = xk + yk
	return base, k, abs64(k) < maxRowConst
}

// constOf returns the value of i where it is an int constant: a literal,
// a named constant, compiled.Trip(k), or a product or sum of them.
func (v *vectorizer) constOf(i ast.Expr) (int64, bool) {
	switch e := ast.Unparen(i).(type) {
	case *ast.BasicLit:
		if e.Kind != token.INT {
			return 0, false
		}
		c, err := strconv.ParseInt(e.Value, 0, 64)
		return c, err == nil && abs64(c) < maxRowConst
	case *ast.CallExpr:
		sel, ok := e.Fun.(*ast.SelectorExpr)
		if !ok || sel.Sel.Name != "Trip" || types.ExprString(sel.X) != v.compiledPkg() || len(e.Args) != 1 {
			return 0, false
		}
		return v.constOf(e.Args[0])
	case *ast.BinaryExpr:
		x, ok1 := v.constOf(e.X)
		y, ok2 := v.constOf(e.Y)
		if !ok1 || !ok2 {
			return 0, false
		}
		var c int64
		switch e.Op {
		case token.ADD:
			c = x + y
		case token.SUB:
			c = x - y
		case token.MUL:
			c = x * y
		default:
			return 0, false
		}
		return c, abs64(c) < maxRowConst
	case *ast.Ident, *ast.SelectorExpr:
		tv, ok := v.f.Src.Info.Types[e]
		if !ok {
			tv.Value = v.packageConst(e)
		}
		if tv.Value == nil || tv.Value.Kind() != constant.Int {
			return 0, false
		}
		c, exact := constant.Int64Val(tv.Value)
		return c, exact && abs64(c) < maxRowConst
	}
	return 0, false
}

// packageConst returns the value of e, an identifier the emitter copied
// (which the type information does not know), where it names a constant
// of the kernel's package that no variable of the kernel's shadows, or
// nil.
func (v *vectorizer) packageConst(e ast.Expr) constant.Value {
	id, ok := e.(*ast.Ident)
	if !ok {
		return nil
	}
	c, ok := v.f.Src.Pkg.Scope().Lookup(id.Name).(*types.Const)
	if !ok {
		return nil
	}
	for _, kv := range v.f.Vars {
		if kv.Name == id.Name || kv.Obj.Name() == id.Name {
			return nil
		}
	}
	return c.Val()
}
