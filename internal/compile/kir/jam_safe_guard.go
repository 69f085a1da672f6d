package kir

import (
	"go/ast"
	"go/token"
	"go/types"
)

// A kernel's own loop (jam_region.go) mostly indexes where only the
// values a thread brings prove it in range: a[row*n+k] for k from 0 to
// n, x[i] for i from lo+1 to lo+run. Such an index is affine in one
// loop counter, c*k + d, with c, d and the counter's bounds read from
// the state alone; its values then lie between those at the bounds'
// ends, so one test per thread, made when it calls (compiled.IndexesIn),
// proves every trip's. The jam's add function makes the tests and runs
// a thread that fails one alone, in its place, so that the failing index
// names it; the others run jammed, unchecked by construction.

// guardedIndex reports whether ix can be proved in range by a test of
// the state, and records that test in s.guards; it is false where the
// jam takes no tests (a helper's).
func (s *jamSafety) guardedIndex(ix *ast.IndexExpr) bool {
	x := s.sliceVar(ix.X)
	if s.guards == nil || x == nil || !s.invariant(ix.X) || !isIntType(s.f.Src.Info.TypeOf(ix.Index)) {
		return false
	}
	n := &ast.CallExpr{Fun: ast.NewIdent("len"), Args: []ast.Expr{ast.NewIdent(x.Name())}}
	if s.invariant(ix.Index) { // one element for every trip
		s.guard(intLit(0), ix.Index, intLit(0), intLit(0), n)
		return true
	}
	for i := len(s.loops) - 1; i >= 0; i-- {
		k, lo, last, steps, ok := s.counter(s.loops[i])
		if !ok {
			continue
		}
		if c, d, unit, ok := s.affine(ix.Index, k); ok {
			s.guard(c, d, lo, last, n)
			if steps != nil {
				*s.guards = append(*s.guards, *steps)
			} else if unit {
				s.windows[ix] = countedIndex{k, d} // k from lo by ones: a window of x from lo+d holds the trips' elements
			}
			return true
		}
	}
	for k, y := range s.rangeOf {
		if c, d, _, ok := s.affine(ix.Index, k); ok && s.invariantVar(y) {
			last := &ast.BinaryExpr{X: &ast.CallExpr{Fun: ast.NewIdent("len"), Args: []ast.Expr{ast.NewIdent(y.Name())}}, Op: token.SUB, Y: intLit(1)}
			s.guard(c, d, intLit(0), last, n)
			return true
		}
	}
	return false
}

// guard records the test that c*k + d lies in [0, n) for k from lo to
// last.
func (s *jamSafety) guard(c, d, lo, last, n ast.Expr) {
	*s.guards = append(*s.guards, jamTest{"IndexesIn", []ast.Expr{c, d, lo, last, n}})
}

// A countedIndex is an index x[k+d] that a test proves in range for
// every trip of k's loop, which counts by ones: the jammed loop reads it
// through a window of x from where k starts plus d (emit_jam_counted.go).
type countedIndex struct {
	k *types.Var
	d ast.Expr
}

// A jamTest is a call of a function of package compiled, fn(args...),
// testing a thread's state; the generated file names the package.
type jamTest struct {
	fn   string
	args []ast.Expr
}

// counter returns for loop l's counter k and the least and greatest
// values k has in its body: for k := lo; k < b (or <=); k++ (or k += s
// for a positive s) with lo, b and s read from the state, k an int its
// body does not assign. Where a step could pass the ints' range from
// last, steps is the test that it does not.
func (s *jamSafety) counter(l *ast.ForStmt) (k *types.Var, lo, last ast.Expr, steps *jamTest, ok bool) {
	info := s.f.Src.Info
	init, isAssign := l.Init.(*ast.AssignStmt)
	if !isAssign || init.Tok != token.DEFINE || len(init.Lhs) != 1 || len(init.Rhs) != 1 || !s.invariant(init.Rhs[0]) {
		return nil, nil, nil, nil, false
	}
	k, _ = info.Defs[identOf(init.Lhs[0])].(*types.Var)
	if k == nil || !isIntType(k.Type()) || reassigned(info, l.Body.List)[k] {
		return nil, nil, nil, nil, false
	}
	step, ok := s.step(l.Post, k)
	if !ok {
		return nil, nil, nil, nil, false
	}
	b, inclusive, ok := s.upper(l.Cond, k)
	if !ok {
		return nil, nil, nil, nil, false
	}
	last = b
	if !inclusive {
		last = &ast.BinaryExpr{X: paren(b), Op: token.SUB, Y: intLit(1)} // b-1 wraps only for b = MinInt, which no trip has: the test then fails
	}
	if inclusive || step != nil { // last + step must not wrap to a value still below b
		if step == nil {
			step = intLit(1)
		}
		steps = &jamTest{"StepsIn", []ast.Expr{last, step}}
	}
	return k, init.Rhs[0], last, steps, true
}

// step returns the step of post, k++ (nil) or k += s for s read from the
// state.
func (s *jamSafety) step(post ast.Stmt, k *types.Var) (ast.Expr, bool) {
	info := s.f.Src.Info
	switch p := post.(type) {
	case *ast.IncDecStmt:
		return nil, p.Tok == token.INC && info.ObjectOf(identOf(p.X)) == k
	case *ast.AssignStmt:
		if p.Tok != token.ADD_ASSIGN || len(p.Lhs) != 1 || info.ObjectOf(identOf(p.Lhs[0])) != k || !s.invariant(p.Rhs[0]) {
			return nil, false
		}
		if c, ok := s.constInt(p.Rhs[0]); ok && c == 1 {
			return nil, true
		}
		return p.Rhs[0], true
	}
	return nil, false
}

// upper returns b where cond is k < b (inclusive false) or k <= b, or
// the same with its sides swapped, for b read from the state.
func (s *jamSafety) upper(cond ast.Expr, k *types.Var) (b ast.Expr, inclusive, ok bool) {
	be, isBin := ast.Unparen(cond).(*ast.BinaryExpr)
	if !isBin {
		return nil, false, false
	}
	l, r, op := be.X, be.Y, be.Op
	switch op { // as k op b
	case token.GTR:
		l, r, op = r, l, token.LSS
	case token.GEQ:
		l, r, op = r, l, token.LEQ
	}
	if s.f.Src.Info.ObjectOf(identOf(ast.Unparen(l))) != k || !s.invariant(r) || op != token.LSS && op != token.LEQ {
		return nil, false, false
	}
	return r, op == token.LEQ, true
}

// affine returns e as c*k + d by the index facts (index.go) read over
// counter k, with c and d read from the state; unit is whether c is 1.
func (s *jamSafety) affine(e ast.Expr, k *types.Var) (c, d ast.Expr, unit, ok bool) {
	l, ok := s.f.counterReader(k, s.invariant).linear(e, 0)
	if !ok {
		return nil, nil, false, false
	}
	factor, rest := l.split()
	if len(factor) == 0 {
		return nil, nil, false, false
	}
	kc, isConst := factor.constant()
	if isConst && kc == 0 {
		return nil, nil, false, false
	}
	d = s.f.intLit(0)
	if len(rest) > 0 {
		d = paren(s.f.linearExpr(rest))
	}
	return paren(s.f.linearExpr(factor)), d, isConst && kc == 1, true
}

// invariant reports whether e is read from the state alone: integer
// constants, variables the rest neither declares nor assigns, lengths of
// such slices, and sums, differences and products of those.
func (s *jamSafety) invariant(e ast.Expr) bool {
	info := s.f.Src.Info
	if tv, ok := info.Types[e]; ok && tv.Value != nil {
		return true
	}
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		v, ok := info.ObjectOf(e).(*types.Var)
		return ok && s.invariantVar(v)
	case *ast.BinaryExpr:
		return (e.Op == token.ADD || e.Op == token.SUB || e.Op == token.MUL) && s.invariant(e.X) && s.invariant(e.Y)
	case *ast.UnaryExpr:
		return e.Op == token.SUB && s.invariant(e.X)
	case *ast.CallExpr:
		return s.builtin(e, "len") && len(e.Args) == 1 && s.sliceVar(e.Args[0]) != nil && s.invariant(e.Args[0])
	}
	return false
}

// invariantVar reports whether v is state the rest does not change: a
// variable of the kernel's, a region's argument or a helper's parameter
// or first statements' variable, neither declared nor assigned by the
// rest.
func (s *jamSafety) invariantVar(v *types.Var) bool {
	if s.declared == nil {
		s.declared = map[*types.Var]bool{}
		for _, st := range s.rest {
			for d := range stmtDecls(s.f.Src.Info, st) {
				s.declared[d] = true
			}
		}
	}
	return !s.assigned[v] && !s.declared[v] && (s.f.Vars[v] != nil || s.local[v] || s.state[v])
}
