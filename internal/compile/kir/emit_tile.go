package kir

import (
	"go/ast"
	"go/types"
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
	si := t.InnerStride
	e.line(t.Inner.Pos())
	e.printf("for %s, %s := %s, 0; %s < %s; %s, %s = %s+1, %s+1 {\n", kx, rx, e.offText(t.OffX), kx, e.plain(si.Limit), kx, rx, kx, rx)
	e.printf("if %s == %s {\n%s = 0\n}\n%s.Thread = %s + %s\n", rx, bdx, rx, pos, row, rx)
	for _, st := range t.Inner.Body.List {
		e.source(st)
	}
	e.printf("}\n}\n} else {\n")
	e.lockstepLoop(l, fs, s)
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
