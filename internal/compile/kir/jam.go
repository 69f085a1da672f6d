package kir

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"
)

// A thread that ends its code by calling a helper walking a run of its
// own (a coarsened scan's serial pass over its items: s += x; out[i] = s)
// waits on each addition's latency, one chain at a time: two cycles an
// element here, where the CPU could add four chains at once. The jam
// pass gives such a call a jam (unroll-and-jam across threads): four
// threads' calls run together, their loops interleaved trip by trip,
// each thread's operations in its own order, so results are bit for bit
// the scalar form's. The helper's body splits in two: its first
// statements, which may fail (out = out[:len(in)]), run at each thread's
// call as written, so that a failure names its thread; the rest, which
// cannot fail, runs once four threads have called, jammed
// (emit_jam.go), or alone for the last threads of the loop. Threads of a
// block run in another order than the scalar form's, which CUDA allows;
// only racy code sees it (docs/differences-from-cuda.md).

// jamLanes is the threads a jam interleaves.
const jamLanes = 4

// A Jam is a helper whose calls at the end of a thread's code run four
// threads at a time.
type Jam struct {
	Name  string        // gc_jam_ and the helper's name: the accumulating type; its functions add suffixes
	Decl  *ast.FuncDecl // the helper
	pre   []ast.Stmt    // the body's statements each call runs as written
	rest  []ast.Stmt    // the rest, which cannot fail: run jammed
	state []*types.Var  // the parameters and pre's variables, which rest reads
	// result is the expression the helper returns, after rest, or nil
	// for a helper without results.
	result ast.Expr
	// sameLen pairs slice variables pre makes as long (out =
	// out[:len(in)]), neither assigned by rest: a jammed range loop over
	// one indexes the other through a window as long as its counter's
	// bound (emit_jam_window.go).
	sameLen map[*types.Var]*types.Var

	// A region's jam (jam_region.go) has no Decl: its call site passes
	// args for its state, own are the variables its copies rename, what
	// names it in comments, and resultVar is the variable result reads.
	// guards are the tests of a thread's state that prove its rest's
	// indexes in range (jam_safe_guard.go): a thread failing one runs
	// alone, at its call.
	guards    []jamTest
	windows   map[*ast.IndexExpr]countedIndex
	args      []jamArg
	own       map[*types.Var]bool
	what      string
	resultVar *types.Var
}

// jam gives the thread loops, and warps' lane loops, that end with a
// call of a jammable helper their jam (ThreadLoop.Jam, LaneLoop.Jam),
// outside loops the SIMD build vectorizes.
func jam(f *Func) {
	if f.Src.NoTwins || f.Exits {
		return // the helper's functions would be declared by files of other builds too; a thread may leave early
	}
	f.jams, f.regionJams = map[*ast.FuncDecl]*Jam{}, map[ast.Stmt]*Jam{}
	Walk(f.Body, func(n Node) {
		switch l := n.(type) {
		case *ThreadLoop:
			if l.Reduce != nil || l.Tile != nil || l.Quot != nil || l.stepped() || f.Vector[l] || f.lockstep(l) != nil {
				return
			}
			if l.Jam = f.jamOf(l, l.Body, nil, nil); l.Jam != nil {
				l.Step = 1
			}
		case *WarpLoop:
			Walk(l.Body, func(m Node) {
				ll, ok := m.(*LaneLoop)
				if !ok || f.VectorLanes[ll] {
					return
				}
				var operand *Collective // the collective whose copy of the value is its only keeper
				if !f.directOperands(ll.Operands, l.Arrays) {
					if operand = f.copiedValue(ll.Operands, l.Arrays); operand == nil {
						return
					}
				}
				ll.Jam = f.jamOf(ll, ll.Body, l.Arrays, operand)
			})
		}
	})
}

// jamOf returns the jam of a loop's body, whose last statement must
// call a jammable helper (but for copies of its result and blank uses,
// jam_copies.go): as a statement, or assigning its result to an element
// of a slice or to a variable kept per thread (spilled), per lane (in
// arrays) or, where operand is set, by the copy of that collective's
// value operand alone (jam_operand.go).
func (f *Func) jamOf(loop Node, body []Node, arrays map[*types.Var]string, operand *Collective) *JamCall {
	if len(body) == 0 {
		return nil
	}
	at, copies := f.closingCopies(body)
	c, ok := body[at].(*Code)
	if !ok {
		return nil
	}
	call, result, v := f.jamStmt(c.Stmt)
	switch {
	case operand != nil && (call == nil || len(copies) > 0 || !f.operandIs(operand, v)):
		return nil
	case call == nil && at == len(body)-1:
		return f.regionJam(body, arrays)
	case call == nil:
		return nil
	case len(copies) > 0:
		if v = f.copiedTo(v, copies, arrays, f.deadSpills[loop]); v == nil {
			return nil
		}
	}
	jc := &JamCall{Call: call, Stmt: c.Stmt, Result: result, Var: v, DefaultOnly: f.SLPCalls[call] != nil}
	if v != nil {
		kv := f.Vars[v]
		switch arr, ok := arrays[v]; {
		case kv == nil || kv.InPlace:
			return nil
		case operand != nil:
			if ok || kv.Spill {
				return nil
			}
			jc.Operand = operand
		case ok:
			jc.Array = arr
		case !kv.Spill:
			return nil // a local of the loop's, which the call is the last to touch: dead
		}
	}
	j := f.jamFor(call)
	if j == nil || (j.result == nil) != (result == nil && v == nil) {
		return nil
	}
	jc.Jam = j
	return jc
}

// A JamCall is a loop's closing call of a jammed helper: a statement of
// its own, or the right side of an assignment of its result to an
// element (s[tid] = sum(...)) or a variable kept per thread or lane,
// which the rest stores.
type JamCall struct {
	Call   *ast.CallExpr
	Jam    *Jam
	Stmt   ast.Stmt
	Result *ast.IndexExpr // the element assigned, or nil
	Var    *types.Var     // the variable assigned, or nil
	Array  string         // the lane array keeping Var, or "" where it is spilled
	// Operand, where set, is the collective whose value operand Var is,
	// copied per lane: the rest stores the result in its operand array
	// (jam_operand.go).
	Operand *Collective
	// DefaultOnly is set where the helper has a twin the SIMD build calls
	// instead (slp.go): that build's loop calls the twin, the default
	// build's runs the jam.
	DefaultOnly bool
	// Region is set for a loop's own jam (jam_region.go): Stmt is the
	// loop, which the add call replaces, and Drop the statement storing
	// its result after it, which the rest does instead.
	Region bool
	Drop   ast.Stmt
}

// jamStmt returns the call statement s makes, or that it assigns to a
// variable or to an element of a slice variable at an index that reads
// variables and constants alone (evaluating them cannot fail nor observe
// the call), and that element or variable.
func (f *Func) jamStmt(s ast.Stmt) (*ast.CallExpr, *ast.IndexExpr, *types.Var) {
	switch s := s.(type) {
	case *ast.ExprStmt:
		call, _ := s.X.(*ast.CallExpr)
		return call, nil, nil
	case *ast.DeclStmt: // var v T = h(...), as the inliner binds a parameter
		if vs := singleSpec(s); vs != nil && len(vs.Names) == 1 && len(vs.Values) == 1 {
			call, _ := ast.Unparen(vs.Values[0]).(*ast.CallExpr)
			v, _ := f.Src.Info.Defs[vs.Names[0]].(*types.Var)
			if call != nil && v != nil {
				return call, nil, v
			}
		}
	case *ast.AssignStmt:
		if len(s.Lhs) != 1 || len(s.Rhs) != 1 {
			return nil, nil, nil
		}
		call, _ := ast.Unparen(s.Rhs[0]).(*ast.CallExpr)
		if call == nil {
			return nil, nil, nil
		}
		if id := identOf(s.Lhs[0]); id != nil && (s.Tok == token.ASSIGN || s.Tok == token.DEFINE) {
			v, _ := f.Src.Info.ObjectOf(id).(*types.Var)
			return call, nil, v
		}
		ix, _ := ast.Unparen(s.Lhs[0]).(*ast.IndexExpr)
		if s.Tok != token.ASSIGN || ix == nil || identOf(ix.X) == nil || !f.plainIndex(ix.Index) {
			return nil, nil, nil
		}
		if _, ok := f.Src.Info.TypeOf(ix.X).Underlying().(*types.Slice); !ok {
			return nil, nil, nil
		}
		return call, ix, nil
	}
	return nil, nil, nil
}

// plainIndex reports whether e is a variable, a constant, or a sum,
// difference or product of such.
func (f *Func) plainIndex(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		_, ok := f.Src.Info.ObjectOf(e).(*types.Var)
		return ok || f.Src.Info.Types[e].Value != nil
	case *ast.BasicLit:
		return true
	case *ast.BinaryExpr:
		return (e.Op == token.ADD || e.Op == token.SUB || e.Op == token.MUL) && f.plainIndex(e.X) && f.plainIndex(e.Y)
	}
	return false
}

// Jams returns the jams f's bodies for the SIMD build (simd) or the
// default build call, by name.
func (f *Func) Jams(simd bool) []*Jam {
	var out []*Jam
	Walk(f.Body, func(n Node) {
		var jc *JamCall
		switch l := n.(type) {
		case *ThreadLoop:
			jc = l.Jam
		case *LaneLoop:
			jc = l.Jam
		}
		if jc != nil && !(simd && jc.DefaultOnly) && !slices.Contains(out, jc.Jam) {
			out = append(out, jc.Jam)
		}
	})
	slices.SortFunc(out, func(a, b *Jam) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// jamFor returns the jam of call's helper, or nil where it has none: a
// plain function of the kernel's package, with no results, that does
// not synchronize, whose body is simple statements then code that
// cannot fail holding a loop that carries a value from trip to trip.
func (f *Func) jamFor(call *ast.CallExpr) *Jam {
	if call.Ellipsis.IsValid() {
		return nil
	}
	fn, _ := typeutilCallee(f.Src.Info, call).(*types.Func)
	if fn == nil {
		return nil
	}
	fn = fn.Origin()
	decl := f.declOf(fn)
	sig := fn.Signature()
	if decl == nil || decl.Recv != nil || decl.Body == nil || sig.Variadic() || sig.Results().Len() > 1 {
		return nil
	}
	if sig.TypeParams().Len() > 0 && len(f.typeArgs(call)) != sig.TypeParams().Len() {
		return nil
	}
	var state []*types.Var
	for i := range sig.Params().Len() {
		p := sig.Params().At(i)
		if _, isFunc := p.Type().Underlying().(*types.Signature); isFunc || threadLike(p.Type()) || p.Name() == "" || p.Name() == "_" {
			return nil
		}
		state = append(state, p)
	}
	if _, kind := f.callSync(call, map[*ast.FuncDecl]bool{}); kind != syncNone {
		return nil
	}
	if j, ok := f.jams[decl]; ok {
		return j
	}
	j := f.splitJam(decl, state, sig.Results().Len() == 1)
	f.jams[decl] = j
	return j
}

// splitJam splits decl's body into the statements each call runs and
// the rest, run jammed: the longest tail that cannot fail, after simple
// statements. It returns nil where the tail holds no loop carrying a
// value.
func (f *Func) splitJam(decl *ast.FuncDecl, state []*types.Var, results bool) *Jam {
	list := decl.Body.List
	var result ast.Expr
	if results { // the body ends by returning its result; no other return
		r, ok := list[len(list)-1].(*ast.ReturnStmt)
		if !ok || len(r.Results) != 1 || returnsIn(list[:len(list)-1]) {
			return nil
		}
		result, list = r.Results[0], list[:len(list)-1]
	}
	list, ranged := f.hoistRanges(list)
	at := len(list)
	for at > 0 {
		var trial []jamTest
		s := &jamSafety{f: f, pre: list[:at-1], rest: list[at-1:], local: locals(ranged),
			guards: &trial, windows: map[*ast.IndexExpr]countedIndex{}, state: helperState(f.Src.Info, state, list[:at-1])}
		if !s.safeList(list[at-1:], !results, true) || result != nil && !s.safeExpr(result) {
			break
		}
		at--
	}
	pre, rest := list[:at], list[at:]
	if len(rest) == 0 {
		return nil
	}
	var guards []jamTest
	safety := &jamSafety{f: f, pre: pre, rest: rest, local: locals(ranged),
		guards: &guards, windows: map[*ast.IndexExpr]countedIndex{}, state: helperState(f.Src.Info, state, pre)}
	if !safety.safeList(rest, !results, true) || result != nil && !safety.safeExpr(result) {
		return nil
	}
	for _, s := range pre {
		switch s := s.(type) {
		case *ast.AssignStmt:
			if s.Tok == token.DEFINE {
				for _, x := range s.Lhs {
					v, _ := f.Src.Info.Defs[x.(*ast.Ident)].(*types.Var)
					if v == nil {
						return nil // _ := or a redefinition
					}
					state = append(state, v)
				}
			}
		case *ast.IncDecStmt:
		case *ast.DeclStmt:
			gd, ok := s.Decl.(*ast.GenDecl)
			if !ok || gd.Tok != token.VAR {
				return nil
			}
			for _, sp := range gd.Specs {
				for _, id := range sp.(*ast.ValueSpec).Names {
					v, _ := f.Src.Info.Defs[id].(*types.Var)
					if v == nil {
						return nil
					}
					state = append(state, v)
				}
			}
		default:
			return nil // control, calls: the pre part is assignments and declarations only
		}
		if hasFuncLit(s) {
			return nil
		}
	}
	if !carriesChain(rest) {
		return nil
	}
	return &Jam{Name: "gc_jam_" + decl.Name.Name, Decl: decl, pre: pre, rest: rest, state: state, result: result,
		sameLen: safety.keptSameLen(), guards: guards, windows: safety.windows}
}

// helperState returns a helper's parameters and the variables pre, its
// first statements, declares: the state its add function holds, which
// the tests of its indexes may read (jam_safe_guard.go).
func helperState(info *types.Info, params []*types.Var, pre []ast.Stmt) map[*types.Var]bool {
	out := locals(params)
	for _, s := range pre {
		for v := range stmtDecls(info, s) {
			out[v] = true
		}
	}
	return out
}

// returnsIn reports whether list holds a return statement outside
// function literals.
func returnsIn(list []ast.Stmt) bool {
	return slices.ContainsFunc(list, hasReturn)
}

// locals returns vs as a set.
func locals(vs []*types.Var) map[*types.Var]bool {
	m := map[*types.Var]bool{}
	for _, v := range vs {
		m[v] = true
	}
	return m
}

// hoistRanges returns list with each top-level range loop over a slice
// expression that is not a variable (range x[lo:hi]) split in two: the
// expression assigned to a variable of its own (gc_range<k> :=
// x[lo:hi], which may fail, so the simple statements each call runs), and
// the loop over that variable; and those variables. The type-checker's
// records gain the new identifiers; the helper's syntax is not changed.
func (f *Func) hoistRanges(list []ast.Stmt) ([]ast.Stmt, []*types.Var) {
	var out []ast.Stmt
	var vars []*types.Var
	for _, s := range list {
		r, ok := s.(*ast.RangeStmt)
		if !ok || identOf(r.X) != nil {
			out = append(out, s)
			continue
		}
		if _, ok := f.Src.Info.TypeOf(r.X).Underlying().(*types.Slice); !ok {
			out = append(out, s)
			continue
		}
		name := fmt.Sprintf("gc_range%d", len(vars))
		v := types.NewVar(r.X.Pos(), nil, name, f.Src.Info.TypeOf(r.X))
		def, use := &ast.Ident{NamePos: r.X.Pos(), Name: name}, &ast.Ident{NamePos: r.X.Pos(), Name: name}
		f.Src.Info.Defs[def], f.Src.Info.Uses[use] = v, v
		f.Src.Info.Types[use] = types.TypeAndValue{Type: v.Type()}
		vars = append(vars, v)
		out = append(out, &ast.AssignStmt{Lhs: []ast.Expr{def}, TokPos: r.For, Tok: token.DEFINE, Rhs: []ast.Expr{r.X}},
			&ast.RangeStmt{For: r.For, Key: r.Key, Value: r.Value, TokPos: r.TokPos, Tok: r.Tok, Range: r.Range, X: use, Body: r.Body})
	}
	return out, vars
}

// carriesChain reports whether list holds a loop whose body assigns a
// variable it does not declare: a value carried from trip to trip.
func carriesChain(list []ast.Stmt) bool {
	found := false
	for _, s := range list {
		ast.Inspect(s, func(n ast.Node) bool {
			if body := loopBody(n); body != nil && carriedVars(body, true) > 0 {
				found = true
			}
			return !found
		})
	}
	return found
}

// hasFuncLit reports whether n holds a function literal.
func hasFuncLit(n ast.Node) bool {
	found := false
	ast.Inspect(n, func(m ast.Node) bool {
		if _, ok := m.(*ast.FuncLit); ok {
			found = true
		}
		return !found
	})
	return found
}

// directOperands reports whether the collectives a lane loop leads to
// read every per-lane operand from a lane array where it is already (the
// value v of v += ShflDownSync(mask, v, 16, 32)), none of them copied
// lane by lane at the loop's end: a jam's calls, which store their
// results when it flushes after the loop, then complete before any
// operand is read. A coalesced group's collective reads its group per
// lane, and is not one.
func (f *Func) directOperands(colls []*Collective, arrays map[*types.Var]string) bool {
	for _, c := range colls {
		if c.Entry.Coalesced {
			return false
		}
		for _, op := range f.collOperandsOf(c, arrays, func(int) string { return "per lane" }) {
			if op.array != "" && !op.direct {
				return false
			}
		}
	}
	return true
}

// Syntax returns what j's declarations print from: its helper, or a
// region's rest.
func (j *Jam) Syntax() []ast.Node {
	if j.Decl != nil {
		return []ast.Node{j.Decl}
	}
	var out []ast.Node
	for _, s := range j.rest {
		out = append(out, s)
	}
	return out
}

// describe names what c jams for kir.Dump: the jam, and for a loop's own
// the tests a thread's state must pass to run jammed.
func (c *JamCall) describe() string {
	d := c.Jam.Name
	for _, g := range c.Jam.guards {
		var args []string
		for _, a := range g.args {
			args = append(args, exprText(a))
		}
		d += " if " + g.fn + "(" + strings.Join(args, ", ") + ")"
	}
	return d
}
