package kir

import (
	"go/ast"
	"go/types"
)

// Helpers reached through parameters of function type: apply(t, warpSum,
// v), where apply calls f(t, v). When the argument is a declared function
// (or an instance of one) and the helper never assigns the parameter, the
// call through it is a call of that function: the analysis of what apply
// may do follows it, and apply's inlined copy calls the function itself,
// which is then inlined in turn.

// funcBindings returns, for call of helper decl, the parameters of
// function type bound to a declared function or a method value
// (methodvalue.go): the argument's expression (or, for an argument that
// is itself a bound variable, its binding).
func (f *Func) funcBindings(call *ast.CallExpr, decl *ast.FuncDecl, sig *types.Signature) map[*types.Var]ast.Expr {
	var out map[*types.Var]ast.Expr
	for i := range min(sig.Params().Len(), len(call.Args)) {
		p := sig.Params().At(i)
		if _, isFunc := p.Type().Underlying().(*types.Signature); !isFunc || f.assignsTo(decl.Body, p) {
			continue
		}
		arg := f.resolveBound(ast.Unparen(call.Args[i]))
		if !f.bindable(arg) {
			continue
		}
		if out == nil {
			out = map[*types.Var]ast.Expr{}
		}
		out[p] = arg
	}
	return out
}

// funcOf returns the declared function e names (F, pkg.F, F[T]), or nil.
func (f *Func) funcOf(e ast.Expr) *types.Func {
	switch x := ast.Unparen(e).(type) {
	case *ast.Ident:
		fn, _ := f.Src.Info.Uses[x].(*types.Func)
		return fn
	case *ast.SelectorExpr:
		if f.Src.Info.Selections[x] != nil {
			return nil // a method value
		}
		fn, _ := f.Src.Info.Uses[x.Sel].(*types.Func)
		return fn
	case *ast.IndexExpr:
		return f.funcOf(x.X)
	case *ast.IndexListExpr:
		return f.funcOf(x.X)
	}
	return nil
}

// boundCallee returns the function a call through a bound parameter
// calls, or nil.
func (f *Func) boundCallee(call *ast.CallExpr) (*types.Func, ast.Expr) {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return nil, nil
	}
	v, ok := f.Src.Info.Uses[id].(*types.Var)
	if !ok || f.bound[v] == nil {
		return nil, nil
	}
	e := f.resolveBound(f.bound[v])
	return f.boundFunc(e), e
}

// withBindings runs fn with bind added to the parameters bound to
// functions.
func (f *Func) withBindings(bind map[*types.Var]ast.Expr, fn func()) {
	if len(bind) == 0 {
		fn()
		return
	}
	outer := f.bound
	f.bound = map[*types.Var]ast.Expr{}
	for k, v := range outer {
		f.bound[k] = v
	}
	for k, v := range bind {
		f.bound[k] = v
	}
	defer func() { f.bound = outer }()
	fn()
}

// funcParamSubst returns the substitution of an inlined copy whose
// parameters bind: each use of one is a copy of its function's name.
func (f *Func) funcParamSubst(bind map[*types.Var]ast.Expr) func(ast.Node) (ast.Node, bool) {
	if len(bind) == 0 {
		return nil
	}
	none := &instance{objs: map[types.Object]types.Object{}}
	return func(n ast.Node) (ast.Node, bool) {
		id, ok := n.(*ast.Ident)
		if !ok {
			return nil, false
		}
		v, ok := f.Src.Info.Uses[id].(*types.Var)
		if !ok || bind[v] == nil {
			return nil, false
		}
		return f.copyNode(bind[v], none, nil), true
	}
}

// joinSubst returns the substitution that tries a, then b (either may be
// nil).
func joinSubst(a, b func(ast.Node) (ast.Node, bool)) func(ast.Node) (ast.Node, bool) {
	switch {
	case a == nil:
		return b
	case b == nil:
		return a
	}
	return func(n ast.Node) (ast.Node, bool) {
		if r, ok := a(n); ok {
			return r, true
		}
		return b(n)
	}
}
