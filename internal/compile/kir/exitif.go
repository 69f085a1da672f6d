package kir

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/gocuda/gocuda/internal/kapi"
)

// An if holding barriers whose condition the block's threads may not
// share, after which the kernel ends. vLLM's moe_align_block_size small
// batch kernel (HeCBench's moe-align) gives its first 256 threads one
// barrier and a return, the others three; aop's prepare_svd_kernel lets
// thread 0 take a side without barriers and finish while the others
// synchronize. On the runtime path, as on a GPU since Volta, a thread
// that has returned holds no barrier up: the k-th barrier a thread of one
// side reaches completes with the k-th of the other side's, and once a
// side has no barrier left its threads finish while the others go on.
// The compiled form does the same (exitIfs): each side's code between
// two barriers runs, per thread, in the branch the thread's condition
// chose, the sides' k-th barriers are one, and each side ends with the
// code after the if and a return.

// exitIfs rewrites each if of the kernel body's top level that holds a
// barrier, whose condition may differ between threads and after which
// the kernel ends, as its sides merged barrier by barrier (mergeSides).
// An if it cannot merge is left to agreeIfs and checkControl.
// It reports whether it rewrote one: what a side assigns is then per
// thread, and the variables' classes must be decided again.
func (f *Func) exitIfs() bool {
	for i, n := range f.Body {
		n, ok := n.(*If)
		if !ok || !f.divergentIf(n) || i == len(f.Body)-1 && len(n.Else) == 0 {
			continue // the last statement without else is exitForm's
		}
		rest := f.Body[i+1:]
		if m, ok := f.flaggedReturn(n, rest); ok {
			n, rest = m, rest[1:]
		}
		if merged, ok := f.mergeSides(n, rest); ok {
			f.Body = append(f.Body[:i:i], merged...)
			return true
		}
	}
	return false
}

// flaggedReturn returns, where n and the if after it are an inlined
// helper's early return (if c { ...; returned = true }, then if
// !returned { ... }, flaggedResults), the two as one if whose else is the
// second's branch: the helper's return is where it ends.
func (f *Func) flaggedReturn(n *If, rest []Node) (*If, bool) {
	if len(n.Else) > 0 || len(n.Then) == 0 || len(rest) == 0 {
		return nil, false
	}
	last, ok := n.Then[len(n.Then)-1].(*Code)
	if !ok {
		return nil, false
	}
	a, ok := last.Stmt.(*ast.AssignStmt)
	if !ok || len(a.Lhs) != 1 || a.Tok != token.ASSIGN {
		return nil, false
	}
	flag := f.varOf(a.Lhs[0])
	next, ok := rest[0].(*If)
	if flag == nil || !f.returnFlags[flag.Obj] || !ok || len(next.Else) > 0 || next.Src.Init != nil {
		return nil, false
	}
	not, ok := ast.Unparen(next.Src.Cond).(*ast.UnaryExpr)
	if !ok || not.Op != token.NOT || f.varOf(ast.Unparen(not.X)) != flag || f.readsFlag(flag.Obj, rest[1:]) {
		return nil, false
	}
	return &If{Src: n.Src, Then: n.Then[:len(n.Then)-1], Else: next.Then}, true
}

// readsFlag reports whether nodes name flag in their thread code: the
// only nodes mergeSides takes after the pair.
func (f *Func) readsFlag(flag *types.Var, nodes []Node) bool {
	found := false
	Walk(nodes, func(n Node) {
		if c, ok := n.(*Code); ok {
			ast.Inspect(c.Stmt, func(m ast.Node) bool {
				if id, ok := m.(*ast.Ident); ok && f.Src.Info.Uses[id] == flag {
					found = true
				}
				return !found
			})
		}
	})
	return found
}

// divergentIf reports whether n is an if holding a barrier whose
// condition may differ between threads: one agreeIfs would check, or one
// the thread's index decides.
func (f *Func) divergentIf(n *If) bool {
	if !blockLevel(n) || n.Src.Init != nil || !hasBarrier(n) {
		return false
	}
	uniform := func(v *types.Var) bool { return f.Vars[v] != nil && f.Vars[v].Class == Uniform }
	f.readShared = true
	defer func() { f.readShared = false }()
	return !f.pure(n.Src.Cond, uniform, false)
}

// mergeSides returns if n's sides merged barrier by barrier, the
// condition evaluated once per thread first, where the kernel ends after
// n: after n come rest, and each side that does not end with a return
// goes on with rest. Each side, rest included, must be thread code and
// plain barriers; rest, where a side goes on with it, only thread code
// that can move into the side (a barrier there would be both sides').
func (f *Func) mergeSides(n *If, rest []Node) ([]Node, bool) {
	var tail []Node
	switch {
	case len(n.Else) == 0 && endsWithReturn(n.Then):
		tail = nil
		n = &If{Src: n.Src, Then: n.Then, Else: rest}
	default:
		for _, r := range rest {
			c, ok := r.(*Code)
			if !ok || !movable(c.Stmt) {
				return nil, false
			}
		}
		tail = rest
	}
	if done, ok := threadStmts(finish(n.Then, tail)); ok {
		return f.exitSide(n.Src.Cond, n.Src, done, finish(n.Else, tail)), true
	}
	if done, ok := threadStmts(finish(n.Else, tail)); ok {
		return f.exitSide(f.negate(n.Src.Cond, n.Src.If), n.Src, done, finish(n.Then, tail)), true
	}
	end := n.Src.End()
	then, okThen := f.segments(n.Then, tail, end)
	els, okElse := f.segments(n.Else, tail, end)
	if !okThen || !okElse {
		return nil, false
	}
	pos := n.Src.If
	c := types.NewVar(pos, f.Src.Pkg, "side", types.Typ[types.Bool])
	f.addVar(c)
	out := []Node{&Code{Stmt: f.declare(c, n.Src.Cond, pos)}}
	out = append(out, f.hoistSides(then)...)
	out = append(out, f.hoistSides(els)...)
	for k := range max(len(then), len(els)) {
		if k > 0 {
			out = append(out, barrierOf(then, els, k))
		}
		s := &ast.IfStmt{If: pos, Cond: f.ident(c, pos), Body: block(pos, stmtsOf(then, k)...)}
		if e := stmtsOf(els, k); len(e) > 0 {
			s.Else = block(pos, e...)
		}
		out = append(out, &Code{Stmt: s})
	}
	return out, true
}

// hoistSides moves the declarations at the top level of side's segments
// out of them (hoistDecls), where a later segment of the side can still
// name them; a shared allocation of the first segment moves whole. It
// returns what goes before the if.
func (f *Func) hoistSides(side []segment) []Node {
	var before []Node
	for k := range side {
		var rest []ast.Stmt
		for _, s := range side[k].stmts {
			if k == 0 && f.sharedAlloc(s) {
				before = append(before, &Code{Stmt: s})
			} else {
				rest = append(rest, s)
			}
		}
		decls, out := f.hoistDecls(rest)
		before = append(before, decls...)
		side[k].stmts = out
	}
	return before
}

// sharedAlloc reports whether s declares a shared slice and nothing
// else: x := gocuda.Shared[T](t, n), or DynamicShared.
func (f *Func) sharedAlloc(s ast.Stmt) bool {
	a, ok := s.(*ast.AssignStmt)
	if !ok || a.Tok != token.DEFINE || len(a.Lhs) != 1 || len(a.Rhs) != 1 {
		return false
	}
	call, ok := ast.Unparen(a.Rhs[0]).(*ast.CallExpr)
	if !ok {
		return false
	}
	e, ok := f.entry(call)
	return ok && e.Kind == kapi.SharedDecl
}

// exitSide returns an if whose side done, thread code only with the code
// after the if (its statements), ends the thread under cond, and the
// other side, with the code after the if, after it: the threads that
// take done finish there, as Numba's guarded reductions and exitForm's
// ifs (the kernel's last statement, without else) do.
func (f *Func) exitSide(cond ast.Expr, src *ast.IfStmt, done []ast.Stmt, other []Node) []Node {
	if len(done) == 0 || !endsReturn(done[len(done)-1]) {
		done = append(done, &ast.ReturnStmt{Return: src.End()})
	}
	exit := &Code{Stmt: &ast.IfStmt{If: src.If, Cond: cond, Body: block(src.If, done...)}}
	return append([]Node{exit}, other...)
}

// finish returns side, then tail unless side ends with a return.
func finish(side, tail []Node) []Node {
	if endsWithReturn(side) {
		return side
	}
	return append(append([]Node(nil), side...), tail...)
}

// threadStmts returns the statements of nodes if they are thread code
// only, a return of the kernel last or not.
func threadStmts(nodes []Node) ([]ast.Stmt, bool) {
	var out []ast.Stmt
	for i, n := range nodes {
		switch n := n.(type) {
		case *Code:
			if n.Block {
				return nil, false
			}
			out = append(out, n.Stmt)
		case *Return:
			if i != len(nodes)-1 {
				return nil, false
			}
			out = append(out, n.Src)
		default:
			return nil, false
		}
	}
	return out, true
}

// A segment is a side's thread code between two barriers, and the
// barrier that ends the segment before it (nil for the first).
type segment struct {
	after *Barrier
	stmts []ast.Stmt
}

// segments returns side, then tail unless side ends with a return, cut
// at its barriers, the last segment ending with a return; false where a
// node is neither thread code nor a plain barrier, or a return comes
// before the end. A return it adds is at end.
func (f *Func) segments(side, tail []Node, end token.Pos) ([]segment, bool) {
	nodes := finish(side, tail)
	segs := []segment{{}}
	for i, n := range nodes {
		last := &segs[len(segs)-1]
		switch n := n.(type) {
		case *Code:
			last.stmts = append(last.stmts, n.Stmt)
		case *Return:
			if i != len(nodes)-1 {
				return nil, false
			}
			last.stmts = append(last.stmts, n.Src)
		case *Barrier:
			if !plainBarrier(n) {
				return nil, false
			}
			segs = append(segs, segment{after: n})
		default:
			return nil, false
		}
	}
	if !endsWithReturn(nodes) {
		last := &segs[len(segs)-1]
		last.stmts = append(last.stmts, &ast.ReturnStmt{Return: end})
	}
	return segs, true
}

// plainBarrier reports whether b is t.SyncThreads: no predicate, no
// result, no agreement check.
func plainBarrier(b *Barrier) bool {
	return b.Entry.Kind == kapi.Barrier && b.Pred == nil && b.Stmt == nil && b.Agree == ""
}

// endsWithReturn reports whether nodes end with a return of the kernel.
func endsWithReturn(nodes []Node) bool {
	if len(nodes) == 0 {
		return false
	}
	switch n := nodes[len(nodes)-1].(type) {
	case *Return:
		return true
	case *Code:
		return endsReturn(n.Stmt)
	}
	return false
}

// barrierOf returns the barrier before segment k: the then side's,
// where it has one, else the else side's.
func barrierOf(then, els []segment, k int) *Barrier {
	if k < len(then) {
		return then[k].after
	}
	return els[k].after
}

// stmtsOf returns the statements of segment k of side, none past its
// end (its threads have returned).
func stmtsOf(side []segment, k int) []ast.Stmt {
	if k >= len(side) {
		return nil
	}
	return side[k].stmts
}
