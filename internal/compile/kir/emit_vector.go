package kir

import (
	"fmt"
	"go/ast"
	"go/token"
	"strings"
)

// vectorStep translates the code of the thread loop being written into
// its vector step, in the SIMD build, where the vector pass picked it,
// and in the default build where it also chose portable steps.
func (e *emitter) vectorStep(l *ThreadLoop) *vecLoop {
	if l == e.farLoop && e.farVec != nil {
		e.use("pos")
		e.vecAnchor = e.pos.at(l.Body[0].(*Code).Stmt.Pos())
		return e.farVec
	}
	if !e.stepped(l) || e.scalarOnly || l.Quot != nil { // the steps of the latter's segments only
		return nil
	}
	vl, ok := e.translateStep(l)
	if !ok {
		panic("gocuda compile: a loop the vector pass picked does not translate") // the two runs are the same code
	}
	e.widen(l, vl)
	e.use("pos")
	e.vecAnchor = e.pos.at(l.Body[0].(*Code).Stmt.Pos())
	return vl
}

// stepped reports whether the build being written runs vector steps of
// thread loop l: archsimd's in the SIMD build, portable ones in the
// default build.
func (e *emitter) stepped(l *ThreadLoop) bool {
	if e.simd {
		return e.f.Vector[l]
	}
	return e.f.Portable[l]
}

// translateStep translates the code of thread loop l into the build's
// vector step, with the substitutions in force.
func (e *emitter) translateStep(l *ThreadLoop) (*vecLoop, bool) {
	if e.simd {
		return e.f.translateLoop(l, e.f.Src.Archsimd, e)
	}
	return e.f.translate(l, nil, e.f.Src.Lanes, e, true)
}

// widen gives vl, l's eight-lane step, its sixteen-lane twin, where l
// translates at that width and no step of the function computes bitwise
// operators on integers (vectorizer.bitwise).
func (e *emitter) widen(l *ThreadLoop, vl *vecLoop) {
	if e.f.Src.SIMD512 && vl.width == vecWidth && !vl.portable && !e.f.bitwiseSteps {
		vl.x16, _ = e.f.translate512(l, e.f.Src.Archsimd, e)
	}
}

// vectorSteps writes the vector steps of a row of threads, v from from
// sixteen at a time while sixteen remain before to where the CPU has
// AVX-512 and the loop translates at that width, then eight at a time
// while eight remain, each step's threads ranked from rank ("" where v is
// the rank), and returns where the scalar loop goes on. A CPU without
// AVX2 takes no step.
func (e *emitter) vectorSteps(v, from, to, rank string) string {
	step := e.stepCounter("vstep", from)
	if wide := e.vec.x16; wide != nil {
		e.wideSteps(wide, v, step, to, rank)
	}
	if e.vec.portable { // runs on any CPU
		e.stepLoop(e.vec, v, step, to, rank)
		return step
	}
	e.printf("if %s.SIMD {\n", e.f.Src.Compiled)
	e.stepLoop(e.vec, v, step, to, rank)
	e.printf("}\n")
	return step
}

// wideSteps writes the sixteen-lane steps vl as a function literal called
// in place, taking and returning the row's next thread, and whether the
// launch stopped (a step's loop that checks returns): Go 1.26 miscompiles
// eight-lane steps in a function that also holds sixteen-lane ones (the
// Parboil stencil's, in internal/corpus, whose eight-lane steps then
// store zeros, though the wider ones never run), so each has its own.
// Go inlines a small literal called in place, which puts its steps back
// in the function: there the fuzzer (-fuzz.simd512) found an eight-lane
// XOR of three values taken for AVX-512's VPTERNLOGD and written as an
// instruction the assembler rejects. Keeping the literal out of line
// (deferring in it, or calling it through a variable) slowed the tiled
// matmul (BenchmarkMatMul), so it stays inlinable, and a
// function whose steps compute bitwise operators on integers has no
// sixteen-lane steps (vectorizer.bitwise).
func (e *emitter) wideSteps(vl *vecLoop, v, step, to, rank string) {
	stop := e.f.Names.Fresh("stop")
	e.printf("if %s.SIMD && %s.SIMD512 {\n", e.f.Src.Compiled, e.f.Src.Compiled)
	e.printf("var %s bool\n%s, %s = func(%s int) (int, bool) {\n", stop, step, stop, step)
	c := &cloner{subst: func(n ast.Node) (ast.Node, bool) {
		switch n := n.(type) {
		case *ast.FuncLit:
			return n, true // its returns are its own
		case *ast.ReturnStmt: // the launch stopped
			return &ast.ReturnStmt{Return: n.Return, Results: []ast.Expr{ast.NewIdent(step), ast.NewIdent("true")}}, true
		}
		return nil, false
	}}
	body := make([]ast.Stmt, len(vl.body))
	for i, s := range vl.body {
		body[i] = c.stmt(s)
	}
	closed := *vl
	closed.body = body
	e.stepLoop(&closed, v, step, to, rank)
	e.printf("return %s, false\n}(%s)\nif %s {\nreturn\n}\n}\n", step, step, stop)
}

// stepLoop writes the loop of vl's steps, under the conditions it runs
// in, where it has some (vec_pin.go).
func (e *emitter) stepLoop(vl *vecLoop, v, step, to, rank string) {
	if len(vl.when) == 0 {
		e.steps(vl, v, step, to, rank)
		return
	}
	cond := vl.when[0]
	for _, c := range vl.when[1:] {
		cond = &ast.BinaryExpr{X: cond, Op: token.LAND, Y: c}
	}
	e.printf("if %s {\n", exprText(cond))
	e.steps(vl, v, step, to, rank)
	e.printf("}\n")
}

// steps writes the loop of vl's steps.
func (e *emitter) steps(vl *vecLoop, v, step, to, rank string) {
	e.vecPos = e.vecAnchor // the step's code before its first source line takes that line, or the loop's
	for _, s := range vl.body {
		if p := firstPos(s); p.IsValid() {
			e.vecPos = p
			break
		}
	}
	e.stmts(vl.hoisted)
	w := vl.width
	if j := e.jamSplit(vl, v, e.name["rank"]); j != nil {
		e.jamSteps(j, vl, v, step, to, rank)
	}
	if vl.label != "" { // a load restarts the step's threads in the scalar loop (vec_restart.go)
		e.printf("%s:\n", vl.label)
	}
	if e.inRun() && vl.fails {
		e.runSteps(v, step, to, w)
	} else {
		e.printf("for ; %s+%d < %s; %s += %d {\n", step, w-1, to, step, w)
		e.printf("%s := %s\n", v, step)
	}
	r := v
	if rank != "" && !e.inRun() {
		r = e.name["rank"]
		e.printf("%s := %s\n", r, rank)
	}
	switch {
	case vl.fails && !e.inRun():
		e.printf("%s.Thread = %s\n", e.name["pos"], r) // a failure in a step is its first thread's, as in the scalar form
	case !e.inRun():
		e.printf("_ = %s\n", r) // the step reads its rank only where it spills or goes lane by lane
	}
	e.stmts(vl.body)
	if vl.portable {
		e.printf("}\n")
		e.lanesUsed = true
		return
	}
	// scalar SSE code after 256-bit code runs at half speed or worse while
	// the vector registers' upper halves are dirty: clean them for the
	// scalar loop and the code after
	e.printf("}\n%s.ClearAVXUpperBits()\n", e.f.Src.Archsimd)
}

// stmts prints translated statements.
func (e *emitter) stmts(list []ast.Stmt) {
	for _, s := range list {
		if p := firstPos(s); p.IsValid() {
			e.vecPos = p
		}
		anchor(s, e.vecPos)
		if err := sourcePrinter.Fprint(e.w, e.pos.to, s); err != nil {
			panic(err)
		}
		e.w.WriteString("\n")
	}
}

// firstPos returns the first valid position in n, or NoPos.
func firstPos(n ast.Node) token.Pos {
	p := token.NoPos
	ast.Inspect(n, func(m ast.Node) bool {
		if m != nil && !p.IsValid() && m.Pos().IsValid() {
			p = m.Pos()
		}
		return !p.IsValid()
	})
	return p
}

// anchor gives statement s, written by the vector step without a
// position, the position p at its first token: the printer writes a //line
// directive at each new line of output from the last position it saw, and
// one that saw none would name no file.
func anchor(s ast.Stmt, p token.Pos) {
	if s.Pos().IsValid() || !p.IsValid() {
		return
	}
	switch s := s.(type) {
	case *ast.IfStmt:
		s.If = p
	case *ast.ForStmt:
		s.For = p
	case *ast.RangeStmt:
		s.For = p
	case *ast.BlockStmt:
		s.Lbrace = p
	case *ast.DeclStmt:
		if g, ok := s.Decl.(*ast.GenDecl); ok {
			g.TokPos = p
		}
	case *ast.BranchStmt:
		s.TokPos = p
	case *ast.AssignStmt:
		if id, ok := s.Lhs[0].(*ast.Ident); ok {
			id.NamePos = p
		}
	case *ast.ExprStmt:
		if c, ok := s.X.(*ast.CallExpr); ok {
			if id := leftmostIdent(c.Fun); id != nil {
				id.NamePos = p
			}
		}
	}
}

// leftmostIdent returns the identifier x begins with (x, x.f, x.f.g), or nil.
func leftmostIdent(x ast.Expr) *ast.Ident {
	for {
		switch e := x.(type) {
		case *ast.Ident:
			return e
		case *ast.SelectorExpr:
			x = e.X
		default:
			return nil
		}
	}
}

// laneVector translates the code of the lane loop being written into its
// vector step, in the SIMD build, where the vector pass picked it.
func (e *emitter) laneVector(l *LaneLoop, whole bool) *vecLoop {
	if !e.simd || e.scalarOnly || !e.f.VectorLanes[l] { // the vector pass leaves out scalarLanes
		return nil
	}
	ctx := &vlanes{loop: l, warp: e.warp, colls: warpCollectives(e.warp), whole: whole}
	vl, ok := e.f.translateLanes(ctx, e.f.Src.Archsimd, e)
	if !ok {
		panic("gocuda compile: a lane loop the vector pass picked does not translate") // the two runs are the same code
	}
	e.use("pos")
	if len(l.Body) > 0 {
		e.vecAnchor = e.pos.at(l.Body[0].(*Code).Stmt.Pos())
	} else { // only the operands of the collectives after it
		e.vecAnchor = e.pos.at(l.Operands[0].Call.Pos())
	}
	return vl
}

// laneSteps writes the vector steps of a lane loop: each group of eight
// lanes all active (and in one row of x, where the code reads the
// coordinates) runs as one step, up to the last group holding a lane
// read after it (lanesRead). It opens an if around the scalar loop,
// which runs the lanes left, and returns the name of their mask.
func (e *emitter) laneSteps(l *LaneLoop, vl, whole *vecLoop, use map[string]bool) string {
	n := e.name
	left := e.f.Names.Fresh("left")
	e.vecPos = e.vecAnchor
	hi := e.lanesRead(l) // the groups from the first that hold a lane read after
	if hi == "32" {
		e.printf("%s := %s\n", left, n["act"])
	} else {
		e.printf("%s := %s & uint32(1<<%s-1)\n", left, n["act"], hi)
	}
	e.printf("if %s.SIMD {\n", e.f.Src.Compiled)
	e.stmts(vl.hoisted)
	e.wholeWarpSteps(whole, use, left, hi)
	e.printf("for %s := 0; %s < %s; %s += %d {\n", n["lane"], n["lane"], hi, n["lane"], vecWidth)
	e.printf("if %s>>%s&0xff != 0xff {\ncontinue\n}\n", n["act"], n["lane"])
	e.printf("%s := %s + %s\n", n["rank"], n["w"], n["lane"])
	if use["tx"] || use["ty"] || use["tz"] {
		e.printf("%s := %s\nif %s.X+%d > %s {\ncontinue // the lanes wrap to the next row\n}\n",
			n["tidx"], e.at(n["rank"]), n["tidx"], vecWidth, e.use("bdx"))
		for _, c := range []string{"x", "y", "z"} {
			e.printf("%s := %s.%s\n_ = %s\n", n["t"+c], n["tidx"], strings.ToUpper(c), n["t"+c])
		}
	}
	e.laneGroup(vl, left)
	e.printf("}\n%s.ClearAVXUpperBits()\n}\nif %s != 0 {\n", e.f.Src.Archsimd, left)
	return left
}

// laneGroup writes the rest of a group of eight lanes' step, after its
// rank and coordinates: the position record where the step may fail, the
// step, and the group taken off the lanes left; and closes the loop over
// groups.
func (e *emitter) laneGroup(vl *vecLoop, left string) {
	n := e.name
	if vl.fails {
		e.printf("%s.Thread = %s\n", n["pos"], n["rank"])
	} else {
		e.printf("_ = %s\n", n["rank"])
	}
	e.stmts(vl.body)
	e.printf("%s &^= 0xff << %s\n}\n", left, n["lane"])
}

// wholeWarpSteps opens the steps of a warp whose lanes are all active
// and lie in one row of x: their groups need no test of the mask, and
// the thread's coordinates come from the warp's first, once. laneSteps
// closes its else, the steps of any other warp.
func (e *emitter) wholeWarpSteps(vl *vecLoop, use map[string]bool, left, hi string) {
	n := e.name
	cond := n["act"] + " == ^uint32(0)"
	first := e.f.Names.Fresh("tidx")
	coords := use["tx"] || use["ty"] || use["tz"]
	if coords {
		e.printf("%s := %s\n", first, e.at(n["w"]))
		cond += fmt.Sprintf(" && %s.X+32 <= %s", first, e.use("bdx"))
	}
	e.printf("if %s {\n", cond)
	e.stmts(vl.hoisted)
	e.printf("for %s := 0; %s < %s; %s += %d {\n", n["lane"], n["lane"], hi, n["lane"], vecWidth)
	e.printf("%s := %s + %s\n", n["rank"], n["w"], n["lane"])
	if coords {
		e.printf("%s := %s.X + %s\n_ = %s\n", n["tx"], first, n["lane"], n["tx"])
		e.printf("%s := %s.Y\n_ = %s\n%s := %s.Z\n_ = %s\n", n["ty"], first, n["ty"], n["tz"], first, n["tz"])
	}
	e.laneGroup(vl, left)
	e.printf("} else {\n")
}
