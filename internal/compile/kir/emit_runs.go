package kir

import (
	"go/ast"
	"go/token"
)

// The emitter's side of the tile pass (runs.go): the loop over a chunk's
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
// the block of the thread at the run's x (a name).
func (e *emitter) blockOf(x string) string {
	return exprText(e.blockOfExpr(ast.NewIdent(x)))
}

// blockOfExpr is blockOf for x an expression.
func (e *emitter) blockOfExpr(x ast.Expr) ast.Expr {
	return e.blockAtExpr(&ast.BinaryExpr{X: x, Op: token.QUO, Y: ast.NewIdent(e.use("bdx"))})
}

// blockAtExpr returns the source's linear index of the block bx of the
// emitter's grid row of blocks.
func (e *emitter) blockAtExpr(bx ast.Expr) ast.Expr {
	n := e.name
	id := ast.NewIdent
	add := func(x, y ast.Expr) ast.Expr { return &ast.BinaryExpr{X: x, Op: token.ADD, Y: y} }
	mul := func(x, y ast.Expr) ast.Expr { return &ast.BinaryExpr{X: x, Op: token.MUL, Y: y} }
	switch {
	case e.flatRun: // a one-dimensional grid, whose steps the row runs on
		return &ast.BinaryExpr{X: &ast.ParenExpr{X: bx}, Op: token.REM, Y: id(e.use("gdx"))}
	case e.f.Transposed: // by + gdy*(bx + gdx*bz)
		return add(id(n["by"]), mul(id(e.use("gdy")), &ast.ParenExpr{X: add(bx, mul(id(e.use("gdx")), id(n["bz"])))}))
	}
	// bx + gdx*(by + gdy*bz)
	return add(bx, mul(id(e.use("gdx")), &ast.ParenExpr{X: add(id(n["by"]), mul(id(e.use("gdy")), id(n["bz"])))}))
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
	e.printf("%s.Block = %s\n%s.Thread = %s\n", e.name["pos"], exprText(e.blockAtExpr(ast.NewIdent(bx))),
		e.name["pos"], exprText(e.rankInExpr(ast.NewIdent(x))))
}

// lanePos returns the statements that record, in a vector step of the
// thread loop being written, the position of the step's lane k: the
// rank of its first thread plus k, but in a transposed body or a run,
// whose lanes are not consecutive ranks of one block, the block (in a
// run) and the rank of the thread at x + k (blockOfExpr, rankExpr).
func (e *emitter) lanePos(k ast.Expr) []ast.Stmt {
	n := e.name
	set := func(field string, x ast.Expr) ast.Stmt {
		return &ast.AssignStmt{Lhs: []ast.Expr{&ast.SelectorExpr{X: ast.NewIdent(e.use("pos")), Sel: ast.NewIdent(field)}},
			Tok: token.ASSIGN, Rhs: []ast.Expr{x}}
	}
	zero := false
	if lit, ok := k.(*ast.BasicLit); ok && lit.Value == "0" {
		zero = true
	}
	if !e.f.Transposed && !e.inRun() {
		if zero {
			return []ast.Stmt{set("Thread", ast.NewIdent(n["rank"]))}
		}
		return []ast.Stmt{set("Thread", &ast.BinaryExpr{X: ast.NewIdent(n["rank"]), Op: token.ADD, Y: k})}
	}
	x := ast.Expr(ast.NewIdent(n["tx"]))
	if !zero {
		x = &ast.ParenExpr{X: &ast.BinaryExpr{X: x, Op: token.ADD, Y: k}}
	}
	var out []ast.Stmt
	if e.inRun() {
		out = append(out, set("Block", e.blockOfExpr(x)))
	}
	return append(out, set("Thread", e.rankExpr(x)))
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
