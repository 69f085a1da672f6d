package compile

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
)

// A grid-stride loop, for i := start; i < n; i += stride, with a start
// that depends on the thread and n and stride the same for every thread of
// the block, runs in lockstep: step k runs the body for every thread whose
// i = start + k*stride is in range, so that neighbouring threads touch
// neighbouring elements, as a GPU's warps do, instead of each thread
// striding through memory alone. Threads of one region have no order to
// keep, so any interleaving of their iterations is theirs.

// gridStride is a loop in lockstep form.
type gridStride struct {
	stmt         *ast.ForStmt
	key          *ast.Ident
	start, limit ast.Expr
	stride       ast.Expr // nil for i++
	op           token.Token
}

// gridStrideOf returns s as a grid-stride loop, or nil.
func (a *analysis) gridStrideOf(s ast.Stmt) *gridStride {
	fs, ok := s.(*ast.ForStmt)
	if !ok {
		return nil
	}
	init, ok1 := fs.Init.(*ast.AssignStmt)
	cond, ok2 := fs.Cond.(*ast.BinaryExpr)
	if !ok1 || !ok2 || init.Tok != token.DEFINE || len(init.Lhs) != 1 || len(init.Rhs) != 1 ||
		(cond.Op != token.LSS && cond.Op != token.LEQ) {
		return nil
	}
	key, _ := init.Lhs[0].(*ast.Ident)
	if key == nil || !sameVar(a.info, key, cond.X) {
		return nil
	}
	g := &gridStride{stmt: fs, key: key, start: init.Rhs[0], limit: cond.Y, op: cond.Op}
	switch post := fs.Post.(type) {
	case *ast.IncDecStmt:
		if post.Tok != token.INC || !sameVar(a.info, key, post.X) {
			return nil
		}
	case *ast.AssignStmt:
		if post.Tok != token.ADD_ASSIGN || !sameVar(a.info, key, post.Lhs[0]) {
			return nil
		}
		g.stride = post.Rhs[0]
	default:
		return nil
	}
	blockOK := func(v *types.Var) bool { return a.class[v] == varBlock }
	threadOK := func(v *types.Var) bool { return a.class[v] == varBlock || a.class[v] == varRemat }
	if !a.pure(g.limit, blockOK, false) || (g.stride != nil && !a.pure(g.stride, blockOK, false)) ||
		a.pure(g.start, blockOK, false) || !a.pure(g.start, threadOK, true) || !a.plainBody(fs.Body, key) {
		return nil
	}
	return g
}

// plainBody reports whether a loop body runs straight through: no branch,
// return or label, and the key is not changed.
func (a *analysis) plainBody(body *ast.BlockStmt, key *ast.Ident) bool {
	ok := true
	ast.Inspect(body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BranchStmt, *ast.ReturnStmt, *ast.LabeledStmt, *ast.DeferStmt, *ast.GoStmt:
			ok = false
		case *ast.Ident:
			if v, isVar := a.info.ObjectOf(n).(*types.Var); isVar && a.info.ObjectOf(key) == v {
				for _, s := range a.sites[v] {
					if s.kind == siteAddr || inside(s.stmt, body) {
						ok = false
					}
				}
			}
		}
		return ok
	})
	return ok
}

// lockstep writes the loop l in lockstep form: the threads' starts, then
// the steps, each a thread loop.
func (e *emitter) lockstep(l *threadLoop) {
	g := l.grid
	starts := e.scratch(fmt.Sprintf("gc_g%d", l.id), "int")
	init, step := e.a.partOf(l, g.start), e.a.partOf(l, g.stmt.Body)
	e.threadLoopHead(l, true)
	e.loopLocals(init)
	e.line(g.start.Pos())
	e.printf("%s[gc_tid] = %s\n}\n", starts, e.plain(g.start))
	stride := "1"
	if g.stride != nil {
		stride = e.plain(g.stride)
	}
	e.line(g.stmt.Pos())
	e.printf("for gc_off, gc_limit, gc_more := 0, %s, true; gc_more; gc_off += %s {\n%sgc_more = false\n", e.plain(g.limit), stride, stopCheck) // a stride of 0 loops forever
	needEnter := refersTo(g.stmt.Body, e.a.k.Thread, e.a.info) || len(e.a.rematFor(step)) > 0
	e.threadLoopHead(l, needEnter)
	e.printf("%s := %s[gc_tid] + gc_off\nif !(%s %s gc_limit) {\ncontinue\n}\ngc_more = true\n", g.key.Name, starts, g.key.Name, g.op)
	e.loopLocals(step)
	for _, s := range g.stmt.Body.List {
		e.stmt(s, "")
	}
	e.loopStores(step)
	e.printf("}\n}\n")
}

// partOf returns a loop like l whose variables are those n uses: one part
// of a loop that is written as several.
func (a *analysis) partOf(l *threadLoop, n ast.Node) *threadLoop {
	part := &threadLoop{id: l.id, refs: map[*types.Var]bool{}, defs: map[*types.Var]bool{}, sets: l.sets}
	a.scanLoopNode(part, n, map[ast.Stmt]*threadLoop{})
	return part
}
