package kir

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// wholeTileRows opens, for walk t whose outer loop is s, the check that every
// row copies whole and in range (tile_whole.go) and the loop copying the
// rows one after another, then the else branch the walk's own rows go
// in; close ends it. Every line is written at at, the walk's.
func (e *emitter) wholeTileRows(t *TileNest, s *Stride, at token.Pos) (close string) {
	printf := func(format string, args ...any) {
		for _, line := range strings.SplitAfter(fmt.Sprintf(format, args...), "\n") {
			if line != "" {
				e.line(at)
				e.printf("%s", line)
			}
		}
	}
	r := e.wholeTileCheck(t, s, printf)
	c, w := t.Copy, t.Copy.Whole
	from, to := e.offText(t.OffX), "("+e.plain(t.InnerStride.Limit)+")"
	dst, src, q := e.plain(c.Dst), e.plain(w.Slice), r.q
	ky, p := e.keyName(s.Key), e.f.Names.Fresh("p")
	vars, starts, steps := []string{ky, p}, []string{r.first, r.p0}, []string{ky + "+1", p + "+(" + r.p1 + "-" + r.p0 + ")"}
	row := q
	if w.Index != nil { // the row's offset in src, stepped as the tile's
		i := e.f.Names.Fresh("i")
		vars, starts, steps = append(vars, i), append(starts, r.i0), append(steps, i+"+("+r.i1+"-"+r.i0+")")
		row = i + "+" + q
	}
	printf("for %s := %s; %s <= %s; %s = %s {\n", strings.Join(vars, ", "), strings.Join(starts, ", "), ky, r.last,
		strings.Join(vars, ", "), strings.Join(steps, ", "))
	printf("copy(%s[%s+%s:%s+%s], %s[%s+%s:%s+%s])\n}\n", dst, p, from, p, to, src, row, from, row, to)
	y := "(" + r.last + " - " + e.offText(t.OffY) + ")" // the last element's thread, as the rows leave it
	bdx, bdy := e.use("bdx"), e.use("bdy")
	printf("%s.Thread = %s%%%s*%s + (%s-1-%s)%%%s\n", e.use("pos"), y, bdy, bdx, to, from, bdx)
	printf("} else {\n")
	return "}\n}\n"
}

// wholeRows names what wholeTileCheck writes: the first row's key and
// the last's, the tile's and the source's row offsets at the first row
// and the next, and the copy's offset in the row.
type wholeRows struct{ first, last, p0, p1, i0, i1, q string }

// wholeTileCheck writes the offsets' values at the first row, the next
// and the last, which give their least and greatest values over the
// rows (compiled.Span); those bound the copies (compiled.RowsFit) and
// each clamp's argument, which must be in range on every row for the
// clamp to leave it alone. It opens the if of the check.
func (e *emitter) wholeTileCheck(t *TileNest, s *Stride, printf func(string, ...any)) wholeRows {
	c, w := t.Copy, t.Copy.Whole
	r := wholeRows{first: e.f.Names.Fresh("w0"), last: e.f.Names.Fresh("wn"), i0: "0", i1: "0", q: e.keyOffset(c.Q, c.Key)}
	printf("{\n%s, %s := %s, (%s)-1\n", r.first, r.last, e.offText(t.OffY), e.plain(s.Limit))
	var conds []string
	span := func(x ast.Expr, inner *types.Var) (v0, v1, lo, hi string) {
		v0, v1, vn := e.f.Names.Fresh("v0"), e.f.Names.Fresh("v1"), e.f.Names.Fresh("vn")
		lo, hi, ok := e.f.Names.Fresh("vlo"), e.f.Names.Fresh("vhi"), e.f.Names.Fresh("vok")
		printf("%s, %s, %s := %s, %s, %s\n", v0, v1, vn, e.atRow(x, w, s.Key, inner, r.first, 0),
			e.atRow(x, w, s.Key, inner, r.first, 1), e.atRow(x, w, s.Key, inner, r.last, 0))
		printf("%s, %s, %s := %s.Span(%s, %s, %s, %s, %s)\n", lo, hi, ok, e.f.Src.Compiled, r.first, r.last, v0, v1, vn)
		conds = append(conds, ok)
		return v0, v1, lo, hi
	}
	var plo, phi string
	r.p0, r.p1, plo, phi = span(c.P, c.Key)
	ilo, ihi := "0", "0"
	if w.Index != nil {
		r.i0, r.i1, ilo, ihi = span(w.Index, nil)
	}
	for _, cl := range w.Clamps {
		_, _, lo, hi := span(cl.Arg, nil)
		conds = append(conds, "0 <= "+lo, hi+" < ("+e.plain(cl.N)+")")
	}
	n, clamped := "0", "false"
	if c.N != nil {
		n, clamped = "("+e.plain(c.N)+")", "true"
	}
	from, to := e.offText(t.OffX), "("+e.plain(t.InnerStride.Limit)+")"
	dst, src := e.plain(c.Dst), e.plain(w.Slice)
	fit := []string{from, to, r.q, n, plo, phi, ilo, ihi, "len(" + dst + ")", "len(" + src + ")", clamped}
	conds = append(conds, e.f.Src.Compiled+".RowsFit("+strings.Join(fit, ", ")+")",
		e.f.Src.Compiled+".Disjoint("+dst+", "+src+")")
	printf("if %s {\n", strings.Join(conds, " && "))
	return r
}

// atRow writes x, an offset of a whole-tile walk (tile_whole.go), at the
// row whose key is row plus add: the key replaced, the prefix's
// definitions substituted, and inner (the inner loop's key, or nil) as 0.
func (e *emitter) atRow(x ast.Expr, w *WholeTile, key, inner *types.Var, row string, add int64) string {
	var at ast.Expr = ast.NewIdent(row)
	if add != 0 {
		at = &ast.BinaryExpr{X: at, Op: token.ADD, Y: intLit(add)}
	}
	return e.substituted(x, func(c *cloner, v *types.Var) (ast.Expr, bool) {
		switch {
		case v == key:
			return &ast.ParenExpr{X: at}, true
		case v == inner:
			return intLit(0), true
		case w.Defs[v] != nil:
			return &ast.ParenExpr{X: c.node(w.Defs[v]).(ast.Expr)}, true
		}
		return nil, false
	})
}
