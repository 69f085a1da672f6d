package kir

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// threadLoop writes a thread loop.
func (e *emitter) threadLoop(l *ThreadLoop) {
	if arrays := e.f.zeroedOnly(l); arrays != nil {
		for _, a := range arrays {
			e.printf("clear(%s)\n", a)
		}
		return
	}
	if len(l.Body) == 1 {
		if fs, ok := l.Body[0].(*Code).Stmt.(*ast.ForStmt); ok && e.f.Strides[fs] != nil {
			if l.Tile != nil {
				e.tileLoop(l, fs, e.f.Strides[fs])
				return
			}
			e.lockstepLoop(l, fs, e.f.Strides[fs])
			return
		}
	}
	e.threadLoopWith(l, func() {
		if l.Reduce != nil {
			e.reduceBody(l)
		}
		for _, n := range l.Body {
			s := n.(*Code).Stmt
			switch holds, proven := e.proven(l, s); {
			case !proven:
				e.source(s)
			case holds:
				e.source(s.(*ast.IfStmt).Body) // the bounds hold its condition
			}
		}
		e.blankTopDecls(l.Body)
	})
}

// threadLoopWith writes a thread loop whose code body writes: the code
// first, into a buffer, to learn which of the thread's coordinates it
// uses, then the loop around it.
func (e *emitter) threadLoopWith(l *ThreadLoop, body func()) {
	if j := e.buildJam(l.Jam); j != nil {
		defer e.openJam(j)()
	}
	outer := e.w
	var buf bytes.Buffer
	e.w, e.loop, e.loopUse, e.enter, e.labelUsed = &buf, l, map[string]bool{}, false, false
	e.label = e.f.Names.Fresh(fmt.Sprintf("L%d", l.ID))
	e.locals(e.f.LoopVars[l], nil)
	body()
	e.stores(e.f.LoopVars[l], nil)
	switch {
	case l.Quot != nil:
		e.segStart = e.f.Names.Fresh("seg")
	case l.Rebase != nil && l.Rebase.Peel:
		e.segStart = e.f.Names.Fresh("fastlo")
	}
	e.vec = e.vectorStep(l)
	e.fast = e.rebasedBody(l, body)
	e.seg = e.segmentedBody(l, body)
	e.every = e.everyBody(l, body)
	switch {
	case e.fast != nil && l.Quot != nil:
		e.vecFast = e.segmentedVectorStep(l) // its segments' only vector steps
	case e.vec != nil && e.fast != nil:
		// its rebased rows run vector steps too, or the checked form's
		// steps serve them all
		if e.vecFast = e.rebasedVectorStep(l); e.vecFast == nil {
			e.fast = nil
		}
	}
	e.w = outer
	use := e.loopUse
	e.loop, e.loopUse = nil, nil
	if l.Reduce != nil {
		e.reduceInit(l)
	}
	var thread bytes.Buffer
	e.w = &thread
	e.loopPrologue(l)
	thread.Write(buf.Bytes())
	e.w = outer
	e.apartFlag(l)
	e.cleanUpper(l)
	if l.Outline != nil {
		e.printf("%s.OutOfLine(func() {\n", e.f.Src.Compiled)
		e.reslices(l)
		defer e.printf("})\n")
	}
	v, from, to, rank := e.loopHead(l, use)
	if l.Outside {
		e.threads(l, v, "0", from, rank, thread.Bytes())
		from, to = to, e.use("bdx")
	}
	e.threads(l, v, from, to, rank, thread.Bytes())
	e.vec, e.fast, e.vecFast, e.seg, e.segStart, e.every = nil, nil, nil, nil, "", nil
	e.loopTail(l, use)
}

// reslices writes, at the top of an outlined loop's literal (outline.go),
// each scratch array the loop names resliced to the block's length, and
// each shared slice of a constant length to that length: the literal
// captures the slices, whose lengths the body's reslicing no longer
// tells its bounds checks.
func (e *emitter) reslices(l *ThreadLoop) {
	for _, s := range l.Outline.Sized {
		name := e.f.Vars[s.Var].Name
		e.printf("%s := %s[:%s]\n_ = %s\n", name, name, s.Len, name)
	}
	for _, obj := range sortedVars(e.f, e.f.LoopVars[l].refs) {
		// a streamed loop's temporaries have an array only where its
		// reordered form is written, which the body's head decides last
		if v := e.f.Vars[obj]; v != nil && v.Spill && e.f.aheadTemps[obj] == nil {
			e.printf("%s := %s[:%s]\n_ = %s\n", v.SpillName, v.SpillName, e.use("n"), v.SpillName)
		}
	}
}

// threads writes the loop over threads: v from from to to, each thread
// first declaring its rank (where rank is not empty) and then running
// thread. A loop of Step k runs k threads a step, as copies, but for the
// checked form of a rebased loop, which runs only rows whose check failed.
func (e *emitter) threads(l *ThreadLoop, v, from, to, rank string, thread []byte) {
	if e.seg != nil {
		e.segments(l, v, from, to, rank, thread)
		return
	}
	one := func(at string) {
		if at != "" {
			e.printf("%s := %s\n", v, at)
		}
		if rank != "" {
			e.printf("%s := %s\n", e.name["rank"], rank)
		}
		e.w.Write(thread)
	}
	checked := e.fast != nil // what follows is the form a row runs where its check failed
	if e.fast != nil {
		e.rebasedThreads(l, v, from, to, rank)
		defer e.printf("}\n")
	}
	if !checked {
		from = e.stepStart(l, from)
		defer func() { e.stepVar = "" }()
	}
	if e.vec != nil && (!checked || e.checkedSteps(l)) {
		from = e.stepsOf(e.vec, v, from, to, rank)
	}
	if l.Step > 1 && !checked && e.vec == nil { // vector steps leave fewer threads than a step
		step := e.stepCounter("step", from)
		e.printf("for ; %s+%d < %s; %s += %d {\n", step, l.Step-1, to, step, l.Step)
		for k := range l.Step {
			e.printf("{\n")
			one(fmt.Sprintf("%s + %d", step, k))
			e.printf("}\n")
		}
		e.printf("}\n")
		from = step
	}
	if l.Every != nil {
		e.everyThreads(l, v, from, to, rank, thread)
		return
	}
	e.loopLabel()
	e.printf("for %s := %s; %s < %s; %s++ {\n", v, from, v, to, v)
	one("")
	e.printf("}\n")
}

// stepStart declares, where some build may run steps of several threads
// of l (vector steps or copies), the variable they advance from from, and
// returns it: both builds then name the loop over the remaining threads
// alike, which lets their files share it (internal/compile's builds).
// A lockstep loop's steps keep their own, whose start they compare.
func (e *emitter) stepStart(l *ThreadLoop, from string) string {
	if e.lockMore != "" || !(e.f.Vector[l] || e.f.Portable[l] || l.Step > 1) {
		return from
	}
	e.stepVar = e.f.Names.Fresh("vstep")
	e.printf("%s := %s\n", e.stepVar, from)
	return e.stepVar
}

// stepCounter returns the variable a row's steps advance from from:
// stepStart's, or else a new one named after base, declared here.
func (e *emitter) stepCounter(base, from string) string {
	if e.stepVar != "" {
		return e.stepVar
	}
	step := e.f.Names.Fresh(base)
	e.printf("%s := %s\n", step, from)
	return step
}

// stepsOf writes the vector steps vl of a row of threads (vectorSteps)
// and returns where the scalar loop goes on.
func (e *emitter) stepsOf(vl *vecLoop, v, from, to, rank string) string {
	saved := e.vec
	e.vec = vl
	defer func() { e.vec = saved }()
	first := from
	from = e.vectorSteps(v, from, to, rank)
	if e.lockMore != "" { // a lockstep loop's step: threads ran in it, and the loop goes on
		e.printf("if %s > %s {\n%s = true\n}\n", from, first, e.lockMore)
	}
	return from
}

// loopHead opens the loop over the block's threads. Code that uses no
// coordinate loops over the ranks; other code loops over rows of x, the
// row's y and z counted along, so that a thread costs an increment and a
// compare whatever the block's shape. A narrowed loop (Bounds) runs the
// part of each row its guards admit. It returns the loop over threads to
// write: its variable, bounds, and the rank of a thread ("" where the
// variable is the rank).
func (e *emitter) loopHead(l *ThreadLoop, use map[string]bool) (v, from, to, rank string) {
	n := e.name
	e.used["rank"] = true
	e.printf("{\n")
	if e.f.Transposed { // the source's rank of a thread reads all three
		use["ty"], use["tz"] = true, true
	}
	if !(use["tx"] || use["ty"] || use["tz"] || len(l.Bounds) > 0) {
		return n["rank"], "0", e.use("n"), ""
	}
	tx, bdx, base := n["tx"], e.use("bdx"), n["base"]
	skip := e.rowSkips(l, use)
	if use["ty"] || use["tz"] {
		e.printf("%s := 0\n", n["ty"])
		e.use("bdy")
	}
	if use["tz"] {
		e.printf("%s := 0\n", n["tz"])
	}
	from, to = "0", bdx
	if e.inRun() {
		from, to = n["runlo"], n["runhi"]
	}
	more := ""
	if len(l.Bounds) > 0 {
		from, to = n["from"], n["to"]
		e.bounds(l.Bounds)
		more = from + " < " + to + " && " // no row to run: the block's threads are all idle
	}
	if l.Outside {
		more = ""
	}
	stride := bdx
	if p := e.rowStepOf(l, use); p != "" {
		e.rowStep = e.f.Names.Fresh("rstep")
		e.printf("%s := 1\nif %s > 0 && %s%%%s == 0 {\n%s = %s\n}\n", e.rowStep, p, e.use("bdy"), p, e.rowStep, p)
		stride = bdx + "*" + e.rowStep
		skip = e.rowStep + " == 1 && " + skip
	}
	e.printf("for %s := 0; %s%s < %s; %s += %s {\n", base, more, base, e.use("n"), base, stride)
	if l.Outside {
		lo, hi := e.outsideRow(from, to, skip)
		return tx, lo, hi, e.rankOf(tx)
	}
	if skip != "" {
		if pos := rowRisk(l.Bounds); pos.IsValid() { // it may fail: where the row's first thread would
			e.printf("%s.Thread = %s\n", e.use("pos"), e.rankOf("0"))
			e.line(pos)
		}
		e.printf("if %s {\n", skip)
		e.nextRow(use)
		e.printf("continue\n}\n")
	}
	return tx, from, to, e.rankOf(tx)
}

// rankOf returns the rank of the thread at x (a name, or "0") of the
// row loopHead is in, as rankExpr writes it.
func (e *emitter) rankOf(x string) string {
	return exprText(e.rankExpr(ast.NewIdent(x)))
}

// rankExpr returns the rank of the thread at x of the row loopHead is in:
// base + x, or in a transposed body, whose x is the source's y, the
// source's rank from the three coordinates; in a run, whose x is the
// run's, from x's remainder in its block.
func (e *emitter) rankExpr(x ast.Expr) ast.Expr {
	if e.inRun() {
		x = &ast.BinaryExpr{X: x, Op: token.REM, Y: ast.NewIdent(e.use("bdx"))}
	}
	return e.rankInExpr(x)
}

// rankInExpr is rankExpr for x in the block.
func (e *emitter) rankInExpr(x ast.Expr) ast.Expr {
	n := e.name
	if e.f.Transposed { // ty + bdy*(x + bdx*tz)
		inner := &ast.BinaryExpr{X: x, Op: token.ADD, Y: &ast.BinaryExpr{X: ast.NewIdent(e.use("bdx")), Op: token.MUL, Y: ast.NewIdent(n["tz"])}}
		return &ast.BinaryExpr{X: ast.NewIdent(n["ty"]), Op: token.ADD,
			Y: &ast.BinaryExpr{X: ast.NewIdent(e.use("bdy")), Op: token.MUL, Y: &ast.ParenExpr{X: inner}}}
	}
	if id, ok := x.(*ast.Ident); ok && id.Name == "0" {
		return ast.NewIdent(n["base"])
	}
	return &ast.BinaryExpr{X: ast.NewIdent(n["base"]), Op: token.ADD, Y: x}
}

// outsideRow writes, for a loop that runs the threads its bounds
// [from, to) do not admit, the row's two parts: its threads before lo
// and from hi on, all of them where the row's Row bounds (skip) admit
// none. It returns lo and hi.
func (e *emitter) outsideRow(from, to, skip string) (lo, hi string) {
	lo, hi = e.f.Names.Fresh("lo"), e.f.Names.Fresh("hi")
	bdx := e.use("bdx")
	e.printf("%s, %s := min(%s, %s), max(%s, %s)\n", lo, hi, from, bdx, from, to)
	if skip != "" {
		e.printf("if %s {\n%s, %s = %s, %s\n}\n", skip, lo, hi, bdx, bdx)
	}
	return lo, hi
}

// rowStepOf returns the divisor of l's Row bound where it admits the
// rows whose y is a multiple of it (Bound.RowStep) and is l's only Row
// bound, written in parentheses; or "". The loop then steps that
// many rows at a time where the divisor is positive and the block's
// height a multiple of it, visiting only the rows the bound admits.
func (e *emitter) rowStepOf(l *ThreadLoop, use map[string]bool) string {
	if l.Outside || e.inRun() || e.f.Transposed {
		return ""
	}
	var step ast.Expr
	rows := 0
	for _, b := range l.Bounds {
		if b.Row != nil {
			rows++
			step = b.RowStep
		}
	}
	if rows != 1 || step == nil {
		return ""
	}
	outer := e.loopUse
	e.loopUse = use
	defer func() { e.loopUse = outer }()
	return "(" + e.oneLine(step) + ")"
}

// rowSkips returns the condition under which a row runs none of l's
// threads (its Row bounds), "" for none, noting in use the coordinates it
// reads.
func (e *emitter) rowSkips(l *ThreadLoop, use map[string]bool) string {
	var conds []string
	outer := e.loopUse
	e.loopUse = use
	for _, b := range l.Bounds {
		if b.Row != nil {
			conds = append(conds, "("+e.oneLine(b.Row)+")")
		}
	}
	e.loopUse = outer
	return strings.Join(conds, " || ")
}

// rowRisk returns the position of a Row bound of bounds that may fail,
// or none.
func rowRisk(bounds []Bound) token.Pos {
	for _, b := range bounds {
		if b.RowRisk {
			return b.Pos
		}
	}
	return token.NoPos
}

// loopLabel labels the loop over threads where a thread's return
// continues it.
func (e *emitter) loopLabel() {
	if e.labelUsed {
		e.printf("%s:\n", e.label)
	}
}

// loopTail closes what loopHead opened beyond the loop over threads: the
// row's next y and z.
func (e *emitter) loopTail(l *ThreadLoop, use map[string]bool) {
	if use["tx"] || use["ty"] || use["tz"] || len(l.Bounds) > 0 { // the loop over rows, as loopHead opened it
		e.nextRow(use)
		e.printf("}\n")
	}
	e.rowStep = ""
	e.printf("}\n")
}

// nextRow writes the step of y (and z) to the next row of x: y wraps
// even without z, since the block may have a z extent.
func (e *emitter) nextRow(use map[string]bool) {
	n := e.name
	inc := n["ty"] + "++"
	if e.rowStep != "" { // a multiple of the block's height: ty meets it
		inc = n["ty"] + " += " + e.rowStep
	}
	switch {
	case use["tz"]:
		e.printf("%s\nif %s == %s {\n%s = 0\n%s++\n}\n", inc, n["ty"], e.use("bdy"), n["ty"], n["tz"])
	case use["ty"]:
		e.printf("%s\nif %s == %s {\n%s = 0\n}\n", inc, n["ty"], e.use("bdy"), n["ty"])
	}
}

// bounds declares the part of each row of x a narrowed loop runs, from
// its guards. Each bound is compared before it is adjusted, and an offset
// subtracted saturating (compiled.Diff), so that none overflows; where
// x plus the offset may wrap, the launch fails (compiled.ErrGuardWraps).
func (e *emitter) bounds(bounds []Bound) {
	n := e.name
	from, to, v := n["from"], n["to"], n["bound"]
	if e.inRun() {
		e.printf("%s, %s := %s, %s\n", from, to, n["runlo"], n["runhi"])
	} else {
		e.printf("%s, %s := 0, %s\n", from, to, e.use("bdx"))
	}
	for _, b := range bounds {
		if b.Row != nil {
			continue // per row: loopHead
		}
		x := e.plain(b.X)
		if b.Fit != nil {
			e.fits(b, from, to)
		}
		if b.Scale != nil {
			e.printf("if %s := %s; %s < %s {\n%s = %s\n}\n", v, e.scaledBound(b, x), v, to, to, v)
			continue
		}
		if b.Off != nil {
			off := e.plain(b.Off)
			e.printf("if !%s.Adds(%s, %s) {\npanic(%s.ErrGuardWraps)\n}\n", e.f.Src.Compiled, off, to, e.f.Src.Compiled) // no call: its spills would cost the loop
			x = fmt.Sprintf("%s.Diff(%s, %s)", e.f.Src.Compiled, x, off)
		}
		e.narrowBy(b, x, v, from, to)
	}
}

// fits writes the test that narrow bound b (Bound.Fit) reads the
// threads from from to to by their wide forms: each one's sum in the
// type's range.
func (e *emitter) fits(b Bound, from, to string) {
	off := "0"
	if b.Off != nil {
		off = e.oneLine(b.Off) // its pieces' positions would place the panic on their lines
	}
	lo, hi := "0", fitLimit(b.Fit)
	if !unsigned(b.Fit) {
		lo = "-(" + hi + ")"
	}
	e.printf("if !%s.Fits(%s, %s, %s, %s, %s) {\n", e.f.Src.Compiled, off, from, to, lo, hi)
	e.line(b.Pos) // the guard's line, in the panic's trace
	e.printf("panic(%s.ErrGuardWraps)\n}\n", e.f.Src.Compiled)
}

// scaledBound returns the call computing the bound of scaled bound b
// (Bound.Scale), x its value.
func (e *emitter) scaledBound(b Bound, x string) string {
	fn := map[int]string{0: "ScaledBelow", 1: "ScaledAtMost"}[b.Adj]
	args := x + ", " + e.plain(b.Scale)
	if b.Off != nil {
		fn = map[int]string{0: "ScaledOffBelow", 1: "ScaledOffAtMost"}[b.Adj]
		args += ", " + e.plain(b.Off)
	}
	return e.f.Src.Compiled + "." + fn + "(" + args + ")"
}

// narrowBy writes the narrowing of [from, to) by bound b, x its value
// (its offset subtracted) and v the name to hold it: compared before it
// is adjusted by b.Adj, so that it cannot overflow.
func (e *emitter) narrowBy(b Bound, x, v, from, to string) {
	switch {
	case b.Upper && b.Adj == 0:
		e.printf("if %s := %s; %s < %s {\n%s = %s\n}\n", v, x, v, to, to, v)
	case b.Upper:
		e.printf("if %s := %s; %s < %s-1 {\n%s = %s + 1\n}\n", v, x, v, to, to, v)
	case b.Adj == 0:
		e.printf("if %s := %s; %s > %s {\n%s = %s\n}\n", v, x, v, from, from, v)
	default:
		e.printf("if %s := %s; %s >= %s {\n%s = %s\n} else if %s >= %s {\n%s = %s + 1\n}\n", v, x, v, to, from, to, v, from, from, v)
	}
}

// loopPrologue writes what each thread does first: record its rank for
// failure reports, skip it if it has returned, and enter it where its code
// uses the thread.
func (e *emitter) loopPrologue(l *ThreadLoop) {
	n := e.name
	if l.Outside {
		e.printf("_ = %s\n", n["rank"]) // split's rejected threads cannot fail: no record
	} else {
		if e.inRun() {
			e.printf("%s.Block = %s\n", e.use("pos"), e.blockOf(n["tx"]))
		}
		e.printf("%s.Thread = %s\n", e.use("pos"), n["rank"])
	}
	if e.f.Exits {
		e.printf("if %s[%s] {\ncontinue\n}\n", e.use("exited"), n["rank"])
	}
	if e.enter {
		e.printf("%s.Enter(%s)\n", n["b"], n["rank"])
	}
}

// zeroedOnly returns the scratch arrays of the variables thread loop l
// declares, where it only declares variables kept per thread, with no
// value: each thread's element zeroed, which clear does for the block at
// once. It returns nil for any other loop.
func (f *Func) zeroedOnly(l *ThreadLoop) []string {
	if len(l.Body) == 0 || l.Reduce != nil || l.Jam != nil || l.SlpJam != nil || l.Copy != nil || l.Every != nil || l.Outline != nil || l.Tile != nil || l.Quot != nil || len(l.Bounds) > 0 {
		return nil
	}
	var arrays []string
	for _, n := range l.Body {
		c, ok := n.(*Code)
		if !ok || c.Check {
			return nil
		}
		ds, ok := c.Stmt.(*ast.DeclStmt)
		if !ok {
			return nil
		}
		for _, spec := range ds.Decl.(*ast.GenDecl).Specs {
			vs, ok := spec.(*ast.ValueSpec)
			if !ok || len(vs.Values) > 0 {
				return nil
			}
			for _, id := range vs.Names {
				v, _ := f.Src.Info.Defs[id].(*types.Var)
				kv := f.Vars[v]
				if kv == nil || !kv.Spill || kv.InPlace {
					return nil
				}
				arrays = append(arrays, kv.SpillName)
			}
		}
	}
	return arrays
}
