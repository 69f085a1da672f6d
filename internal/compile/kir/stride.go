package kir

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
)

// stride is the pass that finds grid-stride loops, for i := start; i <
// limit; i += step with start depending on the thread and limit and step
// uniform, and runs each in lockstep: step k runs the body for every
// thread whose i = start + k*step is in range, so that neighbouring
// threads touch neighbouring elements, as a GPU's warps do, instead of
// each thread striding through memory alone. Threads of one region have
// no order to keep between them, so any interleaving of their iterations
// is theirs.
func stride(f *Func) {
	var walk func(nodes []Node)
	walk = func(nodes []Node) {
		for _, n := range nodes {
			if c, ok := n.(*Code); ok {
				if fs, ok := c.Stmt.(*ast.ForStmt); ok {
					if s := f.strideOf(fs); s != nil {
						s.Trip = f.tripStart(s, fs)
						f.Strides[fs] = s
					}
				}
			}
			for _, list := range children(n) {
				walk(list)
			}
		}
	}
	walk(f.Body)
}

// strideOf returns fs as a grid-stride loop, or nil.
func (f *Func) strideOf(fs *ast.ForStmt) *Stride { return f.strideLoop(fs, true) }

// strideLoop returns fs as a grid-stride loop, or nil; with named, its
// lockstep form's names.
func (f *Func) strideLoop(fs *ast.ForStmt, named bool) *Stride {
	init, ok1 := fs.Init.(*ast.AssignStmt)
	cond, ok2 := fs.Cond.(*ast.BinaryExpr)
	if !ok1 || !ok2 || init.Tok != token.DEFINE || len(init.Lhs) != 1 || len(init.Rhs) != 1 ||
		(cond.Op != token.LSS && cond.Op != token.LEQ) {
		return nil
	}
	id, _ := init.Lhs[0].(*ast.Ident)
	key, _ := f.Src.Info.Defs[id].(*types.Var)
	if key == nil || !f.isVar(cond.X, key) {
		return nil
	}
	s := &Stride{Key: key, Start: init.Rhs[0], Limit: cond.Y, Op: cond.Op}
	if named {
		s.Names = [3]string{f.Names.Fresh("off"), f.Names.Fresh("limit"), f.Names.Fresh("more")}
	}
	switch post := fs.Post.(type) {
	case *ast.IncDecStmt:
		if post.Tok != token.INC || !f.isVar(post.X, key) {
			return nil
		}
	case *ast.AssignStmt:
		if post.Tok != token.ADD_ASSIGN || !f.isVar(post.Lhs[0], key) {
			return nil
		}
		s.Step = post.Rhs[0]
	default:
		return nil
	}
	uniform := func(v *types.Var) bool { return f.Vars[v] != nil && f.Vars[v].Class == Uniform }
	index := func(v *types.Var) bool { return f.Vars[v] != nil && f.Vars[v].Class != Varying }
	if !f.pure(s.Limit, uniform, false) || !f.pure(s.Step, uniform, false) ||
		f.pure(s.Start, uniform, false) || !f.pure(s.Start, index, true) || !f.plainBody(fs.Body, key) {
		return nil
	}
	return s
}

// tripStart returns key := start + off, the statement that begins a trip
// of lockstep loop s at offset off (its generated name), typed as the
// source is, for the vector pass to translate with the loop's body.
func (f *Func) tripStart(s *Stride, fs *ast.ForStmt) ast.Stmt {
	pos := fs.Pos()
	off := types.NewVar(pos, f.Src.Pkg, s.Names[0], s.Key.Type())
	key := &ast.Ident{NamePos: pos, Name: s.Key.Name()}
	f.Src.Info.Defs[key] = s.Key
	sum := &ast.BinaryExpr{X: s.Start, OpPos: pos, Op: token.ADD, Y: f.ident(off, pos)}
	f.Src.Info.Types[sum] = types.TypeAndValue{Type: s.Key.Type()}
	return &ast.AssignStmt{Lhs: []ast.Expr{key}, TokPos: pos, Tok: token.DEFINE, Rhs: []ast.Expr{sum}}
}

// isVar reports whether e is the variable v.
func (f *Func) isVar(e ast.Expr, v *types.Var) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && f.Src.Info.ObjectOf(id) == v
}

// plainBody reports whether a loop body runs straight through: no return,
// no break or continue but of loops and switches inside it, and the key
// neither changed nor addressed.
func (f *Func) plainBody(body *ast.BlockStmt, key *types.Var) bool {
	if escapes(body) {
		return false
	}
	ok := true
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			if refersTo(n, key, f.Src.Info) {
				ok = false
			}
			return false
		case *ast.ReturnStmt, *ast.DeferStmt, *ast.GoStmt:
			ok = false
		case *ast.UnaryExpr:
			if n.Op == token.AND && f.localOf(n.X) == key {
				ok = false
			}
		case ast.Stmt:
			for _, e := range assigned(n) {
				if f.localOf(e) == key {
					ok = false
				}
			}
		}
		return ok
	})
	return ok
}

// lockstepLoop writes thread loop l, whose body is the grid-stride loop
// fs, in lockstep: the loop over steps around the loop over threads. A
// loop whose rounds run a trip each has its far form (chunk.go) beside
// it, for the launches whose step is far.
func (e *emitter) lockstepLoop(l *ThreadLoop, fs *ast.ForStmt, s *Stride) {
	if !l.writesFar(e.stepped(l)) {
		e.lockstepForm(l, fs, s, s.Chunk && !e.stepped(l)) // the vector steps run a trip a round
		return
	}
	step := "1"
	if s.Step != nil {
		step = e.plain(s.Step)
	}
	e.printf("if %s.StrideFar(%s, %s) {\n", e.f.Src.Compiled, step, e.plain(s.Limit))
	e.farLoop, e.farVec = l.Far, e.farStep(l.Far, fs, s, step)
	e.lockstepForm(l.Far, fs, s, true)
	e.farLoop, e.farVec = nil, nil
	e.printf("} else {\n")
	e.lockstepForm(l, fs, s, false)
	e.printf("}\n")
}

// lockstepForm writes one form of lockstep loop l: chunked, or a trip of
// each thread a round.
func (e *emitter) lockstepForm(l *ThreadLoop, fs *ast.ForStmt, s *Stride, chunked bool) {
	off, limit, more := s.Names[0], s.Names[1], s.Names[2]
	step := "1"
	if s.Step != nil {
		step = e.plain(s.Step)
	}
	// The offset and limit have the loop variable's type (int64, a type
	// parameter), which an untyped 0 or constant limit would not give.
	zero, lim := "0", e.plain(s.Limit)
	if t := e.typeString(s.Key.Type()); t != "int" {
		zero, lim = t+"(0)", t+"("+lim+")"
	}
	advance := step
	if chunked {
		e.line(fs.Pos())
		e.printf("%s := %s.StrideChunk(%s)\n%s := (%s) * %s\n", s.Chunked, e.f.Src.Compiled, step, s.Span, step, s.Chunked)
		advance = "(" + step + ")*" + s.Chunked
	}
	e.cleanLockstep(l, chunked)
	head := func() {
		e.line(fs.Pos())
		e.printf("for %s, %s, %s := %s, %s, true; %s; %s += %s {\n", off, limit, more, zero, lim, more, off, advance)
		e.printf("%s%s = false\n", e.tickStop(), more) // a step of 0 loops forever
	}
	threads := func() {
		e.lockMore = more
		defer func() { e.lockMore = "" }()
		e.threadLoopWith(l, func() {
			key := e.f.Vars[s.Key].Name
			e.line(fs.Pos())
			if chunked {
				e.chunkTrips(s, key, step, fs)
				return
			}
			if l.StrideBound {
				e.printf("%s := %s + %s\n%s = true\n", key, e.plain(s.Start), off, more)
			} else {
				// a key below the thread's start has wrapped: the thread
				// may have stopped before, for good (compiled.StrideStopped)
				start := e.f.Names.Fresh("start")
				e.printf("%s := %s\n%s := %s + %s\n", start, e.plain(s.Start), key, start, off)
				e.printf("if !(%s %s %s) || %s < %s && %s.StrideStopped(%s, %s, %s, %v) {\ncontinue\n}\n%s = true\n",
					key, s.Op, limit, key, start, e.f.Src.Compiled, start, step, limit, s.Op == token.LEQ, more)
			}
			if e.rebased != nil {
				e.printf("_ = %s\n", key) // its uses may all be rebased
			}
			for _, st := range fs.Body.List {
				e.source(st)
			}
		})
	}
	if e.f.GridStride != l {
		if t := e.slpJamTwin(l); t != nil && chunked {
			e.slpJamLoop(l, t, s, head, threads)
			return
		}
		head()
		threads()
		e.printf("}\n")
		return
	}
	e.gridStrideBody(s, step, lim, head, threads)
}

// gridStrideBody writes the body of a grid-stride kernel: every block of
// the chunk takes each step, so that neighbouring blocks touch
// neighbouring elements. A flat loop is written twice: its rows (vector
// steps too, in the SIMD build), and the lockstep form for other launch
// shapes, whose steps must note that threads ran. head opens the loop
// over steps; threads writes the loop over a block's threads.
func (e *emitter) gridStrideBody(s *Stride, step, lim string, head, threads func()) {
	outer := e.w
	var flatBuf, buf bytes.Buffer
	flat := s.Flat
	if flat {
		e.w, e.flatRun = &flatBuf, e.f.Runs
		threads()
		e.flatRun = false
		flat = !e.labelUsed // the loop written twice must declare no label
	}
	e.w, e.scalarOnly = &buf, true
	threads()
	e.w, e.scalarOnly = outer, false
	e.gridNeeds()
	if _, y, _ := e.blockUse(); flat && !y {
		e.flatRows(s, step, lim, flatBuf.Bytes())
		e.printf("} else {\n")
	} else {
		flat = false
	}
	head()
	n := e.name
	e.printf("{\n")
	e.blockCounters()
	e.printf("for %s := %s; %s < %s; %s++ {\n", n["blk"], n["lo"], n["blk"], n["hi"], n["blk"])
	e.blockCoords()
	e.w.Write(buf.Bytes())
	e.printf("}\n}\n}\n")
	if flat {
		e.printf("}\n")
	}
}

// flatRows opens, for a flat grid-stride loop s, the branch taken where
// the launch's shape lets its iteration space run in rows (a
// one-dimensional grid of one-dimensional blocks, a step of the grid's
// threads): the chunk's part of the rows, each the threads of a block at
// one step, running threads, the thread loop's code.
func (e *emitter) flatRows(s *Stride, step, lim string, threads []byte) {
	n, rt := e.name, e.f.Src.Compiled
	off, limit, more := s.Names[0], s.Names[1], s.Names[2]
	first, last, row := e.f.Names.Fresh("first"), e.f.Names.Fresh("last"), e.f.Names.Fresh("row")
	e.printf("if (%s) == %s*%s && %s == %s && %s.Y*%s.Z == 1 {\n", step, e.use("bdx"), e.use("gdx"), e.use("n"), n["bdx"], e.use("gd"), n["gd"])
	span := limit
	if s.Base != nil {
		span = fmt.Sprintf("%s.Diff(%s, %s)", rt, limit, e.plain(s.Base))
	}
	adj := 0
	if s.Op == token.LEQ {
		adj = 1
	}
	e.printf("%s := %s\n%s, %s := %s.StrideRows(%s, %s, %s, %s, %s, %d)\n", limit, lim, first, last, rt, n["lo"], n["hi"], n["gdx"], n["bdx"], span, adj)
	if e.f.Runs {
		e.flatRun1(s, first, last, threads)
		return
	}
	e.printf("for %s := %s; %s < %s; %s++ {\n", row, first, row, last, row)
	e.printf("if %s.Stopped() {\nreturn\n}\n", n["b"])
	e.printf("%s := %s %% %s\n%s := %s / %s * (%s)\n%s := false\n_ = %s\n", n["blk"], row, n["gdx"], off, row, n["gdx"], step, more, more)
	e.printf("%s.Block = %s\n", n["pos"], n["blk"])
	if e.used["thread"] {
		e.printf("%s.EnterBlock(%s)\n", n["b"], n["blk"])
	}
	if x, _, _ := e.blockUse(); x {
		e.printf("%s := %s\n", n["bx"], n["blk"])
	}
	e.w.Write(threads)
	e.printf("}\n")
}

// chunkTrips writes a thread's trips of a chunked round (chunk.go): from
// the round's offset, as many as compiled.ChunkTrips counts (up to the
// chunk's count of them while the key is below the limit, the key moving
// by the step as the source's does; none where the thread's loop stopped
// in an earlier round, its keys wrapped since), counted down. Go does
// not inline ChunkTrips, so the common case is counted in place: a key
// from 0, at or above the thread's start, a positive step and a limit
// far from MaxInt, where the keys cannot wrap.
// A thread farther from the limit than the chunk's span runs the whole
// chunk, one nearer as many trips as a division counts, and one past it
// none.
func (e *emitter) chunkTrips(s *Stride, key, step string, fs *ast.ForStmt) {
	off, limit, more := s.Names[0], s.Names[1], s.Names[2]
	start, from, trips := e.f.Names.Fresh("start"), e.f.Names.Fresh("from"), e.f.Names.Fresh("trips")
	dist := limit + " - " + from
	if s.Op == token.LEQ {
		dist += " + 1"
	}
	e.printf("%s := %s\n%s := %s + %s\n%s := %s\n", start, e.plain(s.Start), from, start, off, trips, dist)
	e.printf("switch {\ncase %s < %s || %s < 0 || %s <= 0 || %s > %s.ChunkLimit:\n%s = %s.ChunkTrips(%s, %s, %s, %s, %s, %v)\n",
		from, start, from, s.Span, limit, e.f.Src.Compiled, trips, e.f.Src.Compiled, start, from, step, s.Chunked, limit, s.Op == token.LEQ)
	e.printf("case %s > %s:\n%s = %s\n", trips, s.Span, trips, s.Chunked)
	e.printf("case %s > 0:\n%s = (%s-1)/(%s) + 1\ndefault:\n%s = 0\n}\n", trips, trips, trips, step, trips)
	// only a thread that runs the whole chunk may have trips left: a
	// round none of whose threads did is the last
	e.printf("if %s == %s {\n%s = true\n}\n", trips, s.Chunked, more)
	e.printf("for %s := %s; %s > 0; %s, %s = %s+(%s), %s-1 {\n", key, from, trips, key, trips, key, step, trips)
	for _, st := range fs.Body.List {
		e.source(st)
	}
	e.printf("}\n")
}
