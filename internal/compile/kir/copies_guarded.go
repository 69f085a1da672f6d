package kir

import (
	"go/ast"
	"go/token"
	"go/types"
)

// A warp's lanes often load under a guard their rows' check decides (the
// block scans' var v T; if g < n { v = in[g] }, rebase_proven.go), then
// copy the value on to the variable the warp keeps per lane (an inlined
// helper's parameter: var v_ T = v). In a whole warp's unchecked form
// such a loop only copies its row of the slice into that lane array:
// guardedLoadCopy finds it, and the emitter writes it as one copy.

// guardedLoadCopy returns the copy the code body of a lane loop rebased as
// rb makes, where it is var v T, if c { v = s[i] } with c decided true
// in the unchecked form, then copies of v, the last kept in a lane array
// and the others the loop's own (lv.defs holds them all); or nil.
func (f *Func) guardedLoadCopy(rb *Rebase, body []Node, lv *loopVars, kept func(*Var) bool) *ThreadCopy {
	stmts, ok := codeStmts(body)
	if rb == nil || rb.Partial || rb.Peel || !ok || len(stmts) < 2 || lv == nil {
		return nil
	}
	v := f.zeroDecl(stmts[0])
	k, ok := f.provenLoad(rb, stmts[1], v)
	if v == nil || !ok {
		return nil
	}
	last, chain := v, map[*types.Var]bool{v: true}
	for _, s := range stmts[2:] {
		if isBlankUse(s) {
			continue
		}
		dst, src := copyDefinition(s)
		if dst == nil || f.identVar(src) != last || !types.Identical(f.identVar(dst).Type(), last.Type()) {
			return nil
		}
		last = f.identVar(dst)
		chain[last] = true
	}
	if len(lv.defs) != len(chain) {
		return nil // the loop assigns something else
	}
	for w := range lv.defs {
		if !chain[w] || kept(f.Vars[w]) != (w == last) || f.Vars[w].InPlace {
			return nil
		}
	}
	return &ThreadCopy{Src: k, Dst: keptVar, Var: last}
}

// codeStmts returns the statements of body, where it is all Code.
func codeStmts(body []Node) ([]ast.Stmt, bool) {
	out := make([]ast.Stmt, len(body))
	for i, n := range body {
		c, ok := n.(*Code)
		if !ok || c.Block {
			return nil, false
		}
		out[i] = c.Stmt
	}
	return out, true
}

// zeroDecl returns the variable s declares with no value (var v T), or
// nil.
func (f *Func) zeroDecl(s ast.Stmt) *types.Var {
	d, ok := s.(*ast.DeclStmt)
	if !ok {
		return nil
	}
	gd, ok := d.Decl.(*ast.GenDecl)
	if !ok || gd.Tok != token.VAR || len(gd.Specs) != 1 {
		return nil
	}
	vs := gd.Specs[0].(*ast.ValueSpec)
	if len(vs.Names) != 1 || len(vs.Values) != 0 {
		return nil
	}
	return f.identVar(vs.Names[0])
}

// provenLoad returns the rebased slice that s loads into v, where s is if
// c { v = s[i] } with no else, c decided true in the unchecked form.
func (f *Func) provenLoad(rb *Rebase, s ast.Stmt, v *types.Var) (int, bool) {
	is, ok := s.(*ast.IfStmt)
	if !ok || is.Init != nil || is.Else != nil || len(is.Body.List) != 1 || !rb.Proven[is.Cond].Holds || rb.Proven[is.Cond].Strided {
		return 0, false
	}
	a, ok := is.Body.List[0].(*ast.AssignStmt)
	if !ok || a.Tok != token.ASSIGN || len(a.Lhs) != 1 || len(a.Rhs) != 1 || f.identVar(a.Lhs[0]) != v {
		return 0, false
	}
	k, ok := rowSlice(rb, a.Rhs[0])
	return k, ok
}
