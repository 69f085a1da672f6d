package kir

import (
	"go/ast"
	"go/token"
	"go/types"
	"maps"
)

// narrow is the pass that bounds a thread loop by its guards: leading
// if statements that return the thread (if i >= n { return }), and an if
// without else making the rest of the body (if tid < s { ... }). Where
// their conditions compare the thread's x index, plus a uniform offset,
// to uniform values, each row of x runs only the threads they admit: the
// tree steps of a reduction visit s threads, not the block, and the
// elimination steps of Gaussian elimination skip the idle threads of
// their grid in a compare.
//
// A grid-stride loop run in lockstep whose start is x plus a uniform
// offset is bounded the same way at each step, by its limit.
func narrow(f *Func) {
	Walk(f.Body, func(n Node) {
		l, ok := n.(*ThreadLoop)
		if !ok || l.Reduce != nil {
			return
		}
		if s := f.lockstep(l); s != nil {
			l.Bounds, l.StrideBound = strideBounds(f, s)
			return
		}
		l.Bounds, l.Proven, l.Every = f.guardBounds(l.Body)
	})
}

// strideBounds returns the bound of each step of grid-stride loop s:
// x + startOff + off < limit, so x < limit - (off + startOff).
func strideBounds(f *Func, s *Stride) ([]Bound, bool) {
	startOff, ok := f.threadXPlus(s.Start)
	if !ok {
		return nil, false
	}
	shift := ast.Expr(ast.NewIdent(s.Names[0]))
	if startOff != nil {
		shift = &ast.BinaryExpr{X: shift, Op: token.ADD, Y: &ast.ParenExpr{X: startOff}}
	}
	adj := 0
	if s.Op == token.LEQ {
		adj = 1
	}
	return []Bound{{X: ast.NewIdent(s.Names[1]), Off: shift, Upper: true, Adj: adj}}, true
}

// lockstep returns the grid-stride loop l runs in lockstep, or nil.
func (f *Func) lockstep(l *ThreadLoop) *Stride {
	if len(l.Body) != 1 {
		return nil
	}
	fs, ok := l.Body[0].(*Code).Stmt.(*ast.ForStmt)
	if !ok {
		return nil
	}
	return f.Strides[fs]
}

// A Bound limits the threads of each row of x a thread loop runs:
// tx+Off < X+Adj (Upper) or tx+Off >= X+Adj, with X and Off (nil for 0)
// uniform and Adj 0 or 1. A bound with Row runs no thread of a row where
// Row holds: a condition of the thread's y and z and uniform values, its
// remat variables written out, evaluated once per row.
type Bound struct {
	X, Off ast.Expr
	Upper  bool
	Adj    int
	Row    ast.Expr
	// RowRisk is set for a Row that may fail (ty%p == 0): the guard it
	// comes from is that one comparison, which every thread of the row
	// evaluates first, so the row evaluates it where its first thread
	// would, recorded as that thread.
	RowRisk bool
	Pos     token.Pos // a RowRisk's or a Fit's comparison, where a failure is reported
	// RowStep, where set, is the divisor p of a Row that admits the rows
	// whose y is a multiple of p (Rodinia backprop's ty%p == 0): where p
	// is positive and the block's height a multiple of it, the rows the
	// Row admits are every p-th from the first, so the loop visits those
	// alone, p rows a step, and evaluates no Row (emit_threads.go).
	RowStep ast.Expr
	// Fit, where set, is the narrow integer type (int32, uint32...) of a
	// guard's comparison read by its wide forms (widen.go): X is the
	// uniform side's value, and tx+Off the other's where it lies in the
	// type's range, which the emitter requires of the row's threads
	// before it bounds them (compiled.Fits), failing the launch with
	// compiled.ErrGuardWraps where it does not hold.
	Fit types.Type
	// Scale, where set, bounds tx*Scale+Off instead of tx+Off (Upper):
	// the row runs the threads below compiled.ScaledBelow(X, Scale)
	// (ScaledOffBelow with Off), or ScaledAtMost with Adj 1, which may
	// admit more than the guard (narrow_scaled.go); the guard stays.
	Scale ast.Expr
}

// guardBounds returns the bounds of the guards of body, and the guards
// whose condition they decide whole: true where it always holds in their
// range, false where it never does; and the residue of x modulo a uniform
// value a guard admits the threads of, where the last does.
func (f *Func) guardBounds(body []Node) ([]Bound, map[ast.Stmt]bool, *Every) {
	var out []Bound
	var proven map[ast.Stmt]bool
	lead := map[*types.Var]ast.Expr{} // the definitions before the guards, which a thread skipped loses nothing by not evaluating
	for i, n := range body {
		if d, ok := f.initDefs(n.(*Code).Stmt); ok && d != nil && i < len(body)-1 && f.threadLocal(d) {
			maps.Copy(lead, d)
			continue
		}
		s, ok := n.(*Code).Stmt.(*ast.IfStmt)
		if !ok || s.Else != nil {
			break
		}
		defs, ok := f.initDefs(s.Init)
		if !ok {
			break
		}
		defs = merged(lead, defs)
		var b []Bound
		whole, holds, negate := false, false, false
		switch {
		case !f.Exits && isReturn(s.Body):
			negate = true
		case i == len(body)-1:
			holds = true
		default:
			return out, proven, nil // an if every thread runs: the guards after it bound none of it
		}
		if s.Init == nil {
			b, whole = f.condBounds(s.Cond, negate)
		}
		if len(b) == 0 {
			b, whole = f.scaledGuard(s.Cond, negate, defs), false // the guard stays: its bound may admit more
		}
		if len(b) == 0 && s.Init == nil {
			if every := f.everyGuard(s, negate, defs); every != nil {
				return out, proven, every // the guard stays, and its condition may fail: the last bounded
			}
		}
		out = append(out, b...)
		if !f.safeCond(s.Cond) && !(len(b) == 1 && b[0].RowRisk) {
			break // a thread skipped must not miss what it does
		}
		if whole {
			if proven == nil {
				proven = map[ast.Stmt]bool{}
			}
			proven[s] = holds
		}
	}
	return out, proven, nil
}

// threadLocal reports whether the variables of defs live only in their
// thread loop's trip: none is kept across a sync point.
func (f *Func) threadLocal(defs map[*types.Var]ast.Expr) bool {
	for v := range defs {
		if kv := f.Vars[v]; kv == nil || kv.Spill || kv.InPlace {
			return false
		}
	}
	return true
}

// merged returns the definitions of a and b, b's where both define one.
func merged(a, b map[*types.Var]ast.Expr) map[*types.Var]ast.Expr {
	out := maps.Clone(a)
	maps.Copy(out, b)
	return out
}

// isReturn reports whether b is a bare return.
func isReturn(b *ast.BlockStmt) bool {
	if len(b.List) != 1 {
		return false
	}
	r, ok := b.List[0].(*ast.ReturnStmt)
	return ok && len(r.Results) == 0
}

// condBounds returns the bounds cond makes, or its negation (a thread
// returns where cond holds), as far as its leading operands go: each
// comparison of a conjunction (a disjunction, negated) that may skip a
// later one.
func (f *Func) condBounds(cond ast.Expr, negate bool) (out []Bound, whole bool) {
	ops := f.condOperands(cond, negate)
	for i, c := range ops {
		b := f.bounds(c, negate)
		if b == nil && len(ops) == 1 {
			b = f.riskyRow(c, negate)
		}
		if b == nil {
			return out, false // a thread skipped must not miss what a later operand does
		}
		whole = i == len(ops)-1
		for _, b := range b {
			if tv := f.Src.Info.Types[b.X]; !b.Upper && b.Adj == 0 && b.Off == nil && tv.Value != nil && tv.Value.String() == "0" {
				continue // x starts at 0
			}
			out = append(out, b)
		}
	}
	return out, whole
}

// operands returns the operands of a chain of && (of ||, with negate).
func operands(e ast.Expr, negate bool) []ast.Expr {
	op := map[bool]token.Token{false: token.LAND, true: token.LOR}[negate]
	if b, ok := ast.Unparen(e).(*ast.BinaryExpr); ok && b.Op == op {
		return append(operands(b.X, negate), operands(b.Y, negate)...)
	}
	return []ast.Expr{e}
}

// mirror is the comparison read from right to left.
var mirror = map[token.Token]token.Token{token.LSS: token.GTR, token.LEQ: token.GEQ, token.GTR: token.LSS, token.GEQ: token.LEQ, token.EQL: token.EQL}

// negation is the comparison that holds where another does not.
var negation = map[token.Token]token.Token{token.LSS: token.GEQ, token.LEQ: token.GTR, token.GTR: token.LEQ, token.GEQ: token.LSS}

// bounds returns what comparison e (its negation, with negate), of x plus
// a uniform offset against a uniform value, says of x, or nil.
func (f *Func) bounds(e ast.Expr, negate bool) []Bound {
	b, ok := ast.Unparen(e).(*ast.BinaryExpr)
	if !ok {
		return nil
	}
	op, ok := mirror[b.Op]
	if !ok {
		return nil
	}
	if skip, ok := f.rowSkip(b, negate); ok {
		return []Bound{{Row: skip, RowStep: f.rowStep(b, negate)}}
	}
	x, y := b.X, b.Y
	off, isX := f.threadXPlus(x)
	switch {
	case isX && f.safeUniform(y):
		op = b.Op
	default:
		if off, isX = f.threadXPlus(y); !isX || !f.safeUniform(x) {
			return f.narrowBounds(b, negate)
		}
		x, y = y, x
	}
	if negate {
		if op, ok = negation[op]; !ok {
			return nil // x != y: no range
		}
	}
	return unitBounds(op, y, off)
}

// unitBounds returns the bounds x+off op y makes of x.
func unitBounds(op token.Token, y, off ast.Expr) []Bound {
	switch op {
	case token.LSS:
		return []Bound{{X: y, Off: off, Upper: true}}
	case token.LEQ:
		return []Bound{{X: y, Off: off, Upper: true, Adj: 1}}
	case token.GTR:
		return []Bound{{X: y, Off: off, Adj: 1}}
	case token.GEQ:
		return []Bound{{X: y, Off: off}}
	case token.EQL:
		return []Bound{{X: y, Off: off}, {X: y, Off: off, Upper: true, Adj: 1}}
	}
	return nil
}

// riskyRow returns the Row bound of comparison e (its negation, with
// negate) of values the same for a row, where evaluating them may fail:
// for a guard that is this comparison alone (see Bound.RowRisk); or nil.
func (f *Func) riskyRow(e ast.Expr, negate bool) []Bound {
	b, ok := ast.Unparen(e).(*ast.BinaryExpr)
	if !ok {
		return nil
	}
	if _, ok := mirror[b.Op]; !ok {
		return nil
	}
	risky := false
	skip, ok := f.rowSkipIn(rowScope{f: f, risky: &risky}, b, negate)
	if !ok || !risky {
		return nil
	}
	return []Bound{{Row: skip, RowRisk: true, Pos: b.Pos(), RowStep: f.rowStep(b, negate)}}
}

// rowStep returns p where comparison b (its negation, with negate)
// admits the rows whose y is a multiple of p, a value the same for the
// block that can be read before the loop (Bound.RowStep): ty%p == 0, or
// ty%p != 0 negated; or nil. A transposed body's rows run along the
// source's x, and have no such step.
func (f *Func) rowStep(b *ast.BinaryExpr, negate bool) ast.Expr {
	if f.Transposed || (b.Op != token.EQL || negate) && (b.Op != token.NEQ || !negate) {
		return nil
	}
	rem, zero := ast.Unparen(b.X), b.Y
	if tv := f.Src.Info.Types[rem]; tv.Value != nil {
		rem, zero = ast.Unparen(b.Y), b.X
	}
	r, ok := rem.(*ast.BinaryExpr)
	if tv := f.Src.Info.Types[zero]; !ok || r.Op != token.REM || tv.Value == nil || tv.Value.String() != "0" {
		return nil
	}
	if !f.isThreadCoordOn(r.X, "ThreadIdx", "Y") || !types.Identical(f.Src.Info.TypeOf(r.Y), types.Typ[types.Int]) {
		return nil
	}
	if p := ast.Unparen(r.Y); f.safeUniform(p) {
		return p
	}
	return nil
}

// rowSkip returns, for comparison b of values the same for every thread
// of a row of x (the thread's y, uniform values), the condition under
// which the row runs no thread: b itself where it returns the thread
// (negate), its negation where it admits it.
func (f *Func) rowSkip(b *ast.BinaryExpr, negate bool) (ast.Expr, bool) {
	return f.rowSkipIn(rowScope{f: f}, b, negate)
}

// rowSkipIn is rowSkip with the row's values read in r.
func (f *Func) rowSkipIn(r rowScope, b *ast.BinaryExpr, negate bool) (ast.Expr, bool) {
	x, okX := r.rowUniform(b.X)
	y, okY := r.rowUniform(b.Y)
	if !okX || !okY || !f.readsRow(b) {
		return nil, false
	}
	if negate {
		return &ast.BinaryExpr{X: x, Op: b.Op, Y: y}, true
	}
	if op, ok := negation[b.Op]; ok {
		return &ast.BinaryExpr{X: x, Op: op, Y: y}, true
	}
	return &ast.UnaryExpr{Op: token.NOT, X: &ast.ParenExpr{X: &ast.BinaryExpr{X: x, Op: b.Op, Y: y}}}, true
}

// readsRow reports whether e reads the thread's y or z index, directly or
// through remat variables: a comparison of uniform values alone is the
// block's, not a row's.
func (f *Func) readsRow(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			if field, ok := f.threadFieldSel(n); ok && field == "ThreadIdx" {
				found = true
			}
		case *ast.Ident:
			if v := f.varOf(n); v != nil && v.Class == Remat {
				if d := defExpr(v); d != nil && d != ast.Expr(n) {
					found = found || f.readsRow(d)
				}
			}
		}
		return !found
	})
	return found
}

// threadXPlus reports whether e is the thread's x index plus a uniform
// offset (nil for none), returning the offset: t.ThreadIdx.X, a remat
// variable defined as such a sum, or such a sum itself.
func (f *Func) threadXPlus(e ast.Expr) (off ast.Expr, ok bool) {
	return f.threadPlus(e, f.laneAxis())
}

// threadPlus reports whether e is the thread's index along axis (the
// source's, "X" or "Y") plus a uniform offset, as threadXPlus: its index
// facts (index.go) have the index once, with a factor of 1.
func (f *Func) threadPlus(e ast.Expr, axis string) (off ast.Expr, ok bool) {
	_, off, kc, ok := f.threadAffine(e, axis, nil)
	return off, ok && kc == 1
}

// safeCond reports whether evaluating cond can neither fail nor change
// anything, so that a thread that would have evaluated it may be skipped.
func (f *Func) safeCond(cond ast.Expr) bool {
	notVarying := func(v *types.Var) bool { return f.Vars[v] != nil && f.Vars[v].Class != Varying }
	return f.pure(cond, notVarying, true) && f.cannotFail(cond)
}

// isThreadX reports whether e is t.ThreadIdx.X, or a remat variable
// defined as it.
func (f *Func) isThreadX(e ast.Expr) bool { return f.isThreadCoord(e, "ThreadIdx") }

// isThreadCoord reports whether e is t.<field>.X (ThreadIdx, BlockIdx,
// BlockDim...), or a remat int variable defined as it: the component
// thread loops run along, Y in a transposed body.
func (f *Func) isThreadCoord(e ast.Expr, field string) bool {
	return f.isThreadCoordOn(e, field, f.laneAxis())
}

// isThreadCoordOn reports whether e is t.<field>.<axis>, or a remat int
// variable defined as it.
func (f *Func) isThreadCoordOn(e ast.Expr, field, axis string) bool {
	e = ast.Unparen(e)
	if s, ok := e.(*ast.SelectorExpr); ok {
		got, ok := f.threadFieldSel(s)
		return ok && got == field && s.Sel.Name == axis
	}
	v := f.varOf(e)
	if v == nil || v.Class != Remat || !types.Identical(v.Obj.Type(), types.Typ[types.Int]) {
		return false
	}
	d := defExpr(v)
	return d != nil && d != e && f.isThreadCoordOn(d, field, axis)
}

// defExpr returns the expression a remat variable is defined by, or nil.
func defExpr(v *Var) ast.Expr { return definedAs(v.Def, v.Obj.Name()) }

// definedAs returns the value statement s, an assignment or a var
// declaration, gives the variable named name, or nil.
func definedAs(s ast.Stmt, name string) ast.Expr {
	var names []*ast.Ident
	var values []ast.Expr
	switch s := s.(type) {
	case *ast.AssignStmt:
		for _, l := range s.Lhs {
			id, _ := l.(*ast.Ident)
			names = append(names, id)
		}
		values = s.Rhs
	case *ast.DeclStmt:
		spec, ok := s.Decl.(*ast.GenDecl).Specs[0].(*ast.ValueSpec)
		if !ok {
			return nil
		}
		names, values = spec.Names, spec.Values
	}
	if len(names) != len(values) {
		return nil
	}
	for i, id := range names {
		if id != nil && id.Name == name { // one statement defines a name once (an inlined parameter's is at the call)
			return values[i]
		}
	}
	return nil
}

// safeUniform reports whether e is the same for every thread of the block
// and cannot fail, so that evaluating it once before a loop changes
// nothing.
func (f *Func) safeUniform(e ast.Expr) bool {
	return f.pure(e, func(v *types.Var) bool { return f.Vars[v] != nil && f.Vars[v].Class == Uniform }, false) && f.cannotFail(e)
}

// cannotFail reports whether pure expression e cannot panic: no division
// but by a nonzero constant, no shift but by a constant, no slicing, no
// index but a constant one into an array.
func (f *Func) cannotFail(e ast.Expr) bool {
	info, safe := f.Src.Info, true
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.SliceExpr:
			safe = false
		case *ast.IndexExpr:
			_, array := info.TypeOf(n.X).Underlying().(*types.Array)
			safe = safe && array && info.Types[n.Index].Value != nil
		case *ast.BinaryExpr:
			switch n.Op {
			case token.QUO, token.REM, token.SHL, token.SHR:
				tv := info.Types[n.Y]
				safe = safe && tv.Value != nil && tv.Value.String() != "0"
			}
		}
		return safe
	})
	return safe
}
