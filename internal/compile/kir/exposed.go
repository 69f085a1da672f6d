package kir

import (
	"go/ast"
	"go/token"
	"go/types"
	"maps"
)

// A thread loop's statement reads a variable's old value only where no
// assignment on every path before the read gave it a new one. scanStmt
// follows a statement's structure for that: the branches of an if each
// from the state before it, the body of a loop from the state before it
// (its own assignments not outliving it), and after an if with an else,
// what every branch assigned. Real kernels declare their per-thread
// variables at the top (var n, s, w, e float32) and assign them in each
// case of a switch after a barrier, or in the body of a loop: their zero
// values are never read, and need not be kept across the barrier.

// scanStmt notes, through use, the variables s reads before it assigns
// them, given those killed (assigned a new value) before it, and adds to
// killed those every path through s that goes on past it assigns.
func (f *Func) scanStmt(s ast.Stmt, killed map[*types.Var]bool, use func(n ast.Node, skip map[ast.Expr]bool, killed map[*types.Var]bool)) {
	switch s := s.(type) {
	case nil:
	case *ast.AssignStmt, *ast.DeclStmt:
		targets := plainTargets(s)
		use(s, targets, killed)
		f.kill(targets, killed)
	case *ast.BlockStmt:
		for _, x := range s.List {
			f.scanStmt(x, killed, use)
		}
	case *ast.IfStmt:
		f.scanStmt(s.Init, killed, use)
		use(s.Cond, nil, killed)
		then := maps.Clone(killed)
		f.scanStmt(s.Body, then, use)
		if s.Else == nil {
			return
		}
		els := maps.Clone(killed)
		f.scanStmt(s.Else, els, use)
		if jumps(s.Body) || jumps(s.Else) {
			return // a branch that leaves need not have assigned anything
		}
		for v := range then {
			if els[v] {
				killed[v] = true
			}
		}
	case *ast.SwitchStmt:
		f.scanStmt(s.Init, killed, use)
		use(s.Tag, nil, killed)
		f.scanCases(s.Body.List, killed, use)
	case *ast.ForStmt:
		f.scanStmt(s.Init, killed, use)
		body := maps.Clone(killed)
		use(s.Cond, nil, body)
		f.scanStmt(s.Body, body, use)
		f.scanStmt(s.Post, body, use)
	case *ast.RangeStmt:
		use(s.X, nil, killed)
		body := maps.Clone(killed)
		if s.Tok == token.DEFINE || s.Tok == token.ASSIGN {
			f.kill(map[ast.Expr]bool{s.Key: s.Key != nil, s.Value: s.Value != nil}, body)
		}
		f.scanStmt(s.Body, body, use)
	default:
		use(s, nil, killed)
	}
}

// scanCases scans the clauses of a switch, each from the state before it
// (its expressions from the state after the clauses before, which may have
// been evaluated), and adds to killed what every clause assigns where one
// is the default and none leaves early or falls through.
func (f *Func) scanCases(clauses []ast.Stmt, killed map[*types.Var]bool, use func(ast.Node, map[ast.Expr]bool, map[*types.Var]bool)) {
	var all map[*types.Var]bool
	hasDefault := false
	for _, c := range clauses {
		cc := c.(*ast.CaseClause)
		for _, x := range cc.List {
			use(x, nil, killed)
		}
		body := maps.Clone(killed)
		for _, s := range cc.Body {
			f.scanStmt(s, body, use)
			if jumps(s) {
				all = map[*types.Var]bool{} // this path may skip the rest
			}
		}
		hasDefault = hasDefault || cc.List == nil
		if all == nil {
			all = body
			continue
		}
		for v := range all {
			if !body[v] {
				delete(all, v)
			}
		}
	}
	if hasDefault {
		maps.Copy(killed, all)
	}
}

// kill adds to killed the local variables among targets.
func (f *Func) kill(targets map[ast.Expr]bool, killed map[*types.Var]bool) {
	for e, ok := range targets {
		if !ok || e == nil {
			continue
		}
		if v := f.localOf(e); v != nil {
			killed[v] = true
		}
	}
}
