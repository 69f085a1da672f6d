package compile

import (
	"go/ast"
	"go/token"
	"go/types"
)

// classifyVars decides each variable's varClass (but replication, which
// depends on the thread loops) and which top statements run once per block
// or are recomputed where needed.
func (a *analysis) classifyVars() {
	block := a.blockVars()
	remat := a.rematVars(block)
	for v := range block {
		a.class[v] = varBlock
	}
	for v := range remat {
		a.class[v] = varRemat
	}
	isBlock := func(v *types.Var) bool { return block[v] }
	for s := range a.top {
		switch {
		case isConstOrType(s):
			a.blockStmt[s] = true
		case a.uniformStmt(s, isBlock) && allDefined(s, a.info, isBlock):
			a.blockStmt[s] = true
		case isDefine(s) && allDefined(s, a.info, func(v *types.Var) bool { return remat[v] }):
			a.rematStmt[s] = true
		}
	}
}

// blockVars returns the variables that are the same for every thread of
// the block: the kernel's parameters and the locals that only uniform
// statements at block level define or change.
func (a *analysis) blockVars() map[*types.Var]bool {
	block := map[*types.Var]bool{}
	params := a.k.Decl.Type.Params.List
	for _, f := range params {
		for _, name := range f.Names {
			if v, ok := a.info.Defs[name].(*types.Var); ok && v != a.k.Thread {
				block[v] = true
			}
		}
	}
	for v, sites := range a.sites {
		for _, s := range sites {
			if s.kind != siteTop && s.kind != siteHeader {
				delete(block, v)
				goto next
			}
		}
		if v != a.k.Thread {
			block[v] = true
		}
	next:
	}
	isBlock := func(v *types.Var) bool { return block[v] }
	for changed := true; changed; {
		changed = false
		for v := range block {
			for _, s := range a.sites[v] {
				if !a.uniformStmt(s.stmt, isBlock) {
					delete(block, v)
					changed = true
					break
				}
			}
		}
	}
	return block
}

// rematVars returns the per-thread variables defined once, by a pure
// expression of the thread's index and block values, and never changed:
// each thread loop that needs one computes it again.
func (a *analysis) rematVars(block map[*types.Var]bool) map[*types.Var]bool {
	remat := map[*types.Var]bool{}
	for v, sites := range a.sites {
		if !block[v] && len(sites) == 1 && sites[0].kind == siteTop && isDefine(sites[0].stmt) {
			remat[v] = true
			a.defStmt[v] = sites[0].stmt
		}
	}
	ok := func(v *types.Var) bool { return block[v] || remat[v] }
	for changed := true; changed; {
		changed = false
		for v := range remat {
			s := a.defStmt[v]
			if !allDefined(s, a.info, func(v *types.Var) bool { return remat[v] }) || !a.pureDefine(s, ok) {
				delete(remat, v)
				changed = true
			}
		}
	}
	return remat
}

// uniformStmt reports whether s, a top or header statement, assigns only
// variables for which ok holds, from pure block-uniform values.
func (a *analysis) uniformStmt(s ast.Stmt, ok func(*types.Var) bool) bool {
	if _, isResult := a.results[s]; isResult {
		return allDefined(s, a.info, ok)
	}
	switch s := s.(type) {
	case *ast.AssignStmt:
		if len(s.Lhs) != len(s.Rhs) {
			return false
		}
		for i := range s.Lhs {
			if !a.identOK(s.Lhs[i], ok) || !a.pure(s.Rhs[i], ok, false) {
				return false
			}
		}
		return true
	case *ast.IncDecStmt:
		return a.identOK(s.X, ok)
	case *ast.DeclStmt:
		return a.pureDefine(s, ok) && allDefined(s, a.info, ok)
	case *ast.RangeStmt:
		return a.header[s] && a.identOK(s.Key, ok) && a.identOK(s.Value, ok) && a.pure(s.X, ok, false)
	}
	return false
}

// identOK reports whether e is nil, _ or a variable for which ok holds.
func (a *analysis) identOK(e ast.Expr, ok func(*types.Var) bool) bool {
	if e == nil {
		return true
	}
	id, isIdent := e.(*ast.Ident)
	if !isIdent {
		return false
	}
	if id.Name == "_" {
		return true
	}
	v, isVar := a.info.ObjectOf(id).(*types.Var)
	return isVar && ok(v)
}

// pureDefine reports whether the values a := or var statement defines are
// pure (the thread's index allowed) in the variables for which ok holds.
func (a *analysis) pureDefine(s ast.Stmt, ok func(*types.Var) bool) bool {
	switch s := s.(type) {
	case *ast.AssignStmt:
		if len(s.Lhs) != len(s.Rhs) {
			return false
		}
		for _, e := range s.Rhs {
			if !a.pure(e, ok, true) {
				return false
			}
		}
		return true
	case *ast.DeclStmt:
		for _, spec := range s.Decl.(*ast.GenDecl).Specs {
			vs, isValue := spec.(*ast.ValueSpec)
			if !isValue || (len(vs.Values) != 0 && len(vs.Values) != len(vs.Names)) {
				return false
			}
			for _, e := range vs.Values {
				if !a.pure(e, ok, true) {
					return false
				}
			}
		}
		return true
	}
	return false
}

// isDefine reports whether s is a := or var statement.
func isDefine(s ast.Stmt) bool {
	switch s := s.(type) {
	case *ast.AssignStmt:
		return s.Tok == token.DEFINE
	case *ast.DeclStmt:
		return s.Decl.(*ast.GenDecl).Tok == token.VAR
	}
	return false
}

// allDefined reports whether ok holds for every variable s defines or
// assigns (blank identifiers aside).
func allDefined(s ast.Stmt, info *types.Info, ok func(*types.Var) bool) bool {
	var names []ast.Expr
	switch s := s.(type) {
	case *ast.AssignStmt:
		names = s.Lhs
	case *ast.IncDecStmt:
		names = []ast.Expr{s.X}
	case *ast.RangeStmt:
		names = []ast.Expr{s.Key, s.Value}
	case *ast.DeclStmt:
		for _, spec := range s.Decl.(*ast.GenDecl).Specs {
			if vs, isValue := spec.(*ast.ValueSpec); isValue {
				for _, n := range vs.Names {
					names = append(names, n)
				}
			}
		}
	default:
		return false
	}
	for _, e := range names {
		if e == nil {
			continue
		}
		id, isIdent := e.(*ast.Ident)
		if !isIdent {
			return false
		}
		if id.Name == "_" {
			continue
		}
		v, isVar := info.ObjectOf(id).(*types.Var)
		if !isVar || !ok(v) {
			return false
		}
	}
	return true
}

// isConstOrType reports whether s declares constants or types, which every
// thread loop may need.
func isConstOrType(s ast.Stmt) bool {
	d, ok := s.(*ast.DeclStmt)
	return ok && d.Decl.(*ast.GenDecl).Tok != token.VAR
}
