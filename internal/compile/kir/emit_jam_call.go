package kir

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// The call sites of a jam: a loop that ends by calling a jammed helper
// declares the jam's state before it, calls the jam's add function in
// the call's place, and flushes the calls still held after it
// (emit_threads.go, emit_warp.go).

// openJam declares the state of the jam j of the loop about to be
// written and returns what writes its flush after the loop.
func (e *emitter) openJam(j *JamCall) (closeJam func()) {
	e.jamVar = e.f.Names.Fresh("jam")
	e.printf("var %s %s\n", e.jamVar, e.jamType(j))
	return func() {
		e.printf("%s_flush(&%s)\n", j.Jam.Name, e.jamVar)
		e.jamVar = ""
	}
}

// jamType returns the type of a thread loop's jam state: the helper's
// accumulating type with the call's type arguments.
func (e *emitter) jamType(j *JamCall) string {
	targs := e.f.typeArgs(j.Call)
	if len(targs) == 0 {
		return j.Jam.Name
	}
	var names []string
	for _, t := range targs {
		names = append(names, types.TypeString(t, e.f.Src.Qualifier))
	}
	return j.Jam.Name + "[" + strings.Join(names, ", ") + "]"
}

// jamCall returns the call of the jam's add function that stands for
// call: the state first, then call's arguments.
func (e *emitter) jamCall(c *cloner, call *ast.CallExpr, j *JamCall) *ast.CallExpr {
	out := &ast.CallExpr{Fun: &ast.Ident{NamePos: e.pos.at(call.Fun.Pos()), Name: j.Jam.Name + "_add"},
		Lparen: e.pos.at(call.Lparen), Rparen: e.pos.at(call.Rparen)}
	out.Args = append(out.Args, &ast.UnaryExpr{Op: token.AND, X: ast.NewIdent(e.jamVar)})
	for _, a := range call.Args {
		out.Args = append(out.Args, c.expr(a))
	}
	switch {
	case j.Result != nil:
		out.Args = append(out.Args, c.expr(j.Result.X), c.expr(j.Result.Index))
	case j.Operand != nil: // the lane's element of the collective's operand array
		arr := e.collOperands(j.Operand)[1].array
		out.Args = append(out.Args, &ast.SliceExpr{X: ast.NewIdent(arr)}, ast.NewIdent(e.name["lane"]))
	case j.Array != "": // the lane's element of the warp's array
		out.Args = append(out.Args, &ast.SliceExpr{X: ast.NewIdent(j.Array)}, ast.NewIdent(e.name["lane"]))
	case j.Var != nil: // the thread's element of the variable's scratch
		out.Args = append(out.Args, ast.NewIdent(e.f.Vars[j.Var].SpillName), ast.NewIdent(e.name["rank"]))
	}
	return out
}

// loopJam returns the jam of the thread or lane loop being written, or
// nil.
func (e *emitter) loopJam() *JamCall {
	switch l := e.loop.(type) {
	case *ThreadLoop:
		return e.buildJam(l.Jam)
	case *LaneLoop:
		return e.buildJam(l.Jam)
	}
	return nil
}

// buildJam returns j where the build being written runs it: not the
// SIMD build where the helper's twin is called instead.
func (e *emitter) buildJam(j *JamCall) *JamCall {
	if j == nil || e.simd && j.DefaultOnly {
		return nil
	}
	return j
}

// jamAssign returns the statement standing for a thread loop's closing
// assignment of a jammed helper's result: the call of the jam's add
// function, given the element's slice and index.
func (e *emitter) jamAssign(c *cloner, a *ast.AssignStmt) (ast.Node, bool) {
	j := e.loopJam()
	if j == nil || j.Stmt != ast.Stmt(a) || e.inLit > 0 {
		return nil, false
	}
	call := e.jamCall(c, j.Call, j)
	if j.Result != nil {
		return &ast.ExprStmt{X: call}, true
	}
	// v := h(...): the variable is declared, with its zero value, and
	// the rest stores the result where the variable is kept
	return &ast.AssignStmt{Lhs: []ast.Expr{c.expr(a.Lhs[0])}, TokPos: a.TokPos, Tok: a.Tok, Rhs: []ast.Expr{call}}, true
}

// jamStored reports whether obj is the variable the loop being written
// assigns a jammed helper's result to: the rest stores it, not the loop.
func (e *emitter) jamStored(obj *types.Var) bool {
	j := e.loopJam()
	return j != nil && j.Var == obj || e.slpJam != nil && e.slpJam.call.Var == obj
}

// jamRegion returns what stands for s in the loop being written where s
// is its jammed loop (jam_region.go): the call of the jam's add function;
// or an empty statement where s stores the loop's result, which the
// jam's rest stores instead; or, where s declares a variable with a
// jammed call, that declaration with the add call.
func (e *emitter) jamRegion(c *cloner, s ast.Stmt) (ast.Node, bool) {
	j := e.loopJam()
	if j == nil || e.inLit > 0 {
		return nil, false
	}
	if d, ok := s.(*ast.DeclStmt); ok && s == j.Stmt { // var v T = h(...): declared, given the add call's zero value
		cp := c.copyNode(d).(*ast.DeclStmt)
		cp.Decl.(*ast.GenDecl).Specs[0].(*ast.ValueSpec).Values[0] = e.jamCall(c, j.Call, j)
		return cp, true
	}
	if !j.Region {
		return nil, false
	}
	switch s {
	case j.Stmt:
		return &ast.ExprStmt{X: e.jamCall(c, j.Call, j)}, true
	case j.Drop:
		return &ast.EmptyStmt{Semicolon: e.pos.at(s.Pos()), Implicit: true}, true
	}
	return nil, false
}
