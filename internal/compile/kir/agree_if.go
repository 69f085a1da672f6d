package kir

import (
	"go/ast"
	"go/types"

	"github.com/gocuda/gocuda/internal/kapi"
)

// Ifs holding a barrier, and breaks and continues of loops holding one,
// under a condition the block's threads agree on for a reason the
// compiler cannot see: a value each thread read from shared memory after
// a barrier into a variable that held its own value before (HeCBench's
// tsp, whose threads leave their loop once the block's minimum, read
// from shared memory, is not negative), a counter every thread steps by
// the block's size from its own start (HeCBench's ss). CUDA requires
// every thread of the block to take the same side; as for a loop's
// condition (agree.go), the compiled form checks it: each thread
// evaluates the condition once, in a predicate barrier of its own
// (Barrier.Agree, with Stmt setting a uniform variable to the agreed
// value), the block takes the branch every live thread's condition chose,
// and the launch fails with a *gocuda.DeadlockError naming a thread of
// each side where they disagree. Never a hang, never silent wrong output.

// agreeIfs rewrites each If of nodes that holds a barrier, or a break or
// continue of a loop holding one, and whose condition may differ between
// threads, as the check of its condition and an If on the agreed value;
// it returns the new list.
func (f *Func) agreeIfs(nodes []Node) []Node {
	return rewriteNodes(nodes, func(n Node) []Node {
		if n, ok := n.(*If); ok && f.needsAgreement(n) {
			return f.agreeIf(n)
		}
		return []Node{n}
	})
}

// needsAgreement reports whether if n is control the block must agree on
// whose condition the compiler cannot prove the same for every thread
// (checkControl's test), for a reason other than the thread's index: a
// variable that held a thread's own value, memory. One with an init
// statement is left to checkControl.
func (f *Func) needsAgreement(n *If) bool {
	if !blockLevel(n) || n.Src.Init != nil {
		return false
	}
	uniform := func(v *types.Var) bool { return f.Vars[v] != nil && f.Vars[v].Class == Uniform }
	byIndex := func(v *types.Var) bool { return f.Vars[v] != nil && f.Vars[v].Class != Varying }
	f.readShared = true
	defer func() { f.readShared = false }()
	// A condition the thread's index decides (t.ThreadIdx.X < 4) is
	// divergent by construction: refused, as a GPU would hang on it, and
	// left to the runtime path.
	return !f.pure(n.Src.Cond, uniform, false) && !f.pure(n.Src.Cond, byIndex, true)
}

// agreeIf returns the check of if n's condition, its agreed value stored
// in a new uniform variable, and the If on that variable.
func (f *Func) agreeIf(n *If) []Node {
	pos := n.Src.If
	v := types.NewVar(pos, f.Src.Pkg, "agreed", types.Typ[types.Bool])
	f.addVar(v)
	f.Vars[v].Class = Uniform
	e, _ := kapi.ByName("(*" + kapi.GocudaPath + ".Thread).SyncThreadsOr")
	call := &ast.CallExpr{Fun: ast.NewIdent("agree"), Lparen: n.Src.Cond.Pos(), Args: []ast.Expr{n.Src.Cond}, Rparen: n.Src.Cond.End()}
	f.Src.Info.Types[call] = types.TypeAndValue{Type: v.Type()}
	toward := firstBarrier(n.Then)
	switch {
	case toward != "":
	case holdsBranch(n.Then):
		toward = "the if's branch, which leaves or ends a trip of the loop around it"
	default: // a side without barriers: its threads go on to the next
		toward = "the first barrier after the if"
	}
	check := &Barrier{Call: call, Entry: e, Pred: n.Src.Cond, Stmt: f.declare(v, call, pos), Agree: toward}
	src := &ast.IfStmt{If: pos, Cond: f.ident(v, n.Src.Cond.Pos()), Body: n.Src.Body, Else: n.Src.Else}
	elseIf := n.ElseIf && len(n.Else) == 1 && isIf(n.Else[0])
	return []Node{check, &If{Src: src, Then: n.Then, Else: n.Else, ElseIf: elseIf}}
}

// holdsBranch reports whether nodes hold a break or continue.
func holdsBranch(nodes []Node) bool {
	found := false
	Walk(nodes, func(n Node) {
		if _, ok := n.(*Branch); ok {
			found = true
		}
	})
	return found
}

// agreeBits writes, for the check of an if's condition (agreeIf), the
// failure where threads disagree and the agreed value: bit 0 of name is
// set where a thread's condition held, bit 1 where one's did not.
func (e *emitter) agreeBits(b *Barrier, name string) {
	all := e.f.Names.Fresh("agreed")
	e.printf("if %s == 3 {\n%s.DivergedIf(%s, %q, %sin, %sout)\n}\n%s := %s&1 != 0\n",
		name, e.f.Src.Compiled, e.use("b"), b.Agree, name, name, all, name)
	e.reduced[b.Call] = all
	e.source(b.Stmt)
}

// ifAgreement reports whether b checks an if's condition (agreeIf) rather
// than a loop's (agreeLoops).
func ifAgreement(b *Barrier) bool { return b.Agree != "" && b.Stmt != nil }
