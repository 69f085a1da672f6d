package compile

import (
	"go/ast"
	"go/token"
	"go/types"
)

// A node is one piece of a block body: a thread loop or block-level code.
type node interface{ isNode() }

// A threadLoop runs a region of the kernel, or a barrier's predicate, for
// every live thread of the block in linear order.
type threadLoop struct {
	id    int
	stmts []ast.Stmt          // the region
	pred  *ast.CallExpr       // or the barrier whose predicate it evaluates
	coll  *ast.CallExpr       // or the warp collective whose operands it evaluates
	cond  ast.Expr            // or the condition of a masked if
	grid  *gridStride         // or a grid-stride loop, run in lockstep
	refs  map[*types.Var]bool // local variables it uses or defines
	defs  map[*types.Var]bool // ... of which its top statements define
	sets  map[*types.Var]bool // ... and which it changes
	exits bool                // it contains a return
}

// blockCode is a statement run once per block.
type blockCode struct{ stmt ast.Stmt }

// blockIf, blockFor, blockRange and blockScope are block-level control
// around lowered bodies.
type (
	blockIf struct {
		stmt       *ast.IfStmt
		then, els  []node
		elseIsCond bool        // els is a lowered else-if
		mask       *threadLoop // a condition that may differ from thread to thread: the loop evaluating it
	}
	blockFor struct {
		stmt *ast.ForStmt
		body []node
	}
	blockRange struct {
		stmt *ast.RangeStmt
		body []node
	}
	blockScope struct{ body []node }
)

// A warpOp completes a warp collective, whose operands its loop
// evaluated, for every warp of the block.
type warpOp struct {
	loop *threadLoop
}

// barrierResult assigns a barrier's reduced predicate, once the thread
// loop evaluating it has run.
type barrierResult struct {
	stmt ast.Stmt // the assignment or declaration, with the call replaced
	loop *threadLoop
}

func (*threadLoop) isNode()    {}
func (*blockCode) isNode()     {}
func (*blockIf) isNode()       {}
func (*blockFor) isNode()      {}
func (*blockRange) isNode()    {}
func (*blockScope) isNode()    {}
func (*barrierResult) isNode() {}
func (*warpOp) isNode()        {}

// lower turns a lowered statement list into nodes: runs of thread
// statements become thread loops, uniform declarations move before the
// loop of their run, uniform assignments split runs, and barrier
// statements become block-level control.
func (a *analysis) lower(list []ast.Stmt) []node {
	var out, hoisted []node
	var run []ast.Stmt
	flush := func() {
		out = append(out, hoisted...)
		if len(run) > 0 {
			out = append(out, a.newLoop(run, nil))
		}
		run, hoisted = nil, nil
	}
	for _, s := range list {
		switch {
		case a.colls[s] != nil:
			flush()
			op := &warpOp{loop: a.newLoop(nil, nil)}
			op.loop.coll = a.colls[s]
			out = append(out, op)
			if _, discarded := s.(*ast.ExprStmt); !discarded {
				run = append(run, s) // goes on with the result
			}
		case a.barrier[s]:
			flush()
			out = append(out, a.lowerBarrier(s)...)
		case a.rematStmt[s]:
			// recomputed in each loop that needs it
		case a.blockStmt[s] && isDefine(s) || isConstOrType(s):
			hoisted = append(hoisted, &blockCode{s})
		case a.blockStmt[s]:
			flush()
			out = append(out, &blockCode{s})
		case a.gridStrideOf(s) != nil:
			flush()
			l := a.newLoop([]ast.Stmt{s}, nil)
			l.grid = a.gridStrideOf(s)
			out = append(out, l)
		default:
			run = append(run, s)
		}
	}
	flush()
	return out
}

func (a *analysis) newLoop(stmts []ast.Stmt, pred *ast.CallExpr) *threadLoop {
	l := &threadLoop{stmts: stmts, pred: pred}
	a.loops = append(a.loops, l)
	l.id = len(a.loops)
	return l
}

// lowerBarrier lowers a statement containing a barrier.
func (a *analysis) lowerBarrier(s ast.Stmt) []node {
	switch s := s.(type) {
	case *ast.ExprStmt:
		if a.contains(s, func(k callKind) bool { return k == callWarp }) {
			a.refuse(s, "a warp collective inside an expression (compiled as statements: v := gocuda.ShflDownSync(...), v += ..., t.SyncWarp(mask))")
			return nil
		}
		if call := a.barrierCall(s.X); call != nil {
			if kind, _ := a.c.classify(call); kind == callBarrierPred {
				if a.hasBarrier(call.Args[0]) {
					a.refuse(call, "a barrier or warp collective inside a barrier's predicate")
					return nil
				}
				return []node{a.newLoop(nil, call)}
			}
			return nil // the loops before and after are the barrier
		}
	case *ast.AssignStmt, *ast.DeclStmt:
		if call := a.results[s]; call != nil {
			return []node{&barrierResult{stmt: s, loop: a.newLoop(nil, call)}}
		}
		if a.contains(s, func(k callKind) bool { return k == callWarp }) {
			a.refuse(s, "a warp collective inside an expression (compiled as statements: v := gocuda.ShflDownSync(...), v += ..., t.SyncWarp(mask))")
			return nil
		}
	case *ast.IfStmt:
		return a.lowerIf(s)
	case *ast.ForStmt:
		if !a.pure(s.Cond, a.isBlock, false) {
			a.refuse(s.Cond, "the condition of a loop with a barrier or warp collective is not provably the same for every thread of the block")
		}
		a.checkHeader(s.Init)
		a.checkHeader(s.Post)
		return []node{&blockFor{stmt: s, body: a.lower(s.Body.List)}}
	case *ast.RangeStmt:
		if s.Tok == token.ASSIGN || !a.uniformStmt(s, a.isBlock) {
			a.refuse(s, "the range of a loop with a barrier or warp collective is not provably the same for every thread of the block")
		}
		return []node{&blockRange{stmt: s, body: a.lower(s.Body.List)}}
	case *ast.BlockStmt:
		return []node{&blockScope{body: a.lower(s.List)}}
	case *ast.LabeledStmt:
		a.refuse(s, "a labeled statement containing a barrier")
		return nil
	}
	a.refuse(s, "a barrier inside %s (barriers are compiled as statements, in if, for and range statements whose conditions are the same for every thread of the block, and as x := t.SyncThreadsCount(pred) and the like)", describe(s))
	return nil
}

func (a *analysis) lowerIf(s *ast.IfStmt) []node {
	n := &blockIf{stmt: s}
	switch {
	case a.pure(s.Cond, a.isBlock, false):
		a.checkHeader(s.Init)
	case a.hasBlockBarrier(s):
		a.refuse(s.Cond, "the condition of an if with a barrier is not provably the same for every thread of the block")
	case s.Init != nil:
		a.refuse(s.Init, "an if with a warp collective whose condition may differ from thread to thread has an init statement")
	case a.hasBarrier(s.Cond):
		a.refuse(s.Cond, "a warp collective inside an if's condition (assign its result to a variable first)")
	default: // warp collectives under a mask: the lanes of each branch
		n.mask = a.newLoop(nil, nil)
		n.mask.cond = s.Cond
	}
	n.then = a.lower(s.Body.List)
	switch e := s.Else.(type) {
	case *ast.BlockStmt:
		n.els = a.lower(e.List)
	case *ast.IfStmt:
		n.els, n.elseIsCond = a.lowerIf(e), true
	}
	return []node{n}
}

// checkHeader refuses an init or post statement of block-level control
// that is not uniform.
func (a *analysis) checkHeader(s ast.Stmt) {
	if s != nil && !a.uniformStmt(s, a.isBlock) {
		a.refuse(s, "a statement of the header of control with a barrier is not provably the same for every thread of the block")
	}
}

func (a *analysis) isBlock(v *types.Var) bool { return a.class[v] == varBlock }

// barrierCall returns e if it is a barrier call.
func (a *analysis) barrierCall(e ast.Expr) *ast.CallExpr {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return nil
	}
	if kind, _ := a.c.classify(call); kind == callBarrier || kind == callBarrierPred {
		return call
	}
	return nil
}

func describe(s ast.Stmt) string {
	switch s.(type) {
	case *ast.SwitchStmt, *ast.TypeSwitchStmt:
		return "a switch"
	case *ast.SelectStmt:
		return "a select"
	case *ast.ExprStmt, *ast.AssignStmt, *ast.DeclStmt:
		return "an expression"
	}
	return "this statement"
}
