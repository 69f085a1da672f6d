package kir

import (
	"fmt"
	"go/ast"
	"go/token"
)

// The emitter's side of the runs pass (runs.go): the loop over a chunk's
// runs, and the positions of a run's threads.

// blockLoopRuns writes the loop over the chunk's blocks of a body that
// runs them in runs (runs): each run the blocks from the chunk's next
// up to the end of the chunk or of the grid's row of blocks, bx 0 and
// the thread loop's x from the run's first thread to past its last.
func (e *emitter) blockLoopRuns(body []byte) {
	n := e.name
	q, first, run := e.f.Names.Fresh("q"), e.f.Names.Fresh("first"), e.f.Names.Fresh("run")
	gdx, gdy, bdx := e.use("gdx"), e.use("gdy"), e.use("bdx")
	e.printf("%s := 0\n_ = %s\n", n["bx"], n["bx"]) // no label: the body has no block-level return
	e.printf("for %s := %s; %s < %s; {\n", q, n["lo"], q, n["hi"])
	e.printf("if %s.Stopped() {\nreturn\n}\n", n["b"])
	e.printf("%s := %s %% %s\n%s := %s / %s %% %s\n%s := %s / (%s * %s)\n", first, q, gdx, n["by"], q, gdx, gdy, n["bz"], q, gdx, gdy)
	e.printf("%s := min(%s-%s, %s-%s)\n%s += %s\n", run, n["hi"], q, gdx, first, q, run)
	e.printf("%s, %s := %s*%s, (%s+%s)*%s\n", n["runlo"], n["runhi"], first, bdx, first, run, bdx)
	e.w.Write(body)
	e.printf("}\n")
}

// blockOf returns, in a body run in runs, the source's linear index of
// the block of the thread at the run's x.
func (e *emitter) blockOf(x string) string {
	return e.blockAt(fmt.Sprintf("%s/%s", x, e.use("bdx")))
}

// blockAt returns the source's linear index of the block bx of the
// emitter's grid row of blocks.
func (e *emitter) blockAt(bx string) string {
	n := e.name
	if e.flatRun { // a one-dimensional grid, whose steps the row runs on
		return fmt.Sprintf("(%s) %% %s", bx, e.use("gdx"))
	}
	if e.f.Transposed {
		return fmt.Sprintf("%s + %s*(%s+%s*%s)", n["by"], e.use("gdy"), bx, e.use("gdx"), n["bz"])
	}
	return fmt.Sprintf("%s + %s*(%s+%s*%s)", bx, e.use("gdx"), n["by"], e.use("gdy"), n["bz"])
}

// runSteps opens the loop of vector steps of a run's row whose steps may
// fail, v from step w at a time while w remain before to: each step
// records its first thread's block and rank as the scalar form's thread
// would, from counters of the block and of x in it that the loop carries
// along, a division per row instead of per step.
func (e *emitter) runSteps(v, step, to string, w int) {
	bx, x, bdx := e.f.Names.Fresh("sbx"), e.f.Names.Fresh("sx"), e.use("bdx")
	e.printf("%s, %s := %s/%s, %s%%%s\n", bx, x, step, bdx, step, bdx)
	e.printf("for ; %s+%d < %s; %s, %s = %s+%d, %s+%d {\n", step, w-1, to, step, x, step, w, x, w)
	e.printf("for %s >= %s {\n%s -= %s\n%s++\n}\n", x, bdx, x, bdx, bx)
	e.printf("%s := %s\n", v, step)
	e.printf("%s.Block = %s\n%s.Thread = %s\n", e.name["pos"], e.blockAt(bx), e.name["pos"], e.rankIn(x))
}

// lanePos returns the statements that record, in a vector step of the
// thread loop being written, the position of the step's lane k: the
// rank of its first thread plus k, but in a transposed body or a run,
// whose lanes are not consecutive ranks of one block, the block (in a
// run) and the rank of the thread at x + k, as blockOf and rankOf write
// them.
func (e *emitter) lanePos(k ast.Expr) []ast.Stmt {
	n := e.name
	pos := e.use("pos")
	id := ast.NewIdent
	bin := func(x ast.Expr, op token.Token, y ast.Expr) ast.Expr { return &ast.BinaryExpr{X: x, Op: op, Y: y} }
	set := func(field string, x ast.Expr) ast.Stmt {
		return &ast.AssignStmt{Lhs: []ast.Expr{&ast.SelectorExpr{X: id(pos), Sel: id(field)}}, Tok: token.ASSIGN, Rhs: []ast.Expr{x}}
	}
	zero := false
	if lit, ok := k.(*ast.BasicLit); ok && lit.Value == "0" {
		zero = true
	}
	if !e.f.Transposed && !e.inRun() {
		if zero {
			return []ast.Stmt{set("Thread", id(n["rank"]))}
		}
		return []ast.Stmt{set("Thread", bin(id(n["rank"]), token.ADD, k))}
	}
	x := ast.Expr(id(n["tx"]))
	if !zero {
		x = &ast.ParenExpr{X: bin(x, token.ADD, k)}
	}
	var out []ast.Stmt
	bdx := id(e.use("bdx"))
	if e.inRun() {
		bx := bin(x, token.QUO, bdx)
		var blk ast.Expr
		switch {
		case e.flatRun:
			blk = bin(&ast.ParenExpr{X: bx}, token.REM, id(e.use("gdx")))
		case e.f.Transposed:
			blk = bin(id(n["by"]), token.ADD, bin(id(e.use("gdy")), token.MUL, &ast.ParenExpr{X: bin(bx, token.ADD, bin(id(e.use("gdx")), token.MUL, id(n["bz"])))}))
		default:
			blk = bin(bx, token.ADD, bin(id(e.use("gdx")), token.MUL, &ast.ParenExpr{X: bin(id(n["by"]), token.ADD, bin(id(e.use("gdy")), token.MUL, id(n["bz"])))}))
		}
		out = append(out, set("Block", blk))
		x = bin(x, token.REM, bdx)
	}
	rank := bin(id(n["base"]), token.ADD, x)
	if e.f.Transposed {
		rank = bin(id(n["ty"]), token.ADD, bin(id(e.use("bdy")), token.MUL, &ast.ParenExpr{X: bin(x, token.ADD, bin(bdx, token.MUL, id(n["tz"])))}))
	}
	return append(out, set("Thread", rank))
}

// inRun reports whether the thread loop being written runs in a run: the
// body's blocks run in runs (runs), or the flat form of a grid-stride
// body in runs is being written.
func (e *emitter) inRun() bool {
	return e.f.Runs && e.f.GridStride == nil || e.flatRun
}

// flatRun1 writes, for a flat grid-stride body in runs (flatRuns), the
// chunk's rows first to last-1 as one row of threads: x from the first
// row's first iteration to the last row's end, bx and the step's offset
// 0. Its threads record their positions only where they may fail, by a
// division (blockAt, rankOf).
func (e *emitter) flatRun1(s *Stride, first, last string, threads []byte) {
	n := e.name
	off, more := s.Names[0], s.Names[2]
	e.printf("if %s < %s {\n", first, last)
	e.printf("if %s.Stopped() {\nreturn\n}\n", n["b"])
	e.printf("%s, %s := 0, false\n_ = %s\n", off, more, more)
	e.printf("%s.Block = %s %% %s\n", n["pos"], first, n["gdx"])
	e.printf("%s := 0\n_ = %s\n", n["bx"], n["bx"])
	e.printf("%s, %s := %s*%s, %s*%s\n", n["runlo"], n["runhi"], first, n["bdx"], last, n["bdx"])
	e.w.Write(threads)
	e.printf("}\n")
}
