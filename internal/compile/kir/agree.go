package kir

import (
	"go/ast"
	"go/token"

	"github.com/gocuda/gocuda/internal/kapi"
)

// Loops holding a barrier whose header is not provably the same for every
// thread of the block: a grid-stride loop over a length the caller keeps
// a multiple of the block's size (OLCF's my_remove_if), a loop over a
// count only the program's logic makes uniform. CUDA requires every
// thread of the block to reach each barrier; the compiler cannot prove
// they do, so the compiled form checks it: the loop runs its init for each
// thread, then, at each trip, evaluates its condition for each thread
// (a predicate barrier of its own, Barrier.Agree) and goes on while every
// live thread's holds, leaves it when none does, and fails the launch with
// a *gocuda.DeadlockError naming a thread of each side when they
// disagree: the threads going on would wait at the loop's barrier for
// threads that left it. Never a hang, never silent wrong output. Its post
// statement runs for each thread at the end of the body, so a continue of
// the loop is refused.

// agreeLoops rewrites each For of nodes holding a barrier whose header
// may differ between threads as a checked loop, and returns the new list.
func (f *Func) agreeLoops(nodes []Node) []Node {
	return rewriteNodes(nodes, func(n Node) []Node {
		l, ok := n.(*For)
		if !ok || l.Lanes || !hasBarrier(l) || f.uniformHeader(l.Src) || l.Src.Cond == nil {
			return []Node{n}
		}
		return f.agreeLoop(l)
	})
}

// agreeLoop returns loop l, whose header may differ between threads, as
// a checked loop, after its init statement.
func (f *Func) agreeLoop(l *For) []Node {
	var out []Node
	l.Body = f.continuesAsIfs(l.Body, l.Src)
	for _, b := range branchesTo(l.Body, l.Src) {
		if b.Src.Tok == token.CONTINUE {
			fail(f.refuse(b.Src, "a continue of a loop with a barrier whose header is not provably the same for every thread of the block (compute its bound from values the same for the block, or end the trip with an if instead)"))
		}
	}
	src := &ast.ForStmt{For: l.Src.For, Body: l.Src.Body}
	if tail, ok := f.tail[l.Src]; ok {
		f.tail[src] = tail // still a tail loop, checked (dropDeadTails)
	}
	for _, b := range branchesTo(l.Body, l.Src) {
		b.Target = src
	}
	var cond Node
	if tail, ok := f.tail[l.Src]; ok { // a thread leaving it returns (exitbreak.go)
		cond = &Code{Stmt: f.exitUnless(l.Src.Cond, tail)}
	} else {
		e, _ := kapi.ByName("(*" + kapi.GocudaPath + ".Thread).SyncThreadsOr")
		cond = &Barrier{Call: &ast.CallExpr{Fun: ast.NewIdent("agree"), Lparen: l.Src.Cond.Pos(), Args: []ast.Expr{l.Src.Cond}, Rparen: l.Src.Cond.End()},
			Entry: e, Pred: l.Src.Cond, Agree: firstBarrier(l.Body)}
	}
	body := append([]Node{cond}, l.Body...)
	if l.Src.Post != nil {
		body = append(body, &Code{Stmt: l.Src.Post})
	}
	if l.Src.Init != nil {
		out = append(out, &Code{Stmt: l.Src.Init})
	}
	out = append(out, &For{Src: src, Label: l.Label, Body: body})
	return out
}

// continuesAsIfs returns nodes, a loop's body, with each if whose branch
// is only a continue of loop (no else, no init) and the nodes after it
// made one if running those nodes under the negated condition: aop's
// prepare_svd_kernel ends a trip of its block-stride loop early when a
// shared flag says no item of the trip counts. A continue elsewhere is
// left as it is.
func (f *Func) continuesAsIfs(nodes []Node, loop ast.Stmt) []Node {
	for i, n := range nodes {
		in, ok := n.(*If)
		if !ok || len(in.Else) > 0 || in.Src.Init != nil || len(in.Then) != 1 {
			continue
		}
		b, ok := in.Then[0].(*Branch)
		if !ok || b.Lanes || b.Src.Tok != token.CONTINUE || b.Target != loop {
			continue
		}
		pos := in.Src.If
		then := f.continuesAsIfs(nodes[i+1:], loop)
		src := &ast.IfStmt{If: pos, Cond: f.negate(in.Src.Cond, pos), Body: block(pos)}
		if stmts, ok := codeStmts(then); ok { // thread code: an if of the thread's
			src.Body = block(pos, stmts...)
			return append(nodes[:i:i], &Code{Stmt: src})
		}
		return append(nodes[:i:i], &If{Src: src, Then: then})
	}
	return nodes
}

// uniformHeader reports whether the header of loop s is the same for
// every thread of the block.
func (f *Func) uniformHeader(s *ast.ForStmt) bool {
	return f.uniformStmt(s.Init, f.isUniform) && f.uniformStmt(s.Post, f.isUniform) && f.pure(s.Cond, f.isUniform, false)
}

// firstBarrier returns the name of the first barrier in nodes, as a
// deadlock report names what a thread waits at.
func firstBarrier(nodes []Node) string {
	name := ""
	Walk(nodes, func(n Node) {
		if b, ok := n.(*Barrier); ok && name == "" {
			name = b.Entry.Short
		}
	})
	return name
}

// setChild replaces the i-th node list of n (as children returns them).
func setChild(n Node, i int, list []Node) {
	switch n := n.(type) {
	case *If:
		if i == 0 {
			n.Then = list
		} else {
			n.Else = list
		}
	case *For:
		n.Body = list
	case *Range:
		n.Body = list
	case *Scope:
		n.Body = list
	}
}
