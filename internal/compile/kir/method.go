package kir

import (
	"go/ast"
	"go/token"
	"go/types"
)

// Methods that synchronize are inlined as helpers are (the Go form of a
// C++ functor or a template policy: a kernel parameterized by a type with
// a method that reaches a barrier): the receiver is bound like a
// parameter, to the selector's operand, or to its address where the
// method has a pointer receiver and the operand is a value; a method
// promoted from an embedded field gets that field (promote.go); one
// called through a method value, the receiver the value was made with
// (methodvalue.go).

// inlinableMethod reports whether call calls a method of a concrete type
// on its operand, x.M(...), the method declared on x's type or promoted
// from an embedded field, or through a variable bound to such a method
// value (methodvalue.go).
func (f *Func) inlinableMethod(call *ast.CallExpr) bool {
	fun := ast.Unparen(call.Fun)
	if id, ok := fun.(*ast.Ident); ok {
		if v, ok := f.Src.Info.Uses[id].(*types.Var); ok && f.bound[v] != nil {
			fun = ast.Unparen(f.resolveBound(f.bound[v]))
		}
	}
	sel, ok := fun.(*ast.SelectorExpr)
	return ok && f.methodSel(sel) != nil
}

// methodSel returns the selection of sel, a method value of a concrete
// type (x.M), or nil.
func (f *Func) methodSel(sel *ast.SelectorExpr) *types.Selection {
	s := f.Src.Info.Selections[sel]
	if s == nil || s.Kind() != types.MethodVal || types.IsInterface(s.Recv()) {
		return nil
	}
	return s
}

// bindReceiver returns the statements binding the receiver of method
// decl, inlined for call, to the selector's operand.
func (f *Func) bindReceiver(call *ast.CallExpr, decl *ast.FuncDecl, inst *instance) []Node {
	fn := f.Src.Info.Defs[decl.Name].(*types.Func)
	recv := fn.Signature().Recv()
	if recv.Name() == "" || recv.Name() == "_" {
		return nil
	}
	v := inst.objs[recv].(*types.Var)
	sel := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	s := f.Src.Info.Selections[sel]
	if id, ok := ast.Unparen(sel.X).(*ast.Ident); ok && len(s.Index()) == 1 && f.aliasable(v, id) {
		inst.recv, inst.alias = recv, id
		return nil
	}
	x := f.methodReceiver(sel.X, s, sel.X.Pos())
	return []Node{&Code{Stmt: f.declare(v, x, call.Lparen)}, &Code{Stmt: f.blankUse(v, call.Lparen)}}
}

// recvTypeArgs returns the type arguments of the generic type whose
// method call calls, from its operand's type.
func (f *Func) recvTypeArgs(call *ast.CallExpr) []types.Type {
	t := f.recvType(ast.Unparen(call.Fun).(*ast.SelectorExpr))
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return nil
	}
	var out []types.Type
	for i := range n.TypeArgs().Len() {
		out = append(out, n.TypeArgs().At(i))
	}
	return out
}

// aliasable reports whether receiver v, of a method called on local
// variable id, can be that variable itself: a pointer receiver on a
// value, whose address would otherwise be taken.
func (f *Func) aliasable(v *types.Var, id *ast.Ident) bool {
	_, ptr := v.Type().(*types.Pointer)
	x, isVar := f.Src.Info.Uses[id].(*types.Var)
	if !ptr || !isVar || f.Vars[x] == nil {
		return false
	}
	_, xPtr := x.Type().Underlying().(*types.Pointer)
	return !xPtr
}

// aliasReceiver returns the substitution of a copy whose receiver is an
// alias: recv.f becomes alias.f, any other use of recv &alias.
func (f *Func) aliasReceiver(inst *instance) func(ast.Node) (ast.Node, bool) {
	if inst.recv == nil {
		return nil
	}
	info := f.Src.Info
	isRecv := func(e ast.Expr) bool {
		id, ok := ast.Unparen(e).(*ast.Ident)
		return ok && info.Uses[id] == inst.recv
	}
	alias := func(pos token.Pos) *ast.Ident {
		id := &ast.Ident{NamePos: pos, Name: inst.alias.Name}
		info.Uses[id] = info.Uses[inst.alias]
		info.Types[id] = info.Types[inst.alias]
		return id
	}
	return func(n ast.Node) (ast.Node, bool) {
		switch n := n.(type) {
		case *ast.SelectorExpr:
			if !isRecv(n.X) {
				return nil, false
			}
			sel := &ast.Ident{NamePos: n.Sel.NamePos, Name: n.Sel.Name}
			info.Uses[sel] = info.Uses[n.Sel]
			cp := &ast.SelectorExpr{X: alias(n.X.Pos()), Sel: sel}
			if s := info.Selections[n]; s != nil {
				info.Selections[cp] = s
			}
			if tv, ok := info.Types[n]; ok {
				info.Types[cp] = tv
			}
			return cp, true
		case *ast.Ident:
			if !isRecv(n) {
				return nil, false
			}
			addr := &ast.UnaryExpr{OpPos: n.Pos(), Op: token.AND, X: alias(n.Pos())}
			info.Types[addr] = types.TypeAndValue{Type: inst.recv.Type()}
			return addr, true
		}
		return nil, false
	}
}
