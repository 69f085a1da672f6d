package kir

import (
	"bytes"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
)

// tileLoop writes thread loop l, a walk over a tile (tile.go) whose outer
// loop fs is lockstep loop s: where the loops' steps are the block's
// extents along y and x and the block is flat (no z), the tile's elements
// row by row, each recording its thread's rank; elsewhere, and where the
// block's threads returned, the lockstep loop.
func (e *emitter) tileLoop(l *ThreadLoop, fs *ast.ForStmt, s *Stride) {
	t := l.Tile
	bdx, bdy, bdz := e.use("bdx"), e.use("bdy"), e.use("bdz")
	alive := ""
	if e.f.Exits { // returns before the walk were the whole block's (tile.go): its first thread tells
		alive = " && !" + e.use("exited") + "[0]"
	}
	e.line(fs.Pos())
	e.printf("if (%s) == %s && (%s) == %s && %s == 1%s {\n", e.stepText(s), bdy, e.stepText(t.InnerStride), bdx, bdz, alive)
	ky, kx := e.keyName(s.Key), e.keyName(t.InnerStride.Key)
	row, rx, pos := e.f.Names.Fresh("rowrank"), e.f.Names.Fresh("rx"), e.use("pos")
	closeWhole := ""
	if t.Copy != nil && t.Copy.Whole != nil {
		closeWhole = e.wholeTileRows(t, s, fs.Pos())
	}
	e.printf("for %s := %s; %s < %s; %s++ {\n", ky, e.offText(t.OffY), ky, e.plain(s.Limit), ky)
	e.printf("if %s.Stopped() {\nreturn\n}\n", e.name["b"])
	y := ky
	if t.OffY != nil {
		y = "(" + ky + " - " + e.offText(t.OffY) + ")"
	}
	e.printf("%s := %s %% %s * %s\n%s.Thread = %s\n", row, y, bdy, bdx, pos, row)
	for _, st := range t.Prefix {
		e.source(st)
	}
	e.line(t.Inner.Pos())
	w := tileRow{kx: kx, rx: rx, row: row, pos: pos, bdx: bdx}
	if t.Copy != nil {
		e.rowCopy(t, w)
	} else {
		e.tileRow(t, w, e.offText(t.OffX), e.plain(t.InnerStride.Limit), "0")
	}
	e.printf("}\n%s} else {\n", closeWhole)
	e.lockstepLoop(l, fs, s)
	e.printf("}\n")
}

// A tileRow holds the names a tile's row is written with: the inner key,
// its thread's x, the row's first rank, the position record, bdx.
type tileRow struct{ kx, rx, row, pos, bdx string }

// tileRow writes the inner loop of t's walk over keys [from, to), the
// first's thread at x rx0, each element recording its thread's rank.
func (e *emitter) tileRow(t *TileNest, w tileRow, from, to, rx0 string) {
	e.printf("for %s, %s := %s, %s; %s < %s; %s, %s = %s+1, %s+1 {\n", w.kx, w.rx, from, rx0, w.kx, to, w.kx, w.rx, w.kx, w.rx)
	e.printf("if %s == %s {\n%s = 0\n}\n%s.Thread = %s + %s\n", w.rx, w.bdx, w.rx, w.pos, w.row, w.rx)
	for _, st := range t.Inner.Body.List {
		e.source(st)
	}
	e.printf("}\n")
}

// rowCopy writes the inner loop of t's walk, a RowCopy: the keys before
// the part compiled.RowCopy finds, that part with Go's copy, the keys
// after it; or the loop as it is where there is no such part or the
// slices overlap.
func (e *emitter) rowCopy(t *TileNest, w tileRow) {
	c := t.Copy
	from, to := e.offText(t.OffX), "("+e.plain(t.InnerStride.Limit)+")"
	p, q, n, clamped := e.keyOffset(c.P, c.Key), e.keyOffset(c.Q, c.Key), "0", "false"
	if c.N != nil {
		n, clamped = "("+e.plain(c.N)+")", "true"
	}
	dst, src := e.plain(c.Dst), e.plain(c.Src)
	lo, hi, ok := e.f.Names.Fresh("clo"), e.f.Names.Fresh("chi"), e.f.Names.Fresh("cok")
	e.printf("if %s, %s, %s := %s.RowCopy(%s, %s, %s, %s, %s, len(%s), len(%s), %s); %s && %s.Disjoint(%s, %s) {\n",
		lo, hi, ok, e.f.Src.Compiled, from, to, p, q, n, dst, src, clamped, ok, e.f.Src.Compiled, dst, src)
	e.tileRow(t, w, from, lo, "0")
	e.printf("copy(%s[%s+%s:%s+%s], %s[%s+%s:%s+%s])\n", dst, p, lo, p, hi, src, q, lo, q, hi)
	e.printf("%s.Thread = %s + (%s-1-%s)%%%s\n", w.pos, w.row, hi, from, w.bdx)
	e.tileRow(t, w, hi, to, "("+hi+"-"+from+")%"+w.bdx)
	e.printf("} else {\n")
	e.tileRow(t, w, from, to, "0")
	e.printf("}\n")
}

// stepText returns the step of lockstep loop s as text: 1 for i++.
func (e *emitter) stepText(s *Stride) string {
	if s.Step == nil {
		return "1"
	}
	return e.plain(s.Step)
}

// offText returns a start's uniform offset as text: 0 for none.
func (e *emitter) offText(off ast.Expr) string {
	if off == nil {
		return "0"
	}
	return "(" + e.plain(off) + ")"
}

// keyName returns the name the emitter writes for variable v.
func (e *emitter) keyName(v *types.Var) string {
	if kv := e.f.Vars[v]; kv != nil {
		return kv.Name
	}
	return v.Name()
}

// keyOffset writes x, an index that adds key, with key as 0: the index's
// offset from the key.
func (e *emitter) keyOffset(x ast.Expr, key *types.Var) string {
	return e.substituted(x, func(*cloner, *types.Var) (ast.Expr, bool) { return intLit(0), true }, key)
}

// substituted writes x on one line, parenthesized, each variable of vars
// it names replaced by what repl returns for it (where repl says so), the
// rest as the emitter writes it.
func (e *emitter) substituted(x ast.Expr, repl func(c *cloner, v *types.Var) (ast.Expr, bool), vars ...*types.Var) string {
	c := &cloner{pos: e.pos}
	c.subst = func(n ast.Node) (ast.Node, bool) {
		if id, ok := n.(*ast.Ident); ok {
			if v, isVar := e.f.Src.Info.Uses[id].(*types.Var); isVar && (len(vars) == 0 || slices.Contains(vars, v)) {
				if r, ok := repl(c, v); ok {
					return r, true
				}
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
