package kir

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"golang.org/x/tools/go/types/typeutil"
)

// maxInlineDepth bounds helpers inlined into helpers: deeper is taken for
// recursion.
const maxInlineDepth = 8

// Inlining is part of the build pass: a statement that calls a
// same-package helper reaching a barrier or collective becomes the
// helper's body, so that the pipeline sees every sync point. Each inlined
// copy is a copy of the helper's syntax with variables of its own; the
// type-checker's records are extended to the copy (types with the call's
// type arguments), so that every later pass reads it like the kernel's
// own code. The kernel's and the helper's syntax trees are not changed.

// An instance is one inlined copy of a helper.
type instance struct {
	objs  map[types.Object]types.Object  // the helper's variables to the copy's; its thread to the kernel's
	targs map[*types.TypeName]types.Type // the helper's type parameters to the call's type arguments
	// recv, for a method with a pointer receiver called on a local
	// variable, is the receiver, and alias that variable: the copy uses
	// the variable itself (alias.f for recv.f), not its address.
	recv  *types.Var
	alias *ast.Ident
}

// syncHelperCall returns the call of a synchronizing same-package helper
// that simple statement s makes, and the helper, or nil.
func (f *Func) syncHelperCall(s ast.Stmt) (*ast.CallExpr, *ast.FuncDecl) {
	switch s.(type) {
	case *ast.ExprStmt, *ast.AssignStmt, *ast.DeclStmt:
	default:
		return nil, nil
	}
	var calls []*ast.CallExpr
	var decl *ast.FuncDecl
	ast.Inspect(s, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.CallExpr:
			fn, _ := typeutil.Callee(f.Src.Info, n).(*types.Func)
			if fn == nil {
				fn, _ = f.boundCallee(n)
			}
			if fn == nil {
				return true
			}
			if d := f.declOf(fn); d != nil && (d.Recv == nil || f.inlinableMethod(n)) {
				if _, kind := f.callSync(n, map[*ast.FuncDecl]bool{}); kind == syncHelper {
					calls, decl = append(calls, n), d
					return false
				}
			}
		}
		return true
	})
	switch len(calls) {
	case 0:
		return nil, nil
	case 1:
		return calls[0], decl
	}
	fail(f.unsupported(calls[1], "two calls of helpers that synchronize in one statement"))
	return nil, nil
}

// inline returns the nodes of statement s, whose call calls helper decl:
// the parameters bound to the arguments, the helper's body, and s going on
// with the results.
func (f *Func) inline(s ast.Stmt, call *ast.CallExpr, decl *ast.FuncDecl) []Node {
	return f.inlineAliased(s, call, decl, false)
}

// inlineAliased is inline; with alias, the parameters that stay equal to
// their arguments (aliasedParams) are not copied: the body reads the
// arguments, as the kernel's own code would.
func (f *Func) inlineAliased(s ast.Stmt, call *ast.CallExpr, decl *ast.FuncDecl, alias bool) []Node {
	depth := f.depth
	if i := slices.Index(f.inlining, decl); i >= 0 {
		fail(f.unsupported(call, "a recursive helper that synchronizes (%s) cannot be inlined: write the recursion as a loop", recursionPath(f.inlining[i:], decl)))
	}
	if depth >= maxInlineDepth {
		fail(f.unsupported(call, "helpers that synchronize nested more than %d deep (write a recursion as a loop)", maxInlineDepth))
	}
	f.checkOrderFree(s, call)
	callee := f.resolvedCall(call) // through a bound variable: its function or method
	inst := f.newInstance(callee, decl)
	sig := f.Src.Info.Defs[decl.Name].(*types.Func).Signature()
	if sig.Variadic() {
		fail(f.unsupported(call, "a variadic helper that synchronizes (pass a slice)"))
	}
	bind := f.funcBindings(callee, decl, sig)
	var aliased map[*types.Var]ast.Expr
	if alias {
		aliased = f.aliasedParams(callee, decl, sig, inst)
	}
	out := f.bindParams(callee, sig, inst, bind, aliased)
	if decl.Recv != nil {
		out = append(out, f.bindReceiver(callee, decl, inst)...)
	}
	for p := range aliased {
		delete(f.Vars, inst.objs[p].(*types.Var)) // never declared: the body reads the argument
	}
	subst := joinSubst(f.aliasReceiver(inst), joinSubst(f.funcParamSubst(bind), f.aliasSubst(aliased)))
	body := f.copyNode(decl.Body, inst, subst).(*ast.BlockStmt)
	f.Helpers = append(f.Helpers, decl)
	results, list := f.helperResults(sig, inst, body, call)
	for v, e := range f.localBindings(&ast.BlockStmt{List: list}) {
		f.bound[v] = e
	}
	f.checkCalls(&ast.BlockStmt{List: list})
	outer := f.depth
	f.depth = depth + 1
	f.inlining = append(f.inlining, decl)
	out = append(out, f.buildList(list)...)
	f.inlining = f.inlining[:len(f.inlining)-1]
	f.depth = outer
	if rest := f.goOn(s, call, results); rest != nil {
		out = append(out, f.buildList([]ast.Stmt{rest})...)
	}
	return out
}

// recursionPath names the calls of a recursion: "a calls b calls a".
func recursionPath(cycle []*ast.FuncDecl, back *ast.FuncDecl) string {
	var names []string
	for _, d := range append(cycle, back) {
		names = append(names, d.Name.Name)
	}
	return strings.Join(names, " calls ")
}

// bindParams returns the statements binding the parameters of the copy
// inst of a helper to call's arguments; a parameter bound to a method
// value (bind) takes it from a snapshot of its receiver, which bind then
// names.
func (f *Func) bindParams(call *ast.CallExpr, sig *types.Signature, inst *instance, bind, aliased map[*types.Var]ast.Expr) []Node {
	var out []Node
	for i := range sig.Params().Len() {
		p := sig.Params().At(i)
		if inst.objs[p] == f.Src.Thread || p.Name() == "_" || p.Name() == "" || aliased[p] != nil {
			continue
		}
		v := inst.objs[p].(*types.Var)
		value := call.Args[i]
		if pre, snap := f.snapshot(bind[p], call.Lparen); snap != nil {
			for _, s := range pre {
				out = append(out, &Code{Stmt: s})
			}
			bind[p], value = snap, snap
		}
		out = append(out, &Code{Stmt: f.declare(v, value, call.Lparen)}, &Code{Stmt: f.blankUse(v, call.Lparen)})
	}
	return out
}

// checkOrderFree refuses a statement whose other calls the inlined body
// would reorder.
func (f *Func) checkOrderFree(s ast.Stmt, call *ast.CallExpr) {
	ast.Inspect(s, func(n ast.Node) bool {
		other, ok := n.(*ast.CallExpr)
		if !ok || other == call {
			return other != call
		}
		if !f.orderFree(other) {
			fail(f.unsupported(other, "a call beside a helper that synchronizes, in one statement"))
		}
		return true
	})
}

// newInstance makes the variables of a copy of helper decl called by
// call, and maps its type parameters to the call's type arguments.
func (f *Func) newInstance(call *ast.CallExpr, decl *ast.FuncDecl) *instance {
	inst := &instance{objs: map[types.Object]types.Object{}, targs: map[*types.TypeName]types.Type{}}
	fn := f.Src.Info.Defs[decl.Name].(*types.Func)
	if tps := fn.Signature().RecvTypeParams(); tps.Len() > 0 {
		args := f.recvTypeArgs(call)
		if len(args) != tps.Len() {
			fail(f.unsupported(call, "a method of a generic type whose type arguments the compiler cannot find"))
		}
		for i := range tps.Len() {
			inst.targs[tps.At(i).Obj()] = args[i]
		}
	}
	if tps := fn.Signature().TypeParams(); tps.Len() > 0 {
		args := f.typeArgs(call)
		if len(args) != tps.Len() {
			fail(f.unsupported(call, "a generic helper whose type arguments the compiler cannot find"))
		}
		for i := range tps.Len() {
			inst.targs[tps.At(i).Obj()] = args[i]
		}
	}
	sig := fn.Signature()
	for i := range sig.Params().Len() {
		p := sig.Params().At(i)
		if isThreadType(p.Type()) {
			if id, ok := ast.Unparen(call.Args[i]).(*ast.Ident); !ok || f.Src.Info.Uses[id] != f.Src.Thread {
				fail(f.unsupported(call.Args[i], "a helper that synchronizes, called with another thread than the kernel's"))
			}
			inst.objs[p] = f.Src.Thread
		}
	}
	ast.Inspect(decl, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if !ok {
			return true
		}
		if v, ok := f.Src.Info.Defs[id].(*types.Var); ok && !v.IsField() && inst.objs[v] == nil {
			inst.objs[v] = nil // placeholder: made in order below
		}
		return true
	})
	concrete := f.concreteParams(call, decl, sig)
	for _, v := range sortedVars(f, toVarSet(inst.objs)) {
		if inst.objs[v] != nil {
			continue
		}
		typ := f.subst(v.Type(), inst)
		if c, ok := concrete[v]; ok {
			typ = c // the group the interface holds: its methods are the group's own
		}
		nv := types.NewVar(v.Pos(), v.Pkg(), v.Name(), typ)
		inst.objs[v] = nv
		f.addVar(nv)
	}
	return inst
}

// toVarSet returns the variables among m's keys.
func toVarSet(m map[types.Object]types.Object) map[*types.Var]bool {
	set := map[*types.Var]bool{}
	for o := range m {
		if v, ok := o.(*types.Var); ok {
			set[v] = true
		}
	}
	return set
}

// addVar adds a variable made by inlining.
func (f *Func) addVar(v *types.Var) {
	f.seq[v] = len(f.seq) + 1
	name := v.Name()
	if name != "_" {
		name = f.Names.Local(name)
	}
	f.Vars[v] = &Var{Obj: v, Name: name}
}

// typeArgs returns the type arguments of the generic function call calls.
func (f *Func) typeArgs(call *ast.CallExpr) []types.Type {
	fun := ast.Unparen(call.Fun)
	switch x := fun.(type) {
	case *ast.IndexExpr:
		fun = x.X
	case *ast.IndexListExpr:
		fun = x.X
	}
	id, ok := fun.(*ast.Ident)
	if !ok {
		return nil
	}
	if args, ok := f.instArgs[id]; ok {
		return args
	}
	in, ok := f.Src.Info.Instances[id]
	if !ok {
		return nil
	}
	var out []types.Type
	for i := range in.TypeArgs.Len() {
		out = append(out, in.TypeArgs.At(i))
	}
	return out
}

// declare returns var v T = value, at pos.
func (f *Func) declare(v *types.Var, value ast.Expr, pos token.Pos) ast.Stmt {
	name := &ast.Ident{NamePos: pos, Name: v.Name()}
	f.Src.Info.Defs[name] = v
	typ := &ast.Ident{NamePos: pos, Name: v.Type().String()}
	f.typeExprs[typ] = v.Type()
	spec := &ast.ValueSpec{Names: []*ast.Ident{name}, Type: typ}
	if value != nil {
		spec.Values = []ast.Expr{value}
	}
	return &ast.DeclStmt{Decl: &ast.GenDecl{TokPos: pos, Tok: token.VAR, Specs: []ast.Spec{spec}}}
}

// ident returns an identifier reading v, at pos.
func (f *Func) ident(v *types.Var, pos token.Pos) *ast.Ident {
	id := &ast.Ident{NamePos: pos, Name: v.Name()}
	f.Src.Info.Uses[id] = v
	f.Src.Info.Types[id] = types.TypeAndValue{Type: v.Type()}
	return id
}

// blankUse returns _ = v, at pos: a parameter or result of an inlined
// helper may go unused in the code that uses the rest.
func (f *Func) blankUse(v *types.Var, pos token.Pos) ast.Stmt {
	blank := &ast.Ident{NamePos: pos, Name: "_"}
	return &ast.AssignStmt{Lhs: []ast.Expr{blank}, TokPos: pos, Tok: token.ASSIGN, Rhs: []ast.Expr{f.ident(v, pos)}}
}

// isThreadType reports whether t is *gocuda.Thread.
func isThreadType(t types.Type) bool {
	p, ok := t.(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := p.Elem().(*types.Named)
	return ok && threadLike(n) && n.Obj().Name() == "Thread"
}
