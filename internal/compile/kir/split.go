package kir

import "go/ast"

// split is the pass that runs a thread loop as two where one if of its
// code, not the rest of it, tests the thread's index against uniform
// bounds: first the threads the test rejects, without the if, then those
// it admits, with the if's body alone and no test. Rodinia's pyramid
// stencils (hotspot, pathfinder) are the case:
//
//	computed = false
//	if inRange(tx, i+1, BLOCK-i-2) && isValid {
//		computed = true
//		... the thread's cell of the step
//	}
//
// Each row of x then costs two compares instead of one evaluation of the
// test per thread, and the admitted half is a narrowed loop that rebase
// may run without checks.
//
// The threads of a loop have no order to keep between them, but a
// panicking thread does: the first in the block's order is the one
// reported. So the half that runs first, the rejected threads, must be
// code that cannot panic; the admitted half keeps the block's order.
func split(f *Func) {
	f.Body = f.splitList(f.Body)
}

// splitList returns nodes with each thread loop split takes replaced by
// its two halves, in the lists inside nodes too.
func (f *Func) splitList(nodes []Node) []Node {
	var out []Node
	for _, n := range nodes {
		switch n := n.(type) {
		case *If:
			n.Then, n.Else = f.splitList(n.Then), f.splitList(n.Else)
		case *For, *Range, *Scope:
			setChildren(n, f.splitList(children(n)[0]))
		case *Reversed:
			n.Split = f.splitHalves(n.First)
		case *ThreadLoop:
			if halves := f.splitHalves(n); halves != nil {
				out = append(out, halves...)
				continue
			}
		}
		out = append(out, n)
	}
	return out
}

// splitHalves returns the loops l runs as where split takes it (the
// admitted half alone where the rejected threads only declare), or nil.
func (f *Func) splitHalves(l *ThreadLoop) []Node {
	rejected, admitted := f.splitGuard(l)
	switch {
	case rejected == nil:
		return nil
	case f.onlyDeclares(l, admitted.Proven):
		return []Node{admitted}
	}
	return []Node{rejected, admitted}
}

// splitGuard returns the halves of l where split takes it, or nils.
func (f *Func) splitGuard(l *ThreadLoop) (rejected, admitted *ThreadLoop) {
	if l.Reduce != nil || len(l.Bounds) > 0 || l.stepped() || f.lockstep(l) != nil || f.Exits {
		return nil, nil
	}
	guard := f.splittable(l)
	if guard == nil {
		return nil, nil
	}
	b, whole := f.condBounds(guard.Cond, false)
	if !whole || len(b) == 0 {
		return nil, nil
	}
	for _, x := range b {
		if x.RowRisk {
			return nil, nil
		}
	}
	rejected = f.half(l, b, guard, false)
	rejected.Outside = true
	return rejected, f.half(l, b, guard, true)
}

// splittable returns the one if of l's code with no else whose condition
// is safe to evaluate, where every other statement of the code (and the
// remat definitions it recomputes) cannot panic; or nil.
func (f *Func) splittable(l *ThreadLoop) *ast.IfStmt {
	var guard *ast.IfStmt
	var rest []ast.Stmt
	for _, n := range l.Body {
		s := n.(*Code).Stmt
		if g, ok := s.(*ast.IfStmt); ok && g.Init == nil && g.Else == nil && f.safeCond(g.Cond) {
			if guard != nil {
				return nil // two: which to split at is a choice left alone
			}
			guard = g
			continue
		}
		rest = append(rest, s)
	}
	if guard == nil || len(rest) == 0 {
		return nil // narrow bounds a loop whose code is its guard
	}
	for _, v := range f.rematFor(f.LoopVars[l]) {
		rest = append(rest, f.Vars[v].Def)
	}
	safe := &emitter{f: f}
	for _, s := range rest {
		if !safe.safeStmt(s) {
			return nil
		}
	}
	return guard
}

// half returns a copy of l bounded by bounds, where guard's condition
// holds (or never does) for every thread.
func (f *Func) half(l *ThreadLoop, bounds []Bound, guard *ast.IfStmt, holds bool) *ThreadLoop {
	h := f.newLoop(l.Body, nil)
	h.Pos, h.Bounds, h.Proven, h.Step = l.Pos, bounds, map[ast.Stmt]bool{guard: holds}, l.Step
	f.LoopVars[h] = f.LoopVars[l]
	return h
}

// onlyDeclares reports whether the code of l other than its guard (the
// statement of proven) only defines variables of the loop's own from
// values that cannot fail (localDefinition: none kept per thread past the
// loop, since a spilled variable's zero value is read after the barrier,
// as n-body's accumulators are), so that the threads the guard rejects
// have nothing to run (the definitions before Harris's
// if tid == 0 { partial[b] = sum }).
func (f *Func) onlyDeclares(l *ThreadLoop, proven map[ast.Stmt]bool) bool {
	for _, n := range l.Body {
		if s := n.(*Code).Stmt; !proven[s] && !f.localDefinition(s, nil) {
			return false
		}
	}
	return true
}
