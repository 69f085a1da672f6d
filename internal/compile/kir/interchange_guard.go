package kir

import (
	"go/ast"
	"go/token"
	"go/types"
)

// A loop to interchange often stands under a guard of the thread's index,
// CUDA's if (i < n) { ... } around the thread's whole work (Rodinia's
// kmeans walks its point's features npoints apart inside
// if (pointID < npoints)). distribute takes such a guard apart: the code
// before the loop, each trip of the loop's body and the code after it
// run under the guard each, the variables the code before the loop
// declares declared ahead of the guard, so that the loop can run trip by
// trip for the block. The guard's condition reads no per-thread variable
// and nothing under it changes what it reads, so each copy decides as the
// one guard did; threads are unordered between barriers, so the pieces
// may run for every thread of the block in turn.

// distribute returns the nodes that replace guard, an if around thread
// code holding a loop to interchange (at the top level of its body), or
// nil where guard is not one.
func (f *Func) distribute(guard *ast.IfStmt) []Node {
	k := f.distributable(guard)
	if k < 0 {
		return nil
	}
	list := guard.Body.List
	under := func(list []ast.Stmt) *ast.IfStmt {
		return &ast.IfStmt{If: guard.If, Cond: guard.Cond,
			Body: &ast.BlockStmt{Lbrace: guard.Body.Lbrace, List: list, Rbrace: guard.Body.Rbrace}}
	}
	out := f.distributePre(list[:k], under)
	f.distributed = true
	fs := list[k].(*ast.ForStmt)
	out = append(out, f.interchanged(fs, []Node{&Code{Stmt: under(fs.Body.List)}}))
	if post := list[k+1:]; len(post) > 0 {
		out = append(out, &Code{Stmt: under(post)})
	}
	return out
}

// distributable returns the index in guard's body of the loop distribute
// would interchange, or -1 where guard is not one to take apart.
func (f *Func) distributable(guard *ast.IfStmt) int {
	if guard.Init != nil || guard.Else != nil || !f.safeCond(guard.Cond) || !f.stayInside(guard.Body, nil) ||
		f.assignsAny(guard.Body, guard.Cond) {
		return -1
	}
	for i, s := range guard.Body.List {
		if fs, ok := s.(*ast.ForStmt); ok && f.interchangeable(fs) {
			return i
		}
	}
	return -1
}

// distributePre returns the nodes for pre, the code before the loop under
// a guard: definitions that cannot fail nor touch memory (base := i*nf)
// as they are, for every thread (what they define is read under the
// guard alone), and the runs of other statements each under the guard,
// the variables they declare declared ahead of it (hoistDecls).
func (f *Func) distributePre(pre []ast.Stmt, under func([]ast.Stmt) *ast.IfStmt) []Node {
	var out []Node
	var run []ast.Stmt
	flush := func() {
		if len(run) == 0 {
			return
		}
		decls, stmts := f.hoistDecls(run)
		out = append(out, decls...)
		if len(stmts) > 0 {
			out = append(out, &Code{Stmt: under(stmts)})
		}
		run = nil
	}
	for _, s := range pre {
		if f.plainDefine(s) {
			flush()
			out = append(out, &Code{Stmt: s})
			continue
		}
		run = append(run, s)
	}
	flush()
	return out
}

// plainDefine reports whether s is x := e (each variable new) with
// values that cannot fail and read no memory: run by a thread the guard
// leaves out, it computes a value no one reads.
func (f *Func) plainDefine(s ast.Stmt) bool {
	a, ok := s.(*ast.AssignStmt)
	if !ok || a.Tok != token.DEFINE || len(a.Lhs) != len(a.Rhs) {
		return false
	}
	for i, x := range a.Lhs {
		if _, isNew := f.Src.Info.Defs[x.(*ast.Ident)].(*types.Var); !isNew {
			return false
		}
		anyVar := func(*types.Var) bool { return true }
		if !f.pure(a.Rhs[i], anyVar, false) || !f.cannotFail(a.Rhs[i]) || !f.safeCalls(a.Rhs[i], 0) {
			return false
		}
	}
	return true
}

// hoistDecls returns the declarations of the variables that statements
// pre declare at their top level, each var v T, and pre with those
// declarations made assignments. A name declared ahead of the guard
// cannot capture another variable's uses: the emitter gives every
// variable a name of its own (s_ for a parameter s it shadows).
func (f *Func) hoistDecls(pre []ast.Stmt) (decls []Node, out []ast.Stmt) {
	for _, s := range pre {
		vars := f.declaredBy(s)
		if len(vars) == 0 {
			out = append(out, s)
			continue
		}
		for _, v := range vars {
			decls = append(decls, &Code{Stmt: f.declare(v, nil, s.Pos())})
		}
		if a := f.asAssign(s); a != nil {
			out = append(out, a)
		}
	}
	return decls, out
}

// declaredBy returns the variables s declares: a := statement's new
// ones, or a var declaration's.
func (f *Func) declaredBy(s ast.Stmt) []*types.Var {
	if !isDefine(s) {
		return nil
	}
	var out []*types.Var
	for _, x := range assigned(s) {
		if v, ok := f.Src.Info.Defs[x.(*ast.Ident)].(*types.Var); ok {
			out = append(out, v)
		}
	}
	return out
}

// asAssign returns s, a := statement or a var declaration, as the
// assignment of its values (nil for a declaration without values).
func (f *Func) asAssign(s ast.Stmt) ast.Stmt {
	lhs := func(ids []ast.Expr) []ast.Expr {
		out := make([]ast.Expr, len(ids))
		for i, x := range ids {
			id := x.(*ast.Ident)
			obj := f.Src.Info.ObjectOf(id)
			cp := &ast.Ident{NamePos: id.NamePos, Name: id.Name}
			f.Src.Info.Uses[cp] = obj
			out[i] = cp
		}
		return out
	}
	switch s := s.(type) {
	case *ast.AssignStmt:
		return &ast.AssignStmt{Lhs: lhs(s.Lhs), TokPos: s.TokPos, Tok: token.ASSIGN, Rhs: s.Rhs}
	case *ast.DeclStmt:
		var names, values []ast.Expr
		for _, spec := range s.Decl.(*ast.GenDecl).Specs {
			vs := spec.(*ast.ValueSpec)
			if len(vs.Values) == 0 {
				continue
			}
			for _, id := range vs.Names {
				names = append(names, id)
			}
			values = append(values, vs.Values...)
		}
		if len(names) == 0 {
			return nil
		}
		return &ast.AssignStmt{Lhs: lhs(names), TokPos: s.Pos(), Tok: token.ASSIGN, Rhs: values}
	}
	return nil
}

// assignsAny reports whether body assigns (or takes the address of) a
// variable that e reads.
func (f *Func) assignsAny(body *ast.BlockStmt, e ast.Expr) bool {
	reads := map[types.Object]bool{}
	ast.Inspect(e, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := f.Src.Info.Uses[id].(*types.Var); ok {
				reads[v] = true
			}
		}
		return true
	})
	found := false
	ast.Inspect(body, func(n ast.Node) bool {
		var lhs []ast.Expr
		switch n := n.(type) {
		case *ast.AssignStmt, *ast.IncDecStmt:
			lhs = assigned(n.(ast.Stmt))
		case *ast.UnaryExpr:
			if n.Op == token.AND {
				lhs = []ast.Expr{n.X}
			}
		}
		for _, x := range lhs {
			if id, ok := ast.Unparen(x).(*ast.Ident); ok && reads[f.Src.Info.ObjectOf(id)] {
				found = true
			}
		}
		return !found
	})
	return found
}
