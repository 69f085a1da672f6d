package kir

import (
	"go/ast"
	"go/token"
)

// blockorder is the order pass's first step: it picks the order in
// which a grid body runs the blocks of its chunk. The blocks of a grid body (no barriers, no
// shared memory) are independent and CUDA gives them no order, so the
// compiled form may take them y fastest where that walks memory in order:
// a kernel that gives x to the rows of a row-major matrix and y to its
// columns (Rodinia's gaussian: a[size*(xidx+...) + (yidx+...)]) touches,
// block after block in x order, a few bytes of each of many rows; in y
// order, the next block continues the same rows. Each index is scored by
// the axis it runs along with unit stride while the other scales it.
func blockorder(f *Func) {
	if !f.Grid || f.GridStride != nil {
		return
	}
	score := 0
	f.inspectAll(func(n ast.Node) {
		ix, ok := n.(*ast.IndexExpr)
		if !ok {
			return
		}
		unit, scaled := map[string]bool{}, map[string]bool{}
		f.axes(ix.Index, false, unit, scaled, 0)
		switch {
		case unit["Y"] && !unit["X"] && (scaled["X"] || !scaled["Y"]):
			score++
		case unit["X"] && !unit["Y"]:
			score--
		}
	})
	f.BlocksYFirst = score > 0
}

// axes notes in unit the axes (X, Y, Z) whose thread or block index e
// adds with unit stride, and in scaled those it multiplies by something
// (under a product when inProduct), following remat variables to their
// definitions.
func (f *Func) axes(e ast.Expr, inProduct bool, unit, scaled map[string]bool, depth int) {
	if depth > 8 {
		return
	}
	note := func(axis string) {
		if inProduct {
			scaled[axis] = true
		} else {
			unit[axis] = true
		}
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		if field, ok := f.threadFieldSel(e); ok && (field == "ThreadIdx" || field == "BlockIdx") {
			note(e.Sel.Name)
		}
	case *ast.Ident:
		if v := f.varOf(e); v != nil && v.Class == Remat {
			if d := defExpr(v); d != nil && d != ast.Expr(e) {
				f.axes(d, inProduct, unit, scaled, depth+1)
			}
		}
	case *ast.BinaryExpr:
		switch e.Op {
		case token.ADD, token.SUB:
			f.axes(e.X, inProduct, unit, scaled, depth+1)
			f.axes(e.Y, inProduct, unit, scaled, depth+1)
		case token.MUL:
			f.axes(e.X, !f.isBlockDim(e.Y) || inProduct, unit, scaled, depth+1)
			f.axes(e.Y, !f.isBlockDim(e.X) || inProduct, unit, scaled, depth+1)
		}
	}
}

// isBlockDim reports whether e is a component of t.BlockDim: a block
// index times it is the block's first thread's index, as unit as the
// thread's own.
func (f *Func) isBlockDim(e ast.Expr) bool {
	s, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	field, ok := f.threadFieldSel(s)
	return ok && field == "BlockDim"
}

// blockLoopYFirst writes the loop over the chunk's blocks of a grid body
// that takes them y fastest (blockorder): the chunk's linear positions lo
// to hi-1 are counted as y, then x, then z, which visits every block of
// the launch once as the chunks cover the positions, and each block is
// named by its CUDA index (x fastest) for its position and thread.
func (e *emitter) blockLoopYFirst(body []byte) {
	e.used["bx"], e.used["by"] = true, true
	e.blockLoopAcross("y", "x", body)
}

// blockLoopTransposed writes the loop over the chunk's blocks of a
// transposed body (transpose): counted x fastest in the emitter's
// coordinates, the source's y fastest, each block named by the source's
// index for its position.
func (e *emitter) blockLoopTransposed(body []byte) {
	e.blockLoopAcross("x", "y", body)
}

// blockLoopAcross writes a loop over the chunk's blocks that counts the
// emitter's coordinate fast ("x" or "y") fastest, then slow, then z, and
// names each block by the CUDA index in which slow is fastest: the
// source's x, whichever coordinate of the emitter holds it.
func (e *emitter) blockLoopAcross(fast, slow string, body []byte) {
	n := e.name
	q := e.f.Names.Fresh("q")
	bf, bs, gf, gs := n["b"+fast], n["b"+slow], e.use("gd"+fast), e.use("gd"+slow)
	e.printf("%s := %s%%%s - 1\n%s := %s/%s%%%s\n%s := %s/(%s*%s)\n", bf, n["lo"], gf, bs, n["lo"], gf, gs, n["bz"], n["lo"], n["gdx"], n["gdy"])
	if e.used["blocks"] {
		e.printf("%s:\n", n["blocks"])
	}
	e.printf("for %s := %s; %s < %s; %s++ {\n", q, n["lo"], q, n["hi"], q)
	e.printf("if %s.Stopped() {\nreturn\n}\n", n["b"])
	e.printf("%s++\nif %s == %s {\n%s = 0\n%s++\nif %s == %s {\n%s = 0\n%s++\n}\n}\n", bf, bf, gf, bf, bs, bs, gs, bs, n["bz"])
	e.printf("%s := %s + %s*(%s+%s*%s)\n%s.Block = %s\n", n["blk"], bs, gs, bf, gf, n["bz"], n["pos"], n["blk"])
	if e.f.Exits {
		e.printf("clear(%s)\n", n["exited"])
	}
	if e.used["thread"] {
		e.printf("%s.EnterBlock(%s)\n", n["b"], n["blk"])
	}
	if e.used["bidx"] {
		e.printf("%s := %s.Dim3{X: %s, Y: %s, Z: %s}\n", n["bidx"], e.f.Src.Gocuda, n["bx"], n["by"], n["bz"])
	}
	e.w.Write(body)
	e.printf("}\n")
}
