package kir

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
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
					fail(f.refuse(n.Src.Cond, "the condition of an if with a barrier is not provably the same for every thread of the block"))
				}
				fail(f.refuse(n.Src.Cond, "a break or continue of a loop with a barrier, under a condition not provably the same for every thread of the block"))
			}
		case *For:
			if !f.uniformStmt(n.Src.Init, uniform) || !f.uniformStmt(n.Src.Post, uniform) || !f.pure(n.Src.Cond, uniform, false) {
				if !blockLevel(n) {
					n.Lanes = true // run while any lane is in it (warp pass)
					break
				}
				if !hasBarrier(n) {
					fail(f.unsupported(n.Src, "a break or continue of a loop with a warp collective whose header may differ between threads"))
				}
				fail(f.refuse(n.Src, "the header of a loop with a barrier is not provably the same for every thread of the block"))
			}
		case *Range:
			if !f.uniformStmt(n.Src, uniform) {
				if !blockLevel(n) {
					fail(f.unsupported(n.Src, "a range loop with a warp collective whose range may differ between threads"))
				}
				fail(f.refuse(n.Src, "the range of a loop with a barrier is not provably the same for every thread of the block"))
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

// nestedUniform reports whether inner, a statement inside top that
// assigns a variable, does the same for every thread of the block: top
// holds no break, continue, goto or return, every condition and loop
// header from top down to inner is pure in variables for which ok holds,
// and inner assigns pure values of them.
func (f *Func) nestedUniform(top, inner ast.Stmt, ok func(*types.Var) bool) bool {
	path := pathTo(top, inner)
	if path == nil || jumps(top) {
		return false
	}
	for _, n := range path {
		switch n := n.(type) {
		case *ast.IfStmt:
			if !f.uniformStmt(n.Init, ok) || !f.pure(n.Cond, ok, false) {
				return false
			}
		case *ast.ForStmt:
			if !f.uniformStmt(n.Init, ok) || !f.uniformStmt(n.Post, ok) || !f.pure(n.Cond, ok, false) {
				return false
			}
		case *ast.RangeStmt:
			if !f.uniformStmt(n, ok) {
				return false
			}
		case *ast.SwitchStmt:
			if !f.uniformStmt(n.Init, ok) || !f.pure(n.Tag, ok, false) {
				return false
			}
		case *ast.CaseClause:
			if !f.pureAll(n.List, ok, false) {
				return false
			}
		case *ast.BlockStmt, *ast.LabeledStmt:
		default:
			return false
		}
	}
	return f.uniformStmt(inner, ok)
}

// pathTo returns the nodes from top down to inner's parent, or nil if
// inner is not inside top (outside function literals).
func pathTo(top, inner ast.Node) []ast.Node {
	var stack, path []ast.Node
	ast.Inspect(top, func(n ast.Node) bool {
		if path != nil {
			return false
		}
		if n == nil {
			stack = stack[:len(stack)-1]
			return false
		}
		if n == inner {
			path = append([]ast.Node{}, stack...)
			return false
		}
		if _, lit := n.(*ast.FuncLit); lit {
			return false
		}
		stack = append(stack, n)
		return true
	})
	return path
}

// jumps reports whether s holds a branch or return statement outside
// function literals.
func jumps(s ast.Stmt) bool {
	found := false
	ast.Inspect(s, func(n ast.Node) bool {
		switch n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BranchStmt, *ast.ReturnStmt:
			found = true
		}
		return !found
	})
	return found
}

// uniformControl reports whether the structural ifs and loops ctrl around
// an assignment to a variable decide the same for every thread of the
// block, or are among inside, those around its declaration, so that only
// the threads there see it: their headers are pure in variables for which ok holds.
// (A variable declared outside an if whose condition differs between
// lanes, around a warp collective, and assigned inside it is per thread.)
func (f *Func) uniformControl(ctrl, inside []ast.Stmt, ok func(*types.Var) bool) bool {
	for _, c := range ctrl {
		if slices.Contains(inside, c) {
			continue
		}
		switch c := c.(type) {
		case *ast.IfStmt:
			if !f.uniformStmt(c.Init, ok) || !f.pure(c.Cond, ok, false) {
				return false
			}
		case *ast.ForStmt:
			if !f.uniformStmt(c.Init, ok) || !f.uniformStmt(c.Post, ok) || !f.pure(c.Cond, ok, false) {
				return false
			}
		case *ast.RangeStmt:
			if !f.uniformStmt(c, ok) {
				return false
			}
		}
	}
	return true
}

// defCtrl returns the structural control around the statement that
// declares a variable, from its sites; nil for one declared before the
// body (a parameter).
func defCtrl(sites []site) []ast.Stmt {
	for _, s := range sites {
		if isDefine(s.stmt) {
			return s.ctrl
		}
		if r, ok := s.stmt.(*ast.RangeStmt); ok && r.Tok == token.DEFINE {
			return s.ctrl
		}
	}
	return nil
}

// uniformCompound reports whether s, an if, switch or block, does the
// same for every thread of the block: it only assigns variables for which
// ok holds, under conditions the same for every thread, from pure values,
// and calls nothing impure. It runs once per block (fission), so that
// such variables stay uniform: a thread loop would run x -= d once per
// thread.
func (f *Func) uniformCompound(s ast.Stmt, ok func(*types.Var) bool) bool {
	uniform := ok
	switch s.(type) {
	case *ast.IfStmt, *ast.SwitchStmt, *ast.BlockStmt:
	default:
		return false
	}
	good, assigns := true, false
	ast.Inspect(s, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.AssignStmt, *ast.IncDecStmt, *ast.DeclStmt:
			assigns = true
			good = good && f.nestedUniform(s, n.(ast.Stmt), uniform)
			return false
		case *ast.IfStmt:
			good = good && f.pure(n.Cond, uniform, false)
		case *ast.SwitchStmt:
			good = good && f.pure(n.Tag, uniform, false)
		case *ast.CaseClause:
			good = good && f.pureAll(n.List, uniform, false)
		case *ast.BlockStmt, *ast.EmptyStmt:
		case ast.Stmt:
			good = false
		}
		return good
	})
	return good && assigns
}

// idempotent reports whether nested site s, which may run once per
// thread, stores into v the same value each time: v = e under conditions
// the same for every thread, e pure in variables for which ok holds and
// not reading v.
func (f *Func) idempotent(s site, v *types.Var, ok func(*types.Var) bool) bool {
	a, isAssign := s.inner.(*ast.AssignStmt)
	if !isAssign || a.Tok != token.ASSIGN || !f.nestedUniform(s.stmt, s.inner, ok) {
		return false
	}
	for _, r := range a.Rhs {
		if refersTo(r, v, f.Src.Info) {
			return false
		}
	}
	return true
}

// sharedVars returns the uniform variables whose every definition is a
// shared-memory declaration.
func (f *Func) sharedVars(sites map[*types.Var][]site) map[*types.Var]bool {
	out := map[*types.Var]bool{}
	for v, ss := range sites {
		if f.Vars[v] == nil || f.Vars[v].Class != Uniform {
			continue
		}
		all := len(ss) > 0
		for _, s := range ss {
			all = all && isDefine(s.stmt) && f.sharedDecl(s.stmt)
		}
		if all {
			out[v] = true
		}
	}
	return out
}

// exitForm rewrites the kernel's last statement, if it is an if without
// else whose condition may differ between threads around barriers, as
// if !cond { return } followed by its body: with nothing after it, the
// threads that skip it are done, and a barrier waits for the threads
// that have not returned (Numba's array_sum keeps its whole reduction
// inside if tid < size).
func (f *Func) exitForm() {
	for {
		last := len(f.Body) - 1
		if last < 0 || f.Src.Decl == nil {
			return
		}
		n, ok := f.Body[last].(*If)
		if !ok || len(n.Else) > 0 || n.Src.Init != nil || !hasBarrier(n) || f.pure(n.Src.Cond, f.isUniform, false) {
			return
		}
		pos := n.Src.If
		cond := &ast.ParenExpr{Lparen: pos, X: n.Src.Cond, Rparen: pos}
		not := &ast.UnaryExpr{OpPos: pos, Op: token.NOT, X: cond}
		boolType := f.Src.Info.TypeOf(n.Src.Cond)
		f.Src.Info.Types[cond] = types.TypeAndValue{Type: boolType}
		f.Src.Info.Types[not] = types.TypeAndValue{Type: boolType}
		exit := &ast.IfStmt{If: pos, Cond: not, Body: block(pos, &ast.ReturnStmt{Return: pos})}
		f.Body = append(f.Body[:last:last], append([]Node{&Code{Stmt: exit}}, n.Then...)...)
	}
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
