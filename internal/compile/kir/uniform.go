package kir

import (
	"go/ast"
	"go/token"
	"go/types"
)

// uniformVars returns the variables that are the same for every thread of
// the block: the parameters and the locals that only uniform statements
// of structural lists define or change.
func (f *Func) uniformVars(sites map[*types.Var][]site) map[*types.Var]bool {
	uniform := map[*types.Var]bool{}
	for obj := range f.Vars {
		uniform[obj] = true
		for _, s := range sites[obj] {
			if s.kind == siteNested && s.inner == nil || s.kind == siteAddr {
				delete(uniform, obj)
				break
			}
		}
	}
	isUniform := func(v *types.Var) bool { return uniform[v] }
	for changed := true; changed; {
		changed = false
		for obj := range uniform {
			for _, s := range sites[obj] {
				if s.kind == siteNested && !f.uniformCompound(s.stmt, isUniform) && !f.idempotent(s, obj, isUniform) ||
					s.kind != siteNested && !f.uniformStmt(s.stmt, isUniform) ||
					!f.uniformControl(s.ctrl, defCtrl(sites[obj]), isUniform) {
					delete(uniform, obj)
					changed = true
					break
				}
			}
		}
	}
	return uniform
}

// uniformStmt reports whether s, a top or header statement, assigns only
// variables for which ok holds, from pure values the same for the whole
// block.
func (f *Func) uniformStmt(s ast.Stmt, ok func(*types.Var) bool) bool {
	if _, isResult := f.results[s]; isResult {
		return f.allAssigned(s, ok) // a barrier's reduced result
	}
	switch s := s.(type) {
	case nil:
		return true
	case *ast.AssignStmt:
		if len(s.Lhs) != len(s.Rhs) {
			return false
		}
		for i := range s.Lhs {
			if !f.identOK(s.Lhs[i], ok) || !f.pure(s.Rhs[i], ok, false) {
				return false
			}
		}
		return true
	case *ast.IncDecStmt:
		return f.identOK(s.X, ok)
	case *ast.DeclStmt:
		return f.pureDefine(s, ok, false) && f.allAssigned(s, ok)
	case *ast.RangeStmt:
		return s.Tok != token.ASSIGN && f.identOK(s.Key, ok) && f.identOK(s.Value, ok) && f.pure(s.X, ok, false)
	}
	return false
}

// identOK reports whether e is nil, _ or a variable for which ok holds.
func (f *Func) identOK(e ast.Expr, ok func(*types.Var) bool) bool {
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
	v, isVar := f.Src.Info.ObjectOf(id).(*types.Var)
	return isVar && ok(v)
}

// allAssigned reports whether ok holds for every variable s assigns
// (blank identifiers aside), all of which are plain identifiers.
func (f *Func) allAssigned(s ast.Stmt, ok func(*types.Var) bool) bool {
	for _, e := range assigned(s) {
		if !f.identOK(e, ok) {
			return false
		}
	}
	return true
}

// pureDefine reports whether s is a := or var statement whose values are
// pure in the variables for which ok holds (the thread's index allowed
// with index).
func (f *Func) pureDefine(s ast.Stmt, ok func(*types.Var) bool, index bool) bool {
	switch s := s.(type) {
	case *ast.AssignStmt:
		if s.Tok != token.DEFINE || len(s.Lhs) != len(s.Rhs) {
			return false
		}
		return f.pureAll(s.Rhs, ok, index)
	case *ast.DeclStmt:
		d := s.Decl.(*ast.GenDecl)
		if d.Tok != token.VAR {
			return false
		}
		for _, spec := range d.Specs {
			vs := spec.(*ast.ValueSpec)
			if len(vs.Values) != 0 && len(vs.Values) != len(vs.Names) || !f.pureAll(vs.Values, ok, index) {
				return false
			}
		}
		return true
	}
	return false
}

// rematVars returns the varying variables defined once, by a pure
// expression of the thread's index, uniform values and other such
// variables, and never changed: each thread loop that needs one computes
// it again instead of keeping it per thread.
func (f *Func) rematVars(sites map[*types.Var][]site, uniform map[*types.Var]bool) map[*types.Var]bool {
	remat := map[*types.Var]bool{}
	for obj := range f.Vars {
		ss := sites[obj]
		if !uniform[obj] && len(ss) == 1 && ss[0].kind == siteTop && isDefine(ss[0].stmt) && !obj.IsField() {
			remat[obj] = true
		}
	}
	ok := func(v *types.Var) bool { return uniform[v] || remat[v] }
	only := func(v *types.Var) bool { return remat[v] }
	for changed := true; changed; {
		changed = false
		for obj := range remat {
			s := sites[obj][0].stmt
			if !f.pureDefine(s, ok, true) || !f.allAssigned(s, only) || !f.stableReads(obj, s, sites) || !f.defCannotFail(s) {
				delete(remat, obj)
				changed = true
			}
		}
	}
	return remat
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

// checkControl refuses structural control whose condition may differ
// between threads: a barrier under it would be reached by some threads
// only.
func (f *Func) checkControl(nodes []Node) {
	uniform := func(v *types.Var) bool { return f.Vars[v] != nil && f.Vars[v].Class == Uniform }
	f.readShared = true // block-level conditions: read once, after a barrier
	defer func() { f.readShared = false }()
	for _, n := range nodes {
		switch n := n.(type) {
		case *If:
			if blockLevel(n) && (!f.uniformStmt(n.Src.Init, uniform) || !f.pure(n.Src.Cond, uniform, false)) {
				if hasBarrier(n) {
					fail(f.refuse(n.Src.Cond, "the condition of an if with a barrier is not provably the same for every thread of the block (compute it from BlockIdx, BlockDim, parameters and values the same for the block, or vote with t.SyncThreadsOr)"))
				}
				fail(f.refuse(n.Src.Cond, "a break or continue of a loop with a barrier, under a condition not provably the same for every thread of the block (decide it with t.SyncThreadsOr(cond), or from values the same for the block)"))
			}
		case *For:
			if n.Lanes {
				break // laneLoops; checkLaneBranches
			}
			if !f.uniformStmt(n.Src.Init, uniform) || !f.uniformStmt(n.Src.Post, uniform) || !f.pure(n.Src.Cond, uniform, false) {
				fail(f.refuse(n.Src, "the header of a loop with a barrier is not provably the same for every thread of the block (compute its bound from values the same for the block, and declare its counter in the header)"))
			}
		case *Range:
			if !f.uniformStmt(n.Src, uniform) {
				if !blockLevel(n) {
					fail(f.unsupported(n.Src, "a range loop with a warp collective whose range may differ between threads (range over a value the same for the warp, or count)"))
				}
				fail(f.refuse(n.Src, "the range of a loop with a barrier is not provably the same for every thread of the block (range over a value the same for the block)"))
			}
		}
		for _, list := range children(n) {
			f.checkControl(list)
		}
	}
}

// hasBarrier reports whether n holds a block barrier.
func hasBarrier(n Node) bool {
	found := false
	Walk([]Node{n}, func(m Node) {
		if _, ok := m.(*Barrier); ok {
			found = true
		}
	})
	return found
}

// defCannotFail reports whether the values a definition computes cannot
// panic: a remat variable is computed again at the top of each loop that
// reads it, before the guards its definition came after (llm.c's
// softmax_forward_kernel5 slices inp[idx*T:] after if idx >= N*T
// { return }).
func (f *Func) defCannotFail(s ast.Stmt) bool {
	var values []ast.Expr
	switch s := s.(type) {
	case *ast.AssignStmt:
		values = s.Rhs
	case *ast.DeclStmt:
		for _, spec := range s.Decl.(*ast.GenDecl).Specs {
			if vs, ok := spec.(*ast.ValueSpec); ok {
				values = append(values, vs.Values...)
			}
		}
	}
	for _, v := range values {
		if !f.cannotFail(v) {
			return false
		}
	}
	return true
}
