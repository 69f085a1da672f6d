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
// method has a pointer receiver and the operand is a value. A method
// promoted from an embedded field, or called as a method value, is
// refused.

// inlinableMethod reports whether call calls a method directly on its
// operand: x.M(...), not promoted through an embedded field.
func (f *Func) inlinableMethod(call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	if !ok {
		return false
	}
	s := f.Src.Info.Selections[sel]
	return s != nil && s.Kind() == types.MethodVal && len(s.Index()) == 1 && !types.IsInterface(s.Recv())
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
	x := ast.Unparen(call.Fun).(*ast.SelectorExpr).X
	if id, ok := ast.Unparen(x).(*ast.Ident); ok && f.aliasable(v, id) {
		inst.recv, inst.alias = recv, id
		return nil
	}
	if _, ptr := v.Type().(*types.Pointer); ptr {
		if _, isPtr := f.Src.Info.TypeOf(x).Underlying().(*types.Pointer); !isPtr {
			addr := &ast.UnaryExpr{OpPos: x.Pos(), Op: token.AND, X: x}
			f.Src.Info.Types[addr] = types.TypeAndValue{Type: v.Type()}
			x = addr
		}
	}
	return []Node{&Code{Stmt: f.declare(v, x, call.Lparen)}, &Code{Stmt: f.blankUse(v, call.Lparen)}}
}

// recvTypeArgs returns the type arguments of the generic type whose
// method call calls, from its operand's type.
func (f *Func) recvTypeArgs(call *ast.CallExpr) []types.Type {
	sel := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	t := f.Src.Info.TypeOf(sel.X)
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
