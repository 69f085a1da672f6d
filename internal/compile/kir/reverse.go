package kir

import (
	"cmp"
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"github.com/gocuda/gocuda/internal/kapi"
)

// reverse is the pass that finds a step of a shift scan, two thread loops
// with a block barrier between them, that may run as one loop over the
// threads in descending order: the first reads a shared slice x at the
// thread's x index less uniform offsets (and at the index itself), the
// second writes x at the thread's x index alone. Hillis–Steele's step
// (PMPP's Kogge–Stone scan) is the case:
//
//	if i >= offset { y = x[i-offset] }   // or temp = x[i] + x[i-offset]
//	__syncthreads()
//	if i >= offset { x[i] = y + x[i] }
//
// Thread i's read of x[i-c] (c >= 0) comes before thread i-c writes it,
// since that thread runs later; thread i's write of x[i] comes after
// every thread that reads it (i itself, and i+c, which ran before). So
// where the block is one row, every offset is at least zero and x holds a
// row, the two loops run as one, from the last thread to the first, with
// no pass between them: a step of the scan reads and writes each element
// once, as a scan written by hand does.
//
// Nothing else may touch memory, and nothing may panic: the reads of x
// at i-c must sit under a guard i >= c, the only other calls are
// conversions and pure builtins, no division by a variable. The fused
// order then computes exactly what the two loops do, and no thread can
// fail in it. Elsewhere the two loops run as they are. The SIMD build
// keeps the two loops, which it may run eight threads at a time.
func reverse(f *Func) {
	f.Body = f.reverseList(f.Body)
}

// A Reversed is a step reverse found: First, the barrier, Second. X is
// the slice they share, and Offsets the uniform offsets First reads it
// at, which must be at least zero for the fused loop to run. Locals are
// the variables First declares and only Second reads: kept across the
// barrier in scratch arrays, they are locals of the fused loop's
// iteration.
type Reversed struct {
	First, Second *ThreadLoop
	Barrier       *Barrier
	X             *types.Var
	Offsets       []ast.Expr
	Locals        []*types.Var
	// Narrow is set where the fused loop may run Second's bounds alone:
	// Second's code is one guard, and First's does nothing outside that
	// same guard but declare Locals (threads it rejects change nothing).
	Narrow bool
	// Split, where set, is First as split (in the rows pass) runs it, in two
	// loops, for the form that keeps the two loops (the SIMD build's,
	// which then runs the admitted half in vector steps).
	Split []Node
}

func (*Reversed) node() {}

// reverseList returns nodes with each step reverse takes in a Reversed,
// in lists inside nodes too.
func (f *Func) reverseList(nodes []Node) []Node {
	var out []Node
	for i := 0; i < len(nodes); i++ {
		switch n := nodes[i].(type) {
		case *If:
			n.Then, n.Else = f.reverseList(n.Then), f.reverseList(n.Else)
		case *For, *Range, *Scope:
			setChildren(n, f.reverseList(children(n)[0]))
		case *ThreadLoop:
			if i+2 < len(nodes) {
				if r := f.reversible(n, nodes[i+1], nodes[i+2]); r != nil {
					out = append(out, r)
					i += 2
					continue
				}
			}
		}
		out = append(out, nodes[i])
	}
	return out
}

// reversible returns the Reversed of first, b and second, or nil where
// they are not such a step.
func (f *Func) reversible(first *ThreadLoop, b, next Node) *Reversed {
	bar, ok := b.(*Barrier)
	second, ok2 := next.(*ThreadLoop)
	if !ok || !ok2 || bar.Entry.Kind != kapi.Barrier || bar.Agree != "" || f.Exits || f.Grid {
		return nil
	}
	for _, l := range []*ThreadLoop{first, second} {
		if l.Reduce != nil || l.stepped() || f.lockstep(l) != nil {
			return nil
		}
	}
	x := f.writtenAtThread(second)
	if x == nil {
		return nil
	}
	s := &shiftScan{f: f, x: x}
	if !s.loop(first, true) || !s.loop(second, false) {
		return nil
	}
	r := &Reversed{First: first, Second: second, Barrier: bar, X: x, Offsets: s.offsets, Locals: f.stepLocals(first, second)}
	r.Narrow = f.guardedStep(r)
	return r
}

// guardedStep reports whether r's fused loop may run the bounds of its
// second loop alone (Reversed.Narrow).
func (f *Func) guardedStep(r *Reversed) bool {
	w := r.Second
	if len(w.Bounds) == 0 || len(w.Body) != 1 {
		return false
	}
	for _, b := range w.Bounds {
		if b.Row != nil {
			return false
		}
	}
	guard, ok := w.Body[0].(*Code).Stmt.(*ast.IfStmt)
	if !ok || !w.Proven[guard] {
		return false
	}
	locals := map[*types.Var]bool{}
	for _, v := range r.Locals {
		locals[v] = true
	}
	for _, n := range r.First.Body {
		switch s := n.(*Code).Stmt.(type) {
		case *ast.IfStmt:
			if s.Init != nil || s.Else != nil || types.ExprString(s.Cond) != types.ExprString(guard.Cond) {
				return false
			}
		case *ast.DeclStmt, *ast.AssignStmt:
			if !f.declaresOnly(s, locals) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// declaresOnly reports whether s declares variables of vars, and does
// nothing else: var v T, var v = x, v := x.
func (f *Func) declaresOnly(s ast.Stmt, vars map[*types.Var]bool) bool {
	var names []*ast.Ident
	switch s := s.(type) {
	case *ast.DeclStmt:
		for _, spec := range s.Decl.(*ast.GenDecl).Specs {
			names = append(names, spec.(*ast.ValueSpec).Names...)
		}
	case *ast.AssignStmt:
		if s.Tok != token.DEFINE {
			return false
		}
		for _, x := range s.Lhs {
			id, ok := x.(*ast.Ident)
			if !ok {
				return false
			}
			names = append(names, id)
		}
	}
	for _, id := range names {
		if v, ok := f.Src.Info.Defs[id].(*types.Var); !ok || !vars[v] {
			return false
		}
	}
	return len(names) > 0
}

// stepLocals returns the variables first declares that second reads and
// no other loop does before assigning them, by name.
func (f *Func) stepLocals(first, second *ThreadLoop) []*types.Var {
	var out []*types.Var
	for v := range f.LoopVars[first].decls {
		if !f.LoopVars[second].exposed[v] {
			continue
		}
		other := false
		for n, lv := range f.LoopVars {
			other = other || n != Node(second) && lv.exposed[v]
		}
		if !other {
			out = append(out, v)
		}
	}
	slices.SortFunc(out, func(a, b *types.Var) int { return cmp.Compare(a.Pos(), b.Pos()) })
	return out
}

// writtenAtThread returns the slice l's code writes, if it writes one at
// its first assignment to an element.
func (f *Func) writtenAtThread(l *ThreadLoop) *types.Var {
	var x *types.Var
	for _, n := range l.Body {
		ast.Inspect(n.(*Code).Stmt, func(n ast.Node) bool {
			if a, ok := n.(*ast.AssignStmt); ok && x == nil {
				if ix, ok := ast.Unparen(a.Lhs[0]).(*ast.IndexExpr); ok {
					x = f.sliceVar(ix.X)
				}
			}
			return x == nil
		})
	}
	return x
}

// sliceVar returns the uniform slice variable e names, or nil.
func (f *Func) sliceVar(e ast.Expr) *types.Var {
	id, ok := ast.Unparen(e).(*ast.Ident)
	if !ok {
		return nil
	}
	v, _ := f.Src.Info.ObjectOf(id).(*types.Var)
	if v == nil || f.Vars[v] == nil || f.Vars[v].Class != Uniform {
		return nil
	}
	if _, ok := v.Type().Underlying().(*types.Slice); !ok {
		return nil
	}
	return v
}

// A shiftScan checks the code of a step's two loops.
type shiftScan struct {
	f       *Func
	x       *types.Var
	offsets []ast.Expr
	guards  []ast.Expr // the conditions of the ifs around the node being checked
	read    bool       // checking the first loop: it reads x, and writes no memory
	ok      bool
}

// loop reports whether l's code (and the remat definitions it
// recomputes) is of the step's shape.
func (s *shiftScan) loop(l *ThreadLoop, read bool) bool {
	s.read, s.ok = read, true
	for _, v := range s.f.rematFor(s.f.LoopVars[l]) {
		s.stmt(s.f.Vars[v].Def)
	}
	for _, n := range l.Body {
		s.stmt(n.(*Code).Stmt)
	}
	return s.ok
}

func (s *shiftScan) stmt(st ast.Stmt) {
	if !s.ok {
		return
	}
	switch st := st.(type) {
	case *ast.AssignStmt:
		for _, l := range st.Lhs {
			s.lhs(l)
		}
		s.exprs(st.Rhs)
		if st.Tok != token.ASSIGN && st.Tok != token.DEFINE && !(rowScope{f: s.f}).opSafe(assignOp[st.Tok], st.Lhs[0], st.Rhs[0]) {
			s.ok = false
		}
	case *ast.IncDecStmt:
		s.lhs(st.X)
	case *ast.DeclStmt:
		d := st.Decl.(*ast.GenDecl)
		if d.Tok != token.VAR {
			s.ok = false
			return
		}
		for _, spec := range d.Specs {
			s.exprs(spec.(*ast.ValueSpec).Values)
		}
	case *ast.IfStmt:
		if st.Init != nil {
			s.ok = false
			return
		}
		s.expr(st.Cond)
		s.guards = append(s.guards, st.Cond)
		s.stmt(st.Body)
		s.guards = s.guards[:len(s.guards)-1]
		if st.Else != nil {
			s.stmt(st.Else)
		}
	case *ast.BlockStmt:
		for _, x := range st.List {
			s.stmt(x)
		}
	case *ast.EmptyStmt:
	default:
		s.ok = false
	}
}

// lhs checks an assigned operand: a variable of the thread, or, in the
// second loop, x at the thread's x index.
func (s *shiftScan) lhs(e ast.Expr) {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		if v, ok := s.f.Src.Info.ObjectOf(e).(*types.Var); ok && s.f.Vars[v] != nil && s.f.Vars[v].Class == Uniform {
			s.ok = false // block state a thread changes: not a step's
		}
	case *ast.IndexExpr:
		if s.read || s.f.sliceVar(e.X) != s.x || !s.f.isThreadX(e.Index) {
			s.ok = false
		}
	default:
		s.ok = false
	}
}

func (s *shiftScan) exprs(list []ast.Expr) {
	for _, e := range list {
		s.expr(e)
	}
}

// expr checks that evaluating e cannot panic and reads no memory but x,
// at the thread's x index or, in the first loop and under a guard
// i >= c, at i-c.
func (s *shiftScan) expr(e ast.Expr) {
	ast.Inspect(e, func(n ast.Node) bool {
		if !s.ok {
			return false
		}
		switch n := n.(type) {
		case *ast.IndexExpr:
			s.index(n)
			return false
		case *ast.SelectorExpr:
			if _, coord := s.f.threadFieldSel(n); coord {
				return false
			}
			if sel, isField := s.f.fieldSel(n); !isField || sel.indirect {
				s.ok = false
			}
		case *ast.CallExpr:
			s.ok = s.ok && s.pureCall(n) && !s.measuresX(n)
		case *ast.BinaryExpr:
			s.ok = s.ok && (rowScope{f: s.f}).opSafe(n.Op, n.X, n.Y)
		case *ast.UnaryExpr:
			s.ok = s.ok && n.Op != token.AND && n.Op != token.ARROW
		case *ast.StarExpr, *ast.SliceExpr, *ast.FuncLit, *ast.TypeAssertExpr, *ast.CompositeLit:
			s.ok = false
		}
		return s.ok
	})
}

// pureCall reports whether c is a conversion or a builtin that cannot
// fail.
func (s *shiftScan) pureCall(c *ast.CallExpr) bool {
	info := s.f.Src.Info
	if tv := info.Types[c.Fun]; tv.IsType() {
		_, basic := tv.Type.Underlying().(*types.Basic)
		return basic && len(c.Args) == 1
	}
	if id, ok := ast.Unparen(c.Fun).(*ast.Ident); ok {
		if b, ok := info.Uses[id].(*types.Builtin); ok {
			switch b.Name() {
			case "min", "max", "len":
				return true
			}
		}
	}
	return false
}

// measuresX reports whether c is len(x) or cap(x): the fused loop
// reslices x to the row, which would change them.
func (s *shiftScan) measuresX(c *ast.CallExpr) bool {
	id, ok := ast.Unparen(c.Fun).(*ast.Ident)
	if !ok || len(c.Args) != 1 {
		return false
	}
	b, ok := s.f.Src.Info.Uses[id].(*types.Builtin)
	return ok && (b.Name() == "len" || b.Name() == "cap") && s.f.sliceVar(c.Args[0]) == s.x
}

// index checks an element read: x at the thread's x index, or at x-c
// (by its index facts: tid-offset, -offset+tid) under a guard that
// holds only where that index is at least zero (first loop only), c
// recorded as an offset.
func (s *shiftScan) index(ix *ast.IndexExpr) {
	if s.f.sliceVar(ix.X) != s.x {
		s.ok = false
		return
	}
	if s.f.isThreadX(ix.Index) {
		return
	}
	lin, ok := s.f.linearOf(ix.Index, s.f.laneAxis(), nil)
	factor, rest := lin.split()
	if k, isConst := factor.constant(); !s.read || !ok || !isConst || k != 1 || len(rest) == 0 {
		s.ok = false
		return
	}
	c := s.f.linearExpr(rest.scaled(-1))
	if !s.f.safeUniform(c) || !s.guarded(ix.Index) {
		s.ok = false
		return
	}
	for _, o := range s.offsets {
		if offKey(o) == offKey(ast.Unparen(c)) {
			return
		}
	}
	s.offsets = append(s.offsets, ast.Unparen(c))
}

// guarded reports whether an if around the node being checked admits
// only threads for which index, x-c, is at least zero: a conjunct of its
// condition p >= q (q <= p) with p-q the same value as x-c by the index
// facts, or p > q (q < p) with p-q-1 the same (i >= c, i-c >= 0, c <= i).
// The fused loop runs only where c >= 0, so x-c does not wrap.
func (s *shiftScan) guarded(index ast.Expr) bool {
	axis := s.f.laneAxis()
	want, ok := s.f.linearOf(index, axis, nil)
	if !ok {
		return false
	}
	for _, g := range s.guards {
		for _, op := range operands(g, false) {
			b, ok := ast.Unparen(op).(*ast.BinaryExpr)
			if !ok {
				continue
			}
			p, q := b.X, b.Y
			switch b.Op {
			case token.LEQ, token.LSS:
				p, q = q, p
			case token.GEQ, token.GTR:
			default:
				continue
			}
			lp, okP := s.f.linearOf(p, axis, nil)
			lq, okQ := s.f.linearOf(q, axis, nil)
			if !okP || !okQ {
				continue
			}
			diff := lp.minus(lq)
			if b.Op == token.GTR || b.Op == token.LSS {
				diff = append(diff, term{c: -1})
			}
			if diff.key() == want.key() {
				return true
			}
		}
	}
	return false
}
