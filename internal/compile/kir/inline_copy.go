package kir

import (
	"go/ast"
	"go/token"
	"go/types"
)

// copyNode copies n, replacing nodes as subst says, and records the
// copies' types and objects: those of the originals, with inst's
// variables and type arguments.
func (f *Func) copyNode(n ast.Node, inst *instance, subst func(ast.Node) (ast.Node, bool)) ast.Node {
	c := &cloner{subst: func(n ast.Node) (ast.Node, bool) {
		if subst != nil {
			return subst(n)
		}
		return nil, false
	}}
	c.copied = func(orig, cp ast.Node) { f.recordCopy(orig, cp, inst) }
	return c.node(n)
}

// instObj is o as inst has it: its copy where inst made one.
func instObj(inst *instance, o types.Object) types.Object {
	if m, ok := inst.objs[o]; ok && m != nil {
		return m
	}
	return o
}

// recordCopy records, for cp, a copy of orig made for inst, what the
// type-checker recorded for orig: the origin of a call, an expression's
// type, a selector's selection, an identifier's object.
func (f *Func) recordCopy(orig, cp ast.Node, inst *instance) {
	info := f.Src.Info
	if call, ok := orig.(*ast.CallExpr); ok {
		origin := call
		if o, ok := f.origins[call]; ok {
			origin = o
		}
		f.origins[cp.(*ast.CallExpr)] = origin
		f.copiedCalls[origin] = true
	}
	if e, ok := orig.(ast.Expr); ok {
		if tv, ok := info.Types[e]; ok {
			tv.Type = f.subst(tv.Type, inst)
			info.Types[cp.(ast.Expr)] = tv
		}
	}
	if se, ok := orig.(*ast.SelectorExpr); ok {
		f.recordSelector(se, cp.(*ast.SelectorExpr), inst)
	}
	if id, ok := orig.(*ast.Ident); ok {
		f.recordIdent(id, cp.(*ast.Ident), inst)
	}
}

// recordSelector records the selection of cp, a copy of se: a method of
// a group handle made concrete (devirtualize) where inst knows its type.
func (f *Func) recordSelector(se, cp *ast.SelectorExpr, inst *instance) {
	info := f.Src.Info
	if indirect, ok := f.embeds[se]; ok {
		f.embeds[cp] = indirect
	}
	sel := info.Selections[se]
	if sel == nil {
		return
	}
	info.Selections[cp] = sel
	if d := devirtualize(sel, f.copiedRecvType(se, cp, inst)); d != nil {
		info.Selections[cp] = d
		info.Uses[cp.Sel] = d.Obj()
	}
}

// copiedRecvType returns the type of cp.X, the receiver of a copy of
// method selection se: the copy of a variable's, or the type the
// instantiation gives the expression's (a functor in a struct's field,
// or behind a pointer). A variable the copy shares (an instantiated
// kernel's parameter) has the instantiation's type.
func (f *Func) copiedRecvType(se, cp *ast.SelectorExpr, inst *instance) types.Type {
	if id, isIdent := ast.Unparen(se.X).(*ast.Ident); isIdent {
		if v, ok := instObj(inst, f.Src.Info.Uses[id]).(*types.Var); ok {
			return f.subst(v.Type(), inst)
		}
		return nil
	}
	return f.Src.Info.TypeOf(cp.X)
}

// recordIdent records the object, type expression and type arguments of
// cid, a copy of id.
func (f *Func) recordIdent(id, cid *ast.Ident, inst *instance) {
	info := f.Src.Info
	if t, ok := f.typeExprs[id]; ok { // a declared type written by an earlier copy (declare)
		f.typeExprs[cid] = f.subst(t, inst)
	}
	if o, ok := info.Defs[id]; ok {
		info.Defs[cid] = instObj(inst, o)
	}
	if o, ok := info.Uses[id]; ok {
		info.Uses[cid] = instObj(inst, o)
		if v, isVar := instObj(inst, o).(*types.Var); isVar && types.IsInterface(o.Type()) && !types.IsInterface(v.Type()) {
			info.Types[cid] = types.TypeAndValue{Type: v.Type()} // a devirtualized group
		}
		if tn, ok := o.(*types.TypeName); ok && inst.targs[tn] != nil {
			f.typeExprs[cid] = inst.targs[tn]
		}
	}
	if args := f.typeArgsOfIdent(id); args != nil {
		sub := make([]types.Type, len(args))
		for i, a := range args {
			sub[i] = f.subst(a, inst)
		}
		f.instArgs[cid] = sub
	}
}

// typeArgsOfIdent returns the type arguments of the instantiation id
// names, or nil.
func (f *Func) typeArgsOfIdent(id *ast.Ident) []types.Type {
	if args, ok := f.instArgs[id]; ok {
		return args
	}
	in, ok := f.Src.Info.Instances[id]
	if !ok || in.TypeArgs == nil {
		return nil
	}
	out := make([]types.Type, in.TypeArgs.Len())
	for i := range out {
		out[i] = in.TypeArgs.At(i)
	}
	return out
}

// subst returns t with inst's type arguments for the helper's type
// parameters.
func (f *Func) subst(t types.Type, inst *instance) types.Type {
	if t == nil || len(inst.targs) == 0 {
		return t
	}
	return substitute(t, func(tp *types.TypeParam) (types.Type, bool) {
		a, ok := inst.targs[tp.Obj()]
		return a, ok
	})
}

// helperResults returns the variables holding a helper's results and its
// body's statements, its final return made assignments to them, and
// returns before its end lowered with a flag (returns.go).
func (f *Func) helperResults(sig *types.Signature, inst *instance, body *ast.BlockStmt, call *ast.CallExpr) ([]*types.Var, []ast.Stmt) {
	if earlyReturn(body.List) {
		return f.flaggedResults(sig, inst, body, call)
	}
	list := body.List
	var final *ast.ReturnStmt
	if n := len(list); n > 0 {
		final, _ = list[n-1].(*ast.ReturnStmt)
		if final != nil {
			list = list[:n-1]
		}
	}
	ast.Inspect(&ast.BlockStmt{List: list}, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ReturnStmt:
			fail(f.unsupported(n, "a helper that synchronizes returns before its end"))
		}
		return true
	})
	var results []*types.Var
	var pre, post []ast.Stmt
	named := sig.Results().Len() > 0 && sig.Results().At(0).Name() != ""
	for i := range sig.Results().Len() {
		r := sig.Results().At(i)
		if named {
			v := inst.objs[r].(*types.Var)
			results = append(results, v)
			pre = append(pre, f.declare(v, nil, call.Lparen))
			continue
		}
		v := types.NewVar(call.Pos(), f.Src.Pkg, "r", f.subst(r.Type(), inst))
		f.addVar(v)
		results = append(results, v)
	}
	if final != nil && len(final.Results) > 0 {
		if len(final.Results) != len(results) {
			fail(f.unsupported(final, "a helper returning a call's several results (assign them to variables, then return those)"))
		}
		for i, e := range final.Results {
			if named {
				post = append(post, f.assign(results[i], e, final.Return))
			} else {
				post = append(post, f.declare(results[i], e, final.Return), f.blankUse(results[i], final.Return))
			}
		}
	}
	return results, append(append(pre, list...), post...)
}

// assign returns v = value, at pos.
func (f *Func) assign(v *types.Var, value ast.Expr, pos token.Pos) ast.Stmt {
	id := &ast.Ident{NamePos: pos, Name: v.Name()}
	f.Src.Info.Uses[id] = v
	return &ast.AssignStmt{Lhs: []ast.Expr{id}, TokPos: pos, Tok: token.ASSIGN, Rhs: []ast.Expr{value}}
}

// goOn returns statement s with call replaced by the helper's results, or
// nil where s is the call alone.
func (f *Func) goOn(s ast.Stmt, call *ast.CallExpr, results []*types.Var) ast.Stmt {
	if x, ok := s.(*ast.ExprStmt); ok && ast.Unparen(x.X) == call {
		return nil
	}
	if as, ok := s.(*ast.AssignStmt); ok && len(results) > 1 && len(as.Rhs) == 1 && ast.Unparen(as.Rhs[0]) == call {
		rhs := make([]ast.Expr, len(results))
		for i, v := range results {
			rhs[i] = f.ident(v, call.Pos())
		}
		return &ast.AssignStmt{Lhs: as.Lhs, TokPos: as.TokPos, Tok: as.Tok, Rhs: rhs}
	}
	if len(results) != 1 {
		fail(f.unsupported(call, "a helper's several results used in an expression (assign them to variables first)"))
	}
	none := &instance{objs: map[types.Object]types.Object{}}
	return f.copyNode(s, none, func(n ast.Node) (ast.Node, bool) {
		if n == call {
			return f.ident(results[0], call.Pos()), true
		}
		return nil, false
	}).(ast.Stmt)
}

// flaggedResults is helperResults for a body that returns before its
// end: the results and the flag declared first, then the body whose
// returns assign them.
func (f *Func) flaggedResults(sig *types.Signature, inst *instance, body *ast.BlockStmt, call *ast.CallExpr) ([]*types.Var, []ast.Stmt) {
	var results []*types.Var
	var pre []ast.Stmt
	for i := range sig.Results().Len() {
		r := sig.Results().At(i)
		v, _ := inst.objs[r].(*types.Var)
		if r.Name() == "" || r.Name() == "_" {
			v = types.NewVar(call.Pos(), f.Src.Pkg, "r", f.subst(r.Type(), inst))
			f.addVar(v)
		}
		results = append(results, v)
		pre = append(pre, f.declare(v, nil, call.Lparen), f.blankUse(v, call.Lparen))
	}
	flag := types.NewVar(call.Pos(), f.Src.Pkg, "returned", types.Typ[types.Bool])
	f.addVar(flag)
	if f.returnFlags == nil {
		f.returnFlags = map[*types.Var]bool{}
	}
	f.returnFlags[flag] = true
	pre = append(pre, f.declare(flag, nil, call.Lparen), f.blankUse(flag, call.Lparen))
	l := &returnLowering{f: f, results: results, flag: flag}
	return results, append(pre, l.list(body.List, false)...)
}
