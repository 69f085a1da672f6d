package kir

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/gocuda/gocuda/internal/kapi"
)

// Function and method values known where they are called: a local
// variable taking the thread, defined once (f := p.step, g := warpSum)
// and never assigned again, is bound to what defines it, as a helper's
// parameter of function type is to its argument (funcparam.go); a method
// value (p.step, o.stage promoted from an embedded field) may be such an
// argument too. A call through a bound variable is a call of its function
// or method: the analysis follows it, and one that synchronizes is
// inlined. A method value's receiver is evaluated where the value is
// made, as Go does: the compiled code keeps it in a variable of its own
// (a snapshot), the receiver of every inlined call through the value.

// bindable reports whether e names a declared function or a method value
// of a concrete type; not one of the kernel API's (kapi), whose calls the
// passes recognize by what they name.
func (f *Func) bindable(e ast.Expr) bool {
	if fn := f.funcOf(e); fn != nil {
		_, api := kapi.Lookup(fn)
		return !api
	}
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok || f.methodSel(sel) == nil {
		return false
	}
	_, api := kapi.Lookup(f.methodSel(sel).Obj().(*types.Func))
	return !api
}

// boundFunc returns the function or method that e, a binding, names.
func (f *Func) boundFunc(e ast.Expr) *types.Func {
	if fn := f.funcOf(e); fn != nil {
		return fn
	}
	if sel, ok := ast.Unparen(e).(*ast.SelectorExpr); ok {
		if s := f.methodSel(sel); s != nil {
			return s.Obj().(*types.Func)
		}
	}
	return nil
}

// resolveBound returns binding e, or, where e is itself a bound variable,
// what that is bound to.
func (f *Func) resolveBound(e ast.Expr) ast.Expr {
	for range maxInlineDepth * 4 {
		id, ok := ast.Unparen(e).(*ast.Ident)
		if !ok {
			return e
		}
		v, ok := f.Src.Info.Uses[id].(*types.Var)
		if !ok || f.bound[v] == nil {
			return e
		}
		e = f.bound[v]
	}
	return e
}

// localBindings returns the local variables of body that take the thread
// and are bound: defined once, in a block's list of statements, to a
// declared function, a method value or another bound variable, and never
// assigned or addressed after.
func (f *Func) localBindings(body *ast.BlockStmt) map[*types.Var]ast.Expr {
	var out map[*types.Var]ast.Expr
	ast.Inspect(body, func(n ast.Node) bool {
		var list []ast.Stmt
		switch n := n.(type) {
		case *ast.BlockStmt:
			list = n.List
		case *ast.CaseClause:
			list = n.Body
		}
		for _, s := range list {
			v, e := f.definition(s)
			if v == nil || !mayTakeThread(v.Type()) || f.assignments(body, v) != 1 {
				continue
			}
			if id, ok := ast.Unparen(e).(*ast.Ident); ok {
				if w, ok := f.Src.Info.Uses[id].(*types.Var); ok && (out[w] != nil || f.bound[w] != nil) {
					out = setBinding(out, v, e)
					continue
				}
			}
			if f.bindable(e) {
				out = setBinding(out, v, e)
			}
		}
		return true
	})
	return out
}

func setBinding(m map[*types.Var]ast.Expr, v *types.Var, e ast.Expr) map[*types.Var]ast.Expr {
	if m == nil {
		m = map[*types.Var]ast.Expr{}
	}
	m[v] = e
	return m
}

// definition returns the variable s defines and its value, for v := e,
// var v = e and var v T = e; nil otherwise.
func (f *Func) definition(s ast.Stmt) (*types.Var, ast.Expr) {
	var name *ast.Ident
	var value ast.Expr
	switch s := s.(type) {
	case *ast.AssignStmt:
		if s.Tok != token.DEFINE || len(s.Lhs) != 1 || len(s.Rhs) != 1 {
			return nil, nil
		}
		name, _ = s.Lhs[0].(*ast.Ident)
		value = s.Rhs[0]
	case *ast.DeclStmt:
		g, ok := s.Decl.(*ast.GenDecl)
		if !ok || g.Tok != token.VAR || len(g.Specs) != 1 {
			return nil, nil
		}
		vs := g.Specs[0].(*ast.ValueSpec)
		if len(vs.Names) != 1 || len(vs.Values) != 1 {
			return nil, nil
		}
		name, value = vs.Names[0], vs.Values[0]
	}
	if name == nil {
		return nil, nil
	}
	v, _ := f.Src.Info.Defs[name].(*types.Var)
	return v, value
}

// assignments counts the statements of body that assign v (its
// definition included), counting any use of its address as two.
func (f *Func) assignments(body *ast.BlockStmt, v *types.Var) int {
	n := 0
	ast.Inspect(body, func(m ast.Node) bool {
		switch m := m.(type) {
		case ast.Stmt:
			for _, e := range assigned(m) {
				if id, ok := e.(*ast.Ident); ok && f.Src.Info.ObjectOf(id) == v {
					n++
				}
			}
		case *ast.UnaryExpr:
			if id, ok := ast.Unparen(m.X).(*ast.Ident); ok && m.Op == token.AND && f.Src.Info.ObjectOf(id) == v {
				n += 2
			}
		}
		return true
	})
	return n
}

// bindDefinition returns the nodes of s where it defines a bound variable:
// a method value's receiver kept in a variable of its own, the variable
// defined from it, and a use of it, as the calls through it may all be
// inlined.
func (f *Func) bindDefinition(s ast.Stmt) ([]Node, bool) {
	v, e := f.definition(s)
	if v == nil || f.bound[v] == nil {
		return nil, false
	}
	pos := s.Pos()
	pre, snap := f.snapshot(e, pos)
	if snap != nil {
		e = snap
	}
	f.bound[v] = e
	var out []Node
	for _, st := range append(pre, f.declare(v, e, pos), f.blankUse(v, pos)) {
		out = append(out, &Code{Stmt: st})
	}
	return out, true
}

// snapshot returns, for e a method value x.M whose receiver is not
// already one of the compiler's, the statements evaluating the receiver
// into a variable r of its own and r.M; nil otherwise.
func (f *Func) snapshot(e ast.Expr, pos token.Pos) ([]ast.Stmt, *ast.SelectorExpr) {
	info := f.Src.Info
	sel, ok := ast.Unparen(e).(*ast.SelectorExpr)
	if !ok {
		return nil, nil
	}
	s := f.methodSel(sel)
	if s == nil {
		return nil, nil
	}
	if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok && f.snaps[info.Uses[id]] {
		return nil, nil
	}
	recv := f.methodReceiver(sel.X, s, pos)
	rt := info.TypeOf(recv)
	r := types.NewVar(pos, f.Src.Pkg, "recv", rt)
	f.addVar(r)
	f.snaps[r] = true
	m := s.Obj()
	ms := types.NewMethodSet(rt).Lookup(m.Pkg(), m.Name())
	id := &ast.Ident{NamePos: sel.Sel.Pos(), Name: m.Name()}
	info.Uses[id] = ms.Obj()
	snap := &ast.SelectorExpr{X: f.ident(r, pos), Sel: id}
	info.Selections[snap] = ms
	info.Types[snap] = types.TypeAndValue{Type: info.TypeOf(sel)}
	return []ast.Stmt{f.declare(r, recv, pos), f.blankUse(r, pos)}, snap
}

// resolvedCall returns call, or, where it calls through a bound variable,
// a call with the same arguments of what the variable is bound to.
func (f *Func) resolvedCall(call *ast.CallExpr) *ast.CallExpr {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return call
	}
	v, ok := f.Src.Info.Uses[id].(*types.Var)
	if !ok || f.bound[v] == nil {
		return call
	}
	rc := &ast.CallExpr{Fun: f.resolveBound(f.bound[v]), Lparen: call.Lparen, Args: call.Args, Ellipsis: call.Ellipsis, Rparen: call.Rparen}
	if tv, ok := f.Src.Info.Types[call]; ok {
		f.Src.Info.Types[rc] = tv
	}
	return rc
}
