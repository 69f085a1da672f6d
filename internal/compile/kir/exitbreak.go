package kir

import (
	"go/ast"
	"go/token"
	"go/types"
)

// A loop holding a barrier after which a thread only runs a little thread
// code before the kernel returns, left by threads at different trips:
// HeCBench's wyllie, whose threads each walk their own list, pointer
// jumping until a node's successor is nil, with a barrier a step; a loop
// whose threads each make their own number of turns and then store what
// they computed. On the runtime path, as on a GPU since Volta, a thread
// leaving such a loop runs on to its end and returns, and a thread that
// has returned no longer holds a barrier up. The compiled form does the
// same: the thread runs the code after the loop (the tail: it holds no
// sync point, so nothing orders it against the other threads' trips) and
// returns, where it leaves the loop. exitBreaks makes each break of such
// a loop under a condition the compiler cannot prove the same for the
// block the tail and a return, and agreeLoops makes the failure of such a
// loop's own condition, where that may differ between threads, the same
// (exitUnless). A break whose condition is the block's stays a break.

// A tailLoop is a loop holding a barrier and the thread code (its tail)
// that runs after it until the kernel returns.
type tailLoop struct {
	loop *For
	tail []ast.Stmt
}

// exitBreaks rewrites, in each loop holding a barrier after which only a
// tail runs, every if whose condition may differ between threads and
// whose branch is thread code ending with a break of that loop as the
// same if ending with the tail and a return.
func (f *Func) exitBreaks() {
	f.tail = map[*ast.ForStmt][]ast.Stmt{}
	if f.Src.Decl == nil {
		return
	}
	for _, t := range tailLoops(f.Body, nil) {
		t.loop.Body = f.breaksToReturns(t.loop.Body, t.loop.Src, t.tail)
		f.tail[t.loop.Src] = t.tail
	}
}

// tailLoops returns the loops holding a barrier of nodes, the end of the
// kernel's body or of a branch of an if (or a block) that is, after which
// only thread code that can be moved into them runs: tail, and the code
// after them in nodes.
func tailLoops(nodes []Node, tail []ast.Stmt) []tailLoop {
	k := len(nodes)
	for ; k > 0; k-- {
		c, ok := nodes[k-1].(*Code)
		if !ok {
			break
		}
		if !movable(c.Stmt) {
			return nil
		}
	}
	if k == 0 {
		return nil
	}
	var after []ast.Stmt
	for _, n := range nodes[k:] {
		after = append(after, n.(*Code).Stmt)
	}
	after = append(after, tail...)
	switch n := nodes[k-1].(type) {
	case *For:
		if !n.Lanes && hasBarrier(n) {
			return []tailLoop{{n, after}}
		}
	case *If:
		return append(tailLoops(n.Then, after), tailLoops(n.Else, after)...)
	case *Scope:
		return tailLoops(n.Body, after)
	}
	return nil
}

// movable reports whether thread statement s may run inside a loop
// before it: it declares nothing (which a name in the loop could
// shadow), and holds no branch, label or function literal.
func movable(s ast.Stmt) bool {
	ok := true
	ast.Inspect(s, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BranchStmt, *ast.LabeledStmt, *ast.FuncLit, *ast.DeclStmt:
			ok = false
		case *ast.AssignStmt:
			ok = ok && n.Tok != token.DEFINE
		case *ast.RangeStmt:
			ok = ok && n.Tok != token.DEFINE
		}
		return ok
	})
	return ok
}

// breaksToReturns returns nodes with each if that leaves loop target by a
// break some threads may take (exitBreak) made the same if running tail
// and returning. It looks through ifs and blocks, not into other loops.
func (f *Func) breaksToReturns(nodes []Node, target ast.Stmt, tail []ast.Stmt) []Node {
	out := make([]Node, 0, len(nodes))
	for _, n := range nodes {
		switch n := n.(type) {
		case *If:
			if s, ok := f.exitBreak(n, target, tail); ok {
				out = append(out, &Code{Stmt: s})
				continue
			}
			n.Then, n.Else = f.breaksToReturns(n.Then, target, tail), f.breaksToReturns(n.Else, target, tail)
		case *Scope:
			n.Body = f.breaksToReturns(n.Body, target, tail)
		}
		out = append(out, n)
	}
	return out
}

// exitBreak returns if n as thread code running tail and returning where
// it broke out of target, if n's branch is thread code ending with a
// break of target, it has no else or init, and its condition may differ
// between threads.
func (f *Func) exitBreak(n *If, target ast.Stmt, tail []ast.Stmt) (*ast.IfStmt, bool) {
	if len(n.Else) > 0 || n.Src.Init != nil || len(n.Then) == 0 || f.pure(n.Src.Cond, f.isUniform, false) {
		return nil, false
	}
	last := len(n.Then) - 1
	br, ok := n.Then[last].(*Branch)
	if !ok || br.Lanes || br.Target != target || br.Src.Tok != token.BREAK {
		return nil, false
	}
	var list []ast.Stmt
	for _, c := range n.Then[:last] {
		code, ok := c.(*Code)
		if !ok {
			return nil, false
		}
		list = append(list, code.Stmt)
	}
	list = append(list, f.exitTail(tail, br.Src.Pos())...)
	return &ast.IfStmt{If: n.Src.If, Cond: n.Src.Cond, Body: block(n.Src.Body.Lbrace, list...)}, true
}

// exitTail returns copies of a tail loop's tail and a return, at pos: what
// a thread leaving the loop runs.
func (f *Func) exitTail(tail []ast.Stmt, pos token.Pos) []ast.Stmt {
	none := &instance{objs: map[types.Object]types.Object{}}
	var out []ast.Stmt
	for _, s := range tail {
		out = append(out, f.copyNode(s, none, nil).(ast.Stmt))
	}
	return append(out, &ast.ReturnStmt{Return: pos})
}

// dropDeadTails returns nodes without the code after each tail loop that
// its threads now leave only by returning (no break left, no condition):
// code Go's vet would find unreachable, which no thread runs.
func (f *Func) dropDeadTails(nodes []Node) []Node {
	for _, n := range nodes {
		for i, list := range children(n) {
			setChild(n, i, f.dropDeadTails(list))
		}
	}
	for i, n := range nodes {
		l, ok := n.(*For)
		if !ok || !f.leftByReturns(l) {
			continue
		}
		rest := nodes[i+1:]
		for _, m := range rest {
			if _, isCode := m.(*Code); !isCode {
				return nodes
			}
		}
		return nodes[: i+1 : i+1]
	}
	return nodes
}

// leftByReturns reports whether l is a tail loop (its checked form
// included: agreeLoop records it) without a condition that no break
// leaves.
func (f *Func) leftByReturns(l *For) bool {
	if l.Src.Cond != nil {
		return false
	}
	if _, tail := f.tail[l.Src]; !tail {
		return false
	}
	for _, b := range branchesTo(l.Body, l.Src) {
		if b.Src.Tok == token.BREAK {
			return false
		}
	}
	return true
}

// exitUnless returns if !(cond) { tail; return }: the check, at the top of
// each trip, of the condition of a tail loop whose threads may leave it at
// different trips (agreeLoops).
func (f *Func) exitUnless(cond ast.Expr, tail []ast.Stmt) *ast.IfStmt {
	pos := cond.Pos()
	return &ast.IfStmt{If: pos, Cond: f.negate(cond, pos), Body: block(pos, f.exitTail(tail, pos)...)}
}
