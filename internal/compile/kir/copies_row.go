package kir

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
)

// A row's code may say in several statements what, where the row's check
// holds, is one store: Harris's loads written as sdata[tid] = 0; if i <
// len(in) { sdata[tid] = in[i] }, or through a local (var v float32; if
// i < len(in) { v = in[i] }; sdata[tid] = v), or with an else. rowStore
// reads the code as the unchecked form runs it (the ifs the row's check
// decides reduced to the branch it takes, rebase_proven.go), forwards
// the values of the loop's own locals, and drops stores a later store
// to the same element overwrites; where one store is left, the copies
// pass may run the row as one copy.

// rowStore returns the one store a thread loop's code makes where the
// row's check holds (to an element, or to its one variable kept per
// thread or per lane, as kept says), or nil.
func (f *Func) rowStore(rb *Rebase, body []Node, proven map[ast.Stmt]bool, lv *loopVars, kept func(*Var) bool) ast.Stmt {
	var list []ast.Stmt
	for _, n := range body {
		c, ok := n.(*Code)
		if _, decided := proven[c.Stmt]; !ok || c.Block || decided {
			return nil
		}
		list = append(list, provenBranch(rb, c.Stmt)...)
	}
	values := map[*types.Var]ast.Expr{}      // the loop's locals, to the values they hold
	last := map[*types.Var]*ast.AssignStmt{} // the last assignment of each
	var store *ast.AssignStmt
	for _, st := range list {
		switch st := st.(type) {
		case *ast.DeclStmt:
			v, val, ok := f.localDecl(st, lv)
			if !ok {
				return nil
			}
			values[v] = val
		case *ast.AssignStmt:
			if len(st.Lhs) != 1 || len(st.Rhs) != 1 || st.Tok != token.ASSIGN && st.Tok != token.DEFINE {
				return nil
			}
			rhs := st.Rhs[0]
			if id, ok := ast.Unparen(rhs).(*ast.Ident); ok && values[f.identVar(id)] != nil {
				rhs = values[f.identVar(id)]
			}
			if !f.storable(rb, rhs) {
				return nil
			}
			if v := f.identVar(st.Lhs[0]); v != nil && lv.decls[v] && !lv.exposed[v] {
				values[v], last[v] = rhs, st
				continue
			}
			k, ok := rowSlice(rb, st.Lhs[0])
			if !ok || store != nil && !f.sameElement(rb, store.Lhs[0], k) {
				return nil
			}
			store = &ast.AssignStmt{Lhs: st.Lhs, TokPos: st.TokPos, Tok: token.ASSIGN, Rhs: []ast.Expr{rhs}}
		default:
			return nil
		}
	}
	if store == nil { // a value kept per thread, as the streams pass's reads ahead keep theirs
		for v, a := range last {
			if kv := f.Vars[v]; kv != nil && kept(kv) && len(last) == 1 {
				return &ast.AssignStmt{Lhs: a.Lhs, TokPos: a.TokPos, Tok: token.ASSIGN, Rhs: []ast.Expr{values[v]}}
			}
		}
		return nil
	}
	return store
}

// provenBranch returns s as the unchecked form runs it: an if whose
// condition the row's check decides, as the statements of the branch it
// takes; other statements as they are.
func provenBranch(rb *Rebase, s ast.Stmt) []ast.Stmt {
	g, ok := s.(*ast.IfStmt)
	if !ok || g.Init != nil {
		return []ast.Stmt{s}
	}
	pc, decided := rb.Proven[g.Cond]
	if !decided || pc.Strided {
		return []ast.Stmt{s}
	}
	var taken ast.Stmt = g.Body
	if !pc.Holds {
		taken = g.Else
	}
	switch t := taken.(type) {
	case nil:
		return nil
	case *ast.BlockStmt:
		var out []ast.Stmt
		for _, x := range t.List {
			out = append(out, provenBranch(rb, x)...)
		}
		return out
	}
	return provenBranch(rb, taken)
}

// localDecl returns the variable a declaration var v T (or var v T = c)
// declares, a local of the loop, with its value: the constant or T's
// zero as a literal.
func (f *Func) localDecl(d *ast.DeclStmt, lv *loopVars) (*types.Var, ast.Expr, bool) {
	gd, ok := d.Decl.(*ast.GenDecl)
	if !ok || gd.Tok != token.VAR || len(gd.Specs) != 1 {
		return nil, nil, false
	}
	vs := gd.Specs[0].(*ast.ValueSpec)
	if len(vs.Names) != 1 || len(vs.Values) > 1 {
		return nil, nil, false
	}
	v, ok := f.Src.Info.Defs[vs.Names[0]].(*types.Var)
	if !ok || !lv.decls[v] {
		return nil, nil, false
	}
	if len(vs.Values) == 1 {
		return v, vs.Values[0], f.Src.Info.Types[vs.Values[0]].Value != nil
	}
	return v, f.zeroLit(v.Type()), true
}

// zeroLit returns a constant 0 of numeric type t, typed, or nil: a
// local's value before its first assignment, which no copy stores.
func (f *Func) zeroLit(t types.Type) ast.Expr {
	b, ok := t.Underlying().(*types.Basic)
	if !ok || b.Info()&types.IsNumeric == 0 {
		return nil
	}
	e := &ast.BasicLit{Kind: token.INT, Value: "0"}
	f.Src.Info.Types[e] = types.TypeAndValue{Type: t, Value: constant.MakeInt64(0)}
	return e
}

// storable reports whether a row's store may copy e: a constant or an
// element of a rebased slice at the thread's x.
func (f *Func) storable(rb *Rebase, e ast.Expr) bool {
	if e == nil {
		return false
	}
	if f.Src.Info.Types[e].Value != nil {
		return true
	}
	_, ok := rowSlice(rb, ast.Unparen(e))
	return ok
}

// sameElement reports whether x, a rebased element, is of slice k.
func (f *Func) sameElement(rb *Rebase, x ast.Expr, k int) bool {
	k2, ok := rowSlice(rb, x)
	return ok && k2 == k
}

// keepsAny reports whether the loop of lv keeps a variable past it: one
// it assigns that is spilled, kept in the array kept names (a warp's lane
// arrays), or not its own local.
func (f *Func) keepsAny(lv *loopVars, kept func(*Var) bool) bool {
	for v := range lv.defs {
		if kv := f.Vars[v]; kv == nil || kv.Spill || kept(kv) || kv.InPlace || !lv.decls[v] {
			return true
		}
	}
	return false
}
