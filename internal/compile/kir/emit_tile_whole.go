package kir

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// wholeTileRows opens, for walk t whose outer loop is s, the check that every
// row copies whole and in range (tile_whole.go) and the loop copying the
// rows one after another, then the else branch the walk's own rows go
// in; close ends it.
//
// The offsets' values at the first row, the next and the last give their
// least and greatest values over the rows (compiled.Span); those bound
// the copies (compiled.RowsFit) and each clamp's argument, which must be
// in range on every row for the clamp to leave it alone.
func (e *emitter) wholeTileRows(t *TileNest, s *Stride, at token.Pos) (close string) {
	c, w := t.Copy, t.Copy.Whole
	printf := func(format string, args ...any) { // each line at the walk's
		for _, line := range strings.SplitAfter(fmt.Sprintf(format, args...), "\n") {
			if line != "" {
				e.line(at)
				e.printf("%s", line)
			}
		}
	}
	key := s.Key
	first, last := e.f.Names.Fresh("w0"), e.f.Names.Fresh("wn")
	printf("{\n%s, %s := %s, (%s)-1\n", first, last, e.offText(t.OffY), e.plain(s.Limit))
	var conds []string
	span := func(x ast.Expr, inner *types.Var) (v0, v1, lo, hi string) {
		v0, v1, vn := e.f.Names.Fresh("v0"), e.f.Names.Fresh("v1"), e.f.Names.Fresh("vn")
		lo, hi, ok := e.f.Names.Fresh("vlo"), e.f.Names.Fresh("vhi"), e.f.Names.Fresh("vok")
		printf("%s, %s, %s := %s, %s, %s\n", v0, v1, vn,
			e.atRow(x, w, key, inner, first, 0), e.atRow(x, w, key, inner, first, 1), e.atRow(x, w, key, inner, last, 0))
		printf("%s, %s, %s := %s.Span(%s, %s, %s, %s, %s)\n", lo, hi, ok, e.f.Src.Compiled, first, last, v0, v1, vn)
		conds = append(conds, ok)
		return v0, v1, lo, hi
	}
	p0, p1, plo, phi := span(c.P, c.Key)
	i0, i1, ilo, ihi := "0", "0", "0", "0"
	if w.Index != nil {
		i0, i1, ilo, ihi = span(w.Index, nil)
	}
	for _, cl := range w.Clamps {
		_, _, lo, hi := span(cl.Arg, nil)
		conds = append(conds, "0 <= "+lo, hi+" < ("+e.plain(cl.N)+")")
	}
	from, to := e.offText(t.OffX), "("+e.plain(t.InnerStride.Limit)+")"
	q, n, clamped := e.keyOffset(c.Q, c.Key), "0", "false"
	if c.N != nil {
		n, clamped = "("+e.plain(c.N)+")", "true"
	}
	dst, src := e.plain(c.Dst), e.plain(w.Slice)
	conds = append(conds,
		e.f.Src.Compiled+".RowsFit("+strings.Join([]string{from, to, q, n, plo, phi, ilo, ihi, "len(" + dst + ")", "len(" + src + ")", clamped}, ", ")+")",
		e.f.Src.Compiled+".Disjoint("+dst+", "+src+")")
	printf("if %s {\n", strings.Join(conds, " && "))
	ky, p := e.keyName(key), e.f.Names.Fresh("p")
	vars, starts, steps := []string{ky, p}, []string{first, p0}, []string{ky + "+1", p + "+(" + p1 + "-" + p0 + ")"}
	row := q
	if w.Index != nil { // the row's offset in src, stepped as the tile's
		i := e.f.Names.Fresh("i")
		vars, starts, steps = append(vars, i), append(starts, i0), append(steps, i+"+("+i1+"-"+i0+")")
		row = i + "+" + q
	}
	printf("for %s := %s; %s <= %s; %s = %s {\n", strings.Join(vars, ", "), strings.Join(starts, ", "), ky, last,
		strings.Join(vars, ", "), strings.Join(steps, ", "))
	printf("copy(%s[%s+%s:%s+%s], %s[%s+%s:%s+%s])\n}\n", dst, p, from, p, to, src, row, from, row, to)
	y := "(" + last + " - " + e.offText(t.OffY) + ")"
	bdx, bdy := e.use("bdx"), e.use("bdy")
	printf("%s.Thread = %s%%%s*%s + (%s-1-%s)%%%s\n", e.use("pos"), y, bdy, bdx, to, from, bdx)
	printf("} else {\n")
	return "}\n}\n"
}

// atRow writes x, an offset of a whole-tile walk (tile_whole.go), at the
// row whose key is row plus add: the key replaced, the prefix's
// definitions substituted, and inner (the inner loop's key, or nil) as 0.
func (e *emitter) atRow(x ast.Expr, w *WholeTile, key, inner *types.Var, row string, add int64) string {
	var at ast.Expr = ast.NewIdent(row)
	if add != 0 {
		at = &ast.BinaryExpr{X: at, Op: token.ADD, Y: intLit(add)}
	}
	c := &cloner{pos: e.pos}
	c.subst = func(n ast.Node) (ast.Node, bool) {
		if id, ok := n.(*ast.Ident); ok {
			v, _ := e.f.Src.Info.Uses[id].(*types.Var)
			switch {
			case v == nil:
			case v == key:
				return &ast.ParenExpr{X: at}, true
			case v == inner:
				return intLit(0), true
			case w.Defs[v] != nil:
				return &ast.ParenExpr{X: c.node(w.Defs[v]).(ast.Expr)}, true
			}
		}
		return e.subst(c, n)
	}
	var b bytes.Buffer
	if err := plainPrinter.Fprint(&b, token.NewFileSet(), c.node(x)); err != nil { // on one line
		panic(err) // printing a well-formed tree does not fail
	}
	return "(" + b.String() + ")"
}
