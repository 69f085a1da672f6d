package kir

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"
)

// A rebasedLoop is the unchecked form of a thread loop (rebase.go): the
// code of a thread with its slices rebased to the row, and their names.
type rebasedLoop struct {
	thread []byte
	names  []string
	// hoisted names, for each slice whose element is hoisted
	// (RebasedSlice.Hoist), the local the row loads it into ("" for none);
	// apart is the flag, set before the loop's rows, that no slice the
	// loop writes shares memory with theirs ("" where it writes none).
	hoisted []string
	apart   string
	label   string // the loop's label, where a thread returns
	// checked is set where some index keeps its check: its threads
	// record their positions.
	checked bool
	// u, for a loop whose rows run in segments (quotient.go), counts the
	// threads of a segment from 0: the rebased slices are resliced to the
	// segment and indexed by it, since a remainder's offset may be
	// negative; or, for a peeled loop (rebase_peel.go), the threads from
	// the row's first in range.
	u string
	// edge, for a peeled loop, is the usual code of a thread as the
	// threads before and after the unchecked ones run it, and edgeLabel
	// the label a thread's return continues there ("" for none).
	edge      []byte
	edgeLabel string
	// strides is set where the row's check bounds the strided indexes.
	strides bool
	// induction names, for each strided slice a thread indexes by its
	// own counter, the counter ("" for none); steps are their strides'
	// and starts' names, which the row's check declares.
	induction []string
	steps     []inductionStep
}

// rebasedBody writes the code of a thread of l in its unchecked form, as
// body writes it with the rebased index expressions replaced, or returns
// nil where l has none (or runs vector steps, which check their own).
func (e *emitter) rebasedBody(l *ThreadLoop, body func()) *rebasedLoop {
	if l.Rebase == nil {
		return nil
	}
	names := make([]string, len(l.Rebase.Slices)) // named where used (rebasedIndex)
	e.rebased = names
	if l.Quot != nil { // it runs in segments only
		e.quot, e.rebasedU = l.Quot, e.f.Names.Fresh("u")
	} else if l.Rebase.Peel {
		e.rebasedU = e.f.Names.Fresh("u")
	}
	// A strided index is bounded by the row's check, except in a loop
	// that runs vector steps, whose strided loads check their own
	// (checking the row too would check twice; BenchmarkScan's blelloch); a
	// row not a segment's or a peeled loop's counts it (emit_induction.go).
	fast := &rebasedLoop{names: names, u: e.rebasedU, strides: e.vec == nil}
	fast.hoisted = make([]string, len(l.Rebase.Slices))
	e.hoisted = fast.hoisted
	fast.induction = make([]string, len(l.Rebase.Slices))
	if fast.strides && fast.u == "" {
		e.strided = fast.induction
	}
	fast.thread, fast.label = e.threadForm(l, "r", false, body)
	e.rebased, e.hoisted, e.quot, e.rebasedU, e.strided = nil, nil, nil, "", nil
	written, unwritten := false, false
	for k, n := range names {
		if l.Rebase.Slices[k].Bound {
			continue // checked, never indexed
		}
		strided := l.Rebase.Slices[k].Stride != nil
		written = written || n != "" || strided && fast.strides
		unwritten = unwritten || n == "" && !(strided && fast.strides)
	}
	if !written {
		return nil // its rebased indexes are in code written otherwise
	}
	// An index the pass rebased but the code writes otherwise keeps its
	// check: its thread must record its position.
	fast.checked = l.Rebase.Partial || unwritten
	if l.Rebase.Peel {
		fast.edge, fast.edgeLabel = e.threadForm(l, "p", true, body)
	}
	return fast
}

// rebasedVectorStep translates the code of thread loop l, which has a
// vector step and a rebased form, into the vector step of its rebased
// rows: the step loads and stores the slices resliced to the row
// (rebasedIndex's names) at the lane's x, which the row's check keeps in
// range for every thread the row runs, so that the step computes no
// index but the lane's and checks only that. It returns nil where the
// translation fails.
func (e *emitter) rebasedVectorStep(l *ThreadLoop) *vecLoop {
	saved, savedU := e.rebased, e.rebasedU
	e.rebased, e.rebasedU = e.fast.names, e.fast.u
	defer func() { e.rebased, e.rebasedU = saved, savedU }()
	vl, ok := e.translateStep(l)
	if !ok {
		return nil
	}
	e.widen(l, vl)
	return vl
}

// loopRebase returns the Rebase of the thread or lane loop being written,
// or nil.
func (e *emitter) loopRebase() *Rebase {
	switch l := e.loop.(type) {
	case *ThreadLoop:
		return l.Rebase
	case *LaneLoop:
		return l.Rebase
	}
	return nil
}

// rebasedProven returns the value comparison b has in the unchecked form
// of the loop being written, where rebase (in the rows pass) decided it
// (Rebase.Proven).
func (e *emitter) rebasedProven(b *ast.BinaryExpr) (holds, ok bool) {
	rb := e.loopRebase()
	if e.rebased == nil || rb == nil {
		return false, false
	}
	p, ok := rb.Proven[b]
	if p.Strided && e.vec != nil {
		return false, false // vector steps check their strided loads themselves: the row's check does not bound them (rebasedBody)
	}
	return p.Holds, ok
}

// rebasedSlice returns the name of rebased slice k of the loop being
// written, in its rebased form, naming it on first use.
func (e *emitter) rebasedSlice(k int) string {
	if e.rebased[k] == "" {
		e.rebased[k] = e.f.Names.Fresh("at")
	}
	return e.rebased[k]
}

// threadForm writes the code of a thread of l as body writes it with the
// substitutions of another form of the loop in force (the caller sets
// them), its thread's position recorded first where prologue is set, and
// returns it and the label (L<id><suffix>) a thread's return continues,
// "" where none does.
func (e *emitter) threadForm(l *ThreadLoop, suffix string, prologue bool, body func()) ([]byte, string) {
	saved, label, used := e.w, e.label, e.labelUsed
	var buf bytes.Buffer
	e.w, e.label, e.labelUsed = &buf, e.f.Names.Fresh(fmt.Sprintf("L%d%s", l.ID, suffix)), false
	if prologue {
		e.loopPrologue(l)
	}
	e.locals(e.f.LoopVars[l], nil)
	body()
	e.stores(e.f.LoopVars[l], nil)
	form := ""
	if e.labelUsed {
		form = e.label
	}
	e.w, e.label, e.labelUsed = saved, label, used
	return buf.Bytes(), form
}

// rebasedIndex returns the rebased form of index expression x (or of a
// guarded load's call: the element it returns there), where the unchecked
// form of a loop is being written and x is one of its.
func (e *emitter) rebasedIndex(c *cloner, x ast.Expr) (ast.Node, bool) {
	rb := e.loopRebase()
	if e.rebased == nil || rb == nil {
		return nil, false
	}
	k, ok := rb.At[x]
	if !ok {
		return nil, false
	}
	if rb.Slices[k].Stride != nil {
		return e.stridedIndex(c, x, k) // the row's check bounds it
	}
	// the element keeps the position of the one it stands for: a
	// statement that begins with it is written after its //line
	slice := &ast.Ident{NamePos: e.pos.at(x.Pos()), Name: e.rebasedSlice(k)}
	if rb.Slices[k].One {
		if rb.Slices[k].Hoist && e.hoisted != nil {
			if e.hoisted[k] == "" {
				e.hoisted[k] = e.f.Names.Fresh("elem")
			}
			return &ast.Ident{NamePos: slice.NamePos, Name: e.hoisted[k]}, true
		}
		return &ast.IndexExpr{X: slice, Index: intLit(0)}, true
	}
	if e.rebasedU != "" {
		return &ast.IndexExpr{X: slice, Index: ast.NewIdent(e.rebasedU)}, true
	}
	return &ast.IndexExpr{X: slice, Index: ast.NewIdent(e.use("tx"))}, true
}

// rebasedThreads opens the row's check and its unchecked loop over
// threads v from from to to, and the else branch that the usual loop
// fills; the caller closes it. Each slice is resliced to [off, off+to):
// its length is to, which lets Go drop the checks of index v (or to
// [off, off+1], an element the row's threads share, read at 0). A peeled
// loop's rows run as peeledThreads writes them.
func (e *emitter) rebasedThreads(l *ThreadLoop, v, from, to, rank string) {
	if l.Rebase.Peel {
		e.peeledThreads(l, v, from, to, rank)
		return
	}
	c := rowCheck{e: e, to: to, vars: map[string]string{}, have: map[string]bool{}}
	if e.fast.u != "" { // a segment's slices start at its first thread
		c.to = e.f.Names.Fresh("seglen")
		e.printf("%s := %s - %s\n", c.to, to, from)
	} else if from != "0" {
		c.cond(from + " >= 0")
	}
	var resliced strings.Builder
	var hoists []string
	e.fast.steps = nil // this row's check names them (a loop may have two rows: ThreadLoop.Outside)
	for k, r := range l.Rebase.Slices {
		if r.Bound && r.Stride != nil {
			c.strided(r, from, to, k) // its check alone, with or without vector steps
			continue
		}
		if r.Stride != nil {
			if e.fast.strides {
				e.fast.steps = append(e.fast.steps, c.strided(r, from, to, k))
			}
			continue
		}
		if e.fast.u != "" && !r.One {
			r.Off = sumOf(r.Off, token.ADD, ast.NewIdent(from))
		}
		if r.Bound {
			c.slice(r) // its check alone
		} else if e.fast.names[k] != "" { // not every index the pass rebased is written as an index
			fmt.Fprintf(&resliced, "%s := %s\n", e.fast.names[k], c.slice(r))
			hoists = append(hoists, e.hoistedElem(&c, k))
		}
	}
	resliced.WriteString(strings.Join(hoists, ""))
	e.printf("%sif %s {\n%s", c.decls.String(), strings.Join(c.conds, " && "), resliced.String())
	e.fastThreads(l, v, from, to, c.to, rank)
	e.printf("} else {\n")
}

// fastThreads writes the unchecked loop over threads v from from to to,
// its vector steps first where it has them. In a loop whose slices were
// resliced from thread from (rebasedLoop.u), their length is n and the
// threads index them by the counter u.
func (e *emitter) fastThreads(l *ThreadLoop, v, from, to, n, rank string) {
	switch e.copyRow(l, from, to) {
	case copied:
		return
	case copiedDisjoint: // the loop runs where the slices overlap
		defer e.printf("}\n")
	}
	u, start := e.fast.u, from
	if u == "" {
		from = e.stepStart(l, from)
		defer func() { e.stepVar = "" }()
	}
	if e.vecFast != nil {
		from = e.stepsOf(e.vecFast, v, from, to, rank)
	}
	if e.fast.label != "" {
		e.printf("%s:\n", e.fast.label)
	}
	if e.inRun() && !e.fast.checked {
		rank = "" // a thread of a run reads its rank only to record it, by a division
	}
	if u == "" && e.vecFast == nil && e.fast.label == "" && !e.fast.inducts() && l.Step > 1 {
		from = e.fastSteps(l, v, from, to, rank)
	}
	if u != "" {
		first := "0"
		if from != start { // after the vector steps
			first = from + " - " + start
		}
		e.printf("for %s := %s; %s < %s; %s++ {\n%s := %s + %s\n", u, first, u, n, u, v, start, u)
	} else {
		e.inductionLoop(v, from, to)
	}
	e.fastThread(l, rank)
	e.printf("}\n")
}

// fastThread writes a thread of the unchecked loop: its rank where
// rank is not empty, its position recorded where it may fail, and its
// code.
func (e *emitter) fastThread(l *ThreadLoop, rank string) {
	if rank != "" {
		e.printf("%s := %s\n", e.name["rank"], rank)
	}
	if e.fast.checked {
		e.loopPrologue(l) // its threads may fail: each records its position
	} else if rank != "" {
		e.printf("_ = %s\n", e.name["rank"])
	}
	e.w.Write(e.fast.thread)
}

// fastSteps writes the unchecked loop of a thread loop of Step k as
// steps of k threads, their copies one after another, and returns where
// the loop over the rest begins. A one-thread loop this short ran at
// half speed or at full speed on one machine depending on where the
// linker placed it relative to a 64-byte boundary (SAXPY: 0.7 of
// hand-written Go, and 1.0 in steps of four), as the checked form's
// steps do (threads).
func (e *emitter) fastSteps(l *ThreadLoop, v, from, to, rank string) string {
	step := e.stepCounter("step", from)
	e.printf("for ; %s+%d < %s; %s += %d {\n", step, l.Step-1, to, step, l.Step)
	for k := range l.Step {
		e.printf("{\n%s := %s + %d\n_ = %s\n", v, step, k, v) // its rebased indexes may be all the uses
		e.fastThread(l, rank)
		e.printf("}\n")
	}
	e.printf("}\n")
	return step
}

// A rowCheck builds the check before a row of a rebased loop: the
// variables it declares (one per distinct offset or row index), and the
// conditions under which every rebased slice is long enough.
type rowCheck struct {
	e     *emitter
	to    string
	vars  map[string]string // each expression's text, its variable
	decls strings.Builder
	conds []string
	have  map[string]bool // the conditions in conds
}

// cond adds condition s, unless the check has it already (two columns
// of one row of a tile).
func (c *rowCheck) cond(s string) {
	if !c.have[s] {
		c.have[s] = true
		c.conds = append(c.conds, s)
	}
}

// variable returns the variable that holds x for the row, declaring it
// (with the condition x >= 0) on first use.
func (c *rowCheck) variable(x ast.Expr, name string) string {
	v := c.value(x, name)
	c.cond(v + " >= 0")
	return v
}

// value returns the variable that holds x for the row, declaring it on
// first use.
func (c *rowCheck) value(x ast.Expr, name string) string {
	text := c.e.oneLine(x)
	if v := c.vars[text]; v != "" {
		return v
	}
	v := c.e.f.Names.Fresh(name)
	c.vars[text] = v
	fmt.Fprintf(&c.decls, "%s := %s\n", v, text)
	return v
}

// slice returns r resliced to the row, noting the conditions it needs.
// A slice of arrays is first indexed at its row: len of that element is
// the array's constant length, which indexes nothing.
func (c *rowCheck) slice(r RebasedSlice) string {
	x := c.e.plain(r.X)
	if r.Row != nil {
		row := c.variable(r.Row, "row")
		c.cond(fmt.Sprintf("%s < len(%s)", row, x))
		x += "[" + row + "]"
	}
	if r.Off == nil {
		c.cond(fmt.Sprintf("%s <= len(%s)", c.to, x))
		if r.Fit != nil {
			c.cond(fmt.Sprintf("%s <= %s", c.to, fitLimit(r.Fit)))
		}
		return x + "[:" + c.to + "]"
	}
	at := c.variable(r.Off, "off")
	if r.One {
		c.cond(fmt.Sprintf("%s < len(%s)", at, x))
		if r.Fit != nil {
			c.cond(fmt.Sprintf("%s < %s", at, fitLimit(r.Fit)))
		}
		return x + "[" + at + ":][:1]"
	}
	c.cond(fmt.Sprintf("%s <= len(%s) && %s <= len(%s)-%s", at, x, c.to, x, at))
	if r.Fit != nil { // the row's indexes, at to at+to-1, are its wide forms' values
		c.cond(fmt.Sprintf("%s <= %s-%s", c.to, fitLimit(r.Fit), at))
	}
	return x + "[" + at + ":][:" + c.to + "]"
}

// strided notes the condition that strided index r.Stride*x + r.Off,
// slice k's, is in its slice for every x of the row, from to to
// (rebase_stride.go), and returns the names of its stride and offset.
func (c *rowCheck) strided(r RebasedSlice, from, to string, k int) inductionStep {
	st := inductionStep{k: k, stride: c.value(r.Stride, "stride"), off: "0"}
	if r.Off != nil {
		st.off = c.value(r.Off, "off")
	}
	c.cond(fmt.Sprintf("%s.InStride(%s, %s, %s, %s, len(%s))", c.e.f.Src.Compiled, st.stride, st.off, from, to, c.e.plain(r.X)))
	return st
}

// rebasedLocals returns, while the unchecked form of a loop is being
// written, the variables whose definitions its rebased indexes took in
// (Rebase.Locals), or while its segmented form is, those its divisions'
// dividends took in (Quotients.Locals); or nil.
func (e *emitter) rebasedLocals() map[*types.Var]bool {
	var out map[*types.Var]bool
	add := func(locals map[*types.Var]bool) {
		for v := range locals {
			if out == nil {
				out = map[*types.Var]bool{}
			}
			out[v] = true
		}
	}
	if e.quot != nil {
		add(e.quot.Locals)
	}
	if rb := e.loopRebase(); e.rebased != nil && rb != nil {
		add(rb.Locals)
	}
	return out
}

// blankLocals returns _ = v for each variable v that orig defines and
// the current row has as a rebased local (copied is orig's copy): its
// uses may all have become rebased indexes, which Go would report as
// unused.
func (e *emitter) blankLocals(orig, copied ast.Stmt) []ast.Stmt {
	locals := e.rebasedLocals()
	def, ok := orig.(*ast.AssignStmt)
	if locals == nil || !ok || def.Tok != token.DEFINE {
		return nil
	}
	var out []ast.Stmt
	for j, x := range def.Lhs {
		if v, ok := e.f.Src.Info.Defs[x.(*ast.Ident)].(*types.Var); ok && locals[v] {
			name := copied.(*ast.AssignStmt).Lhs[j].(*ast.Ident).Name
			out = append(out, &ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent("_")}, Tok: token.ASSIGN, Rhs: []ast.Expr{ast.NewIdent(name)}})
		}
	}
	return out
}

// hoistedElem returns the declaration of the local into which a row
// loads the element of rebased slice k, where it is hoisted, noting in c
// the loop's apart flag; or "".
func (e *emitter) hoistedElem(c *rowCheck, k int) string {
	if e.fast.hoisted[k] == "" {
		return ""
	}
	if e.fast.apart != "" && !slices.Contains(c.conds, e.fast.apart) {
		c.cond(e.fast.apart)
	}
	return fmt.Sprintf("%s := %s[0]\n", e.fast.hoisted[k], e.fast.names[k])
}

// apartFlag writes, before the rows of thread loop l, the flag that no
// slice l writes shares memory with a slice whose element its rows load
// once (rebasedLoop.apart): whole slices, the same for every row, so
// that the rows test one variable. Slices that merely lie in the same
// array without overlapping pass; overlapping ones that would not reach
// the element only cost the rows their unchecked form.
func (e *emitter) apartFlag(l *ThreadLoop) {
	if e.fast == nil || l.Rebase == nil || len(l.Rebase.Apart) == 0 {
		return
	}
	var conds []string
	for k, name := range e.fast.hoisted {
		if name == "" {
			continue
		}
		for _, w := range l.Rebase.Apart {
			cond := fmt.Sprintf("%s.Disjoint(%s, %s)", e.f.Src.Compiled, e.plain(l.Rebase.Slices[k].X), e.plain(w))
			if !slices.Contains(conds, cond) {
				conds = append(conds, cond)
			}
		}
	}
	if len(conds) > 0 {
		e.fast.apart = e.f.Names.Fresh("apart")
		e.printf("%s := %s\n_ = %s\n", e.fast.apart, strings.Join(conds, " && "), e.fast.apart)
	}
}
