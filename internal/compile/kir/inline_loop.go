package kir

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"

	"golang.org/x/tools/go/types/typeutil"
)

// maxLoopInlineDepth bounds the helpers with loops inlined into inlined
// helpers: a recursion stops there and stays a call.
const maxLoopInlineDepth = 2

// A helper that does not synchronize but walks memory from a position its
// caller gives, a multiple of its loop's counter apart (s[p + i*n]), is
// inlined too, where that is plainly the same program: a plain function
// of the kernel's package, called once in a simple statement whose other
// calls cannot observe the order, not under && or ||, returning only at
// its end. Its loop then stands in the thread's code, where the
// interchange pass may run it trip by trip for the block (Rodinia's
// streamcluster walks a point's coordinates, a row of threads apart, in
// such a helper). Other helpers stay calls, as Go's own inliner leaves
// them: a copy of their loop would gain nothing and be checked for a
// stopped launch. Inlining is never a reason to refuse.

// loopHelperCall returns the call of a helper with a loop that simple
// statement s makes and may be inlined, and the helper, or nil.
func (f *Func) loopHelperCall(s ast.Stmt) (*ast.CallExpr, *ast.FuncDecl) {
	return f.helperCallOf(s, f.loopHelper)
}

// helperCallOf returns the call of a helper that pick takes which simple
// statement s makes and may be inlined, and the helper, or nil.
func (f *Func) helperCallOf(s ast.Stmt, pick func(*ast.CallExpr) *ast.FuncDecl) (*ast.CallExpr, *ast.FuncDecl) {
	switch s.(type) {
	case *ast.ExprStmt, *ast.AssignStmt, *ast.DeclStmt:
	default:
		return nil, nil
	}
	if f.depth >= maxLoopInlineDepth {
		return nil, nil
	}
	var found *ast.CallExpr
	var decl *ast.FuncDecl
	ok := true
	var visit func(n ast.Node, lazy bool) bool
	visit = func(n ast.Node, lazy bool) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case *ast.BinaryExpr:
			if n.Op == token.LAND || n.Op == token.LOR {
				ast.Inspect(n.X, func(m ast.Node) bool { return visit(m, lazy) })
				ast.Inspect(n.Y, func(m ast.Node) bool { return visit(m, true) })
				return false
			}
		case *ast.CallExpr:
			if d := pick(n); d != nil && !lazy && found == nil {
				found, decl = n, d
				return false
			}
			if !f.orderFree(n) {
				ok = false
			}
		}
		return ok
	}
	ast.Inspect(s, func(n ast.Node) bool { return visit(n, false) })
	if !ok || found == nil || !f.resultsFit(s, found) {
		return nil, nil
	}
	return found, decl
}

// loopHelper returns the declaration of call's callee if it is a helper
// with a loop that inlines as is, or nil.
func (f *Func) loopHelper(call *ast.CallExpr) *ast.FuncDecl {
	decl, sig := f.plainHelper(call)
	if decl == nil || !plainLoopBody(decl.Body, sig.Results().Len()) || !f.stridedWalk(decl) {
		return nil
	}
	return decl
}

// plainHelper returns the declaration of call's callee and its signature
// if it is a plain function of the kernel's package that never
// synchronizes, takes no function nor thread and is not variadic, or nil.
func (f *Func) plainHelper(call *ast.CallExpr) (*ast.FuncDecl, *types.Signature) {
	if call.Ellipsis.IsValid() {
		return nil, nil
	}
	fn, _ := typeutil.Callee(f.Src.Info, call).(*types.Func)
	if fn == nil {
		return nil, nil
	}
	decl := f.declOf(fn)
	if decl == nil || decl.Recv != nil || decl.Body == nil {
		return nil, nil
	}
	sig := fn.Signature()
	if sig.Variadic() || sig.TypeParams().Len() > 0 && len(f.typeArgs(call)) != sig.TypeParams().Len() {
		return nil, nil
	}
	for i := range sig.Params().Len() {
		if _, isFunc := sig.Params().At(i).Type().Underlying().(*types.Signature); isFunc || threadLike(sig.Params().At(i).Type()) {
			return nil, nil
		}
	}
	if _, kind := f.callSync(call, map[*ast.FuncDecl]bool{}); kind != syncNone {
		return nil, nil
	}
	return decl, sig
}

// stridedWalk reports whether a loop of helper decl, for i := ...,
// indexes a slice at a sum of one of decl's integer parameters and a
// multiple of i, or defines an integer as such a sum.
func (f *Func) stridedWalk(decl *ast.FuncDecl) bool {
	info := f.Src.Info
	params := map[types.Object]bool{}
	for _, field := range decl.Type.Params.List {
		for _, id := range field.Names {
			if isInteger(info.TypeOf(id)) {
				params[info.Defs[id]] = true
			}
		}
	}
	found := false
	ast.Inspect(decl.Body, func(n ast.Node) bool {
		fs, ok := n.(*ast.ForStmt)
		if !ok || found {
			return !found
		}
		init, ok := fs.Init.(*ast.AssignStmt)
		if !ok || init.Tok != token.DEFINE || len(init.Lhs) != 1 {
			return true
		}
		key := info.Defs[init.Lhs[0].(*ast.Ident)]
		walks := func(e ast.Expr) bool {
			terms := addends(e)
			return slices.ContainsFunc(terms, func(e ast.Expr) bool { return isIdentIn(info, e, params) }) &&
				slices.ContainsFunc(terms, func(e ast.Expr) bool { return multipleOf(info, e, key) })
		}
		ast.Inspect(fs.Body, func(m ast.Node) bool {
			switch m := m.(type) {
			case *ast.IndexExpr:
				found = found || isSlice(info.TypeOf(m.X)) && walks(m.Index)
			case *ast.AssignStmt: // an index's local: ix := x + k*size
				found = found || m.Tok == token.DEFINE && len(m.Rhs) == 1 && isInteger(info.TypeOf(m.Rhs[0])) && walks(m.Rhs[0])
			}
			return !found
		})
		return !found
	})
	return found
}

// isIdentIn reports whether e is an identifier of one of objs.
func isIdentIn(info *types.Info, e ast.Expr, objs map[types.Object]bool) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && objs[info.Uses[id]]
}

// multipleOf reports whether e is key times something (either way round).
func multipleOf(info *types.Info, e ast.Expr, key types.Object) bool {
	b, ok := ast.Unparen(e).(*ast.BinaryExpr)
	if !ok || b.Op != token.MUL {
		return false
	}
	is := func(x ast.Expr) bool { id, ok := ast.Unparen(x).(*ast.Ident); return ok && info.Uses[id] == key }
	return is(b.X) || is(b.Y)
}

func isSlice(t types.Type) bool {
	_, ok := t.Underlying().(*types.Slice)
	return ok
}

// plainLoopBody reports whether body holds a loop, returns only as its
// last statement (with n results, or none for named ones), and has no
// goto, defer, go or label.
func plainLoopBody(body *ast.BlockStmt, n int) bool {
	loop, plain := loopAndPlain(body, n)
	return loop && plain
}

// loopAndPlain reports whether body holds a loop, and whether it is
// plain as plainLoopBody says, a loop or not.
func loopAndPlain(body *ast.BlockStmt, n int) (loop, plain bool) {
	if earlyReturn(body.List) {
		return false, false
	}
	if k := len(body.List); k > 0 {
		if r, ok := body.List[k-1].(*ast.ReturnStmt); ok && len(r.Results) != 0 && len(r.Results) != n {
			return false, false
		}
	}
	plain = true
	ast.Inspect(body, func(m ast.Node) bool {
		switch m := m.(type) {
		case *ast.FuncLit:
			return false
		case *ast.ForStmt, *ast.RangeStmt:
			loop = true
		case *ast.DeferStmt, *ast.GoStmt, *ast.LabeledStmt:
			plain = false
		case *ast.BranchStmt:
			plain = plain && m.Tok != token.GOTO
		}
		return plain
	})
	return loop, plain
}

// resultsFit reports whether s uses call's results as goOn can write
// them: one result in an expression, or several assigned at once.
func (f *Func) resultsFit(s ast.Stmt, call *ast.CallExpr) bool {
	sig, ok := f.Src.Info.TypeOf(call.Fun).Underlying().(*types.Signature)
	if !ok {
		return false
	}
	switch s := s.(type) {
	case *ast.ExprStmt:
		return ast.Unparen(s.X) == call || sig.Results().Len() == 1
	case *ast.AssignStmt:
		if len(s.Rhs) == 1 && ast.Unparen(s.Rhs[0]) == call {
			return true
		}
	}
	return sig.Results().Len() == 1
}

// inlineLoops returns s, code with no sync point, with the helpers with
// loops called by the statements nested in it inlined: a copy, where
// there are any; s itself otherwise.
func (f *Func) inlineLoops(s ast.Stmt) ast.Stmt {
	if !f.holdsLoopHelper(s) {
		return s
	}
	none := &instance{objs: map[types.Object]types.Object{}}
	return f.copyNode(s, none, func(n ast.Node) (ast.Node, bool) {
		switch n := n.(type) {
		case *ast.BlockStmt:
			if n != nil && n != s {
				return &ast.BlockStmt{Lbrace: n.Lbrace, List: f.inlineList(n.List), Rbrace: n.Rbrace}, true
			}
		case *ast.CaseClause:
			return &ast.CaseClause{Case: n.Case, List: n.List, Colon: n.Colon, Body: f.inlineList(n.Body)}, true
		}
		return nil, false
	}).(ast.Stmt)
}

// inlineList returns list with the helpers with loops its statements call
// inlined, as inlineLoops does.
func (f *Func) inlineList(list []ast.Stmt) []ast.Stmt {
	var out []ast.Stmt
	for _, s := range list {
		call, decl := f.loopHelperCall(s)
		if call == nil {
			out = append(out, f.inlineLoops(s))
			continue
		}
		out = append(out, codeOf(f.inlineAliased(s, call, decl, true), s)...)
	}
	return out
}

// codeOf returns the statements of nodes, all Code, or else s: a helper
// without sync points inlines as Code alone.
func codeOf(nodes []Node, s ast.Stmt) []ast.Stmt {
	var out []ast.Stmt
	for _, n := range nodes {
		c, ok := n.(*Code)
		if !ok {
			return []ast.Stmt{s}
		}
		out = append(out, c.Stmt)
	}
	return out
}

// holdsLoopHelper reports whether a statement nested in s calls a helper
// with a loop that loopHelperCall would inline.
func (f *Func) holdsLoopHelper(s ast.Stmt) bool {
	if f.depth >= maxLoopInlineDepth {
		return false
	}
	found := false
	ast.Inspect(s, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			return false
		case ast.Stmt:
			if call, _ := f.loopHelperCall(n); call != nil {
				found = true
			}
		}
		return !found
	})
	return found
}

// aliasedParams returns the parameters of helper decl that the copy may
// read as call's arguments, with those arguments: parameters of a type
// without pointer methods that the helper never changes nor addresses,
// given a stable value (stableValue): a variable of the kernel's own that
// nothing can change while the helper runs, or a pure expression of them
// and the thread's coordinates. The helper's loop then reads the kernel's
// variables, whose classes classify knows.
func (f *Func) aliasedParams(call *ast.CallExpr, decl *ast.FuncDecl, sig *types.Signature, inst *instance) map[*types.Var]ast.Expr {
	changed := changedVars(f.Src.Info, decl.Body, false)
	out := map[*types.Var]ast.Expr{}
	for i := range sig.Params().Len() {
		p := sig.Params().At(i)
		if p.Name() == "_" || p.Name() == "" || changed[p] || hasPointerMethods(p.Type()) {
			continue
		}
		arg := ast.Unparen(call.Args[i])
		if f.stableValue(arg, f.subst(p.Type(), inst)) {
			out[p] = arg
		}
	}
	return out
}

// stableValue reports whether e, an argument, may be read in place of a
// parameter of type t wherever the helper reads it: a variable of the
// kernel's own that nothing changes out of sight (stableVar), or an
// expression of such variables, the thread's and block's coordinates and
// pure calls that cannot fail (blockIdx.x*blockDim.x+threadIdx.x), of
// type t and not a constant (whose untyped arithmetic could differ).
func (f *Func) stableValue(e ast.Expr, t types.Type) bool {
	tv, ok := f.Src.Info.Types[e]
	if !ok || tv.Value != nil || !types.Identical(tv.Type, t) {
		return false
	}
	if id, ok := e.(*ast.Ident); ok {
		v, ok := f.Src.Info.Uses[id].(*types.Var)
		return ok && f.stableVar(v)
	}
	return f.pure(e, f.stableVar, true) && f.cannotFail(e)
}

// stableVar reports whether v is a parameter or local of the kernel's own
// declaration whose address the kernel never takes and no function
// literal of it assigns.
func (f *Func) stableVar(v *types.Var) bool {
	d := f.Src.Decl
	if v.Pos() < d.Pos() || v.Pos() >= d.End() || v.Name() == "_" {
		return false
	}
	return !changedVars(f.Src.Info, d.Body, true)[v]
}

// changedVars returns the variables whose address body takes, and those
// it assigns (only inside function literals, if inLits), by their root
// (rootVar): x for x = e, x++, &x, x.f = e, x[i] = e, *x = e and range
// x, which counts writes through a slice or pointer x too.
func changedVars(info *types.Info, body *ast.BlockStmt, inLits bool) map[*types.Var]bool {
	changed := map[*types.Var]bool{}
	mark := func(e ast.Expr) {
		if v, ok := rootVar(e, info).(*types.Var); ok {
			changed[v] = true
		}
	}
	var walk func(n ast.Node, lit bool)
	walk = func(n ast.Node, lit bool) {
		ast.Inspect(n, func(m ast.Node) bool {
			switch m := m.(type) {
			case *ast.FuncLit:
				if m.Body != nil && !lit {
					walk(m.Body, true)
					return false
				}
			case *ast.UnaryExpr:
				if m.Op == token.AND {
					mark(m.X)
				}
			case ast.Stmt:
				if lit || !inLits {
					for _, x := range assigned(m) {
						mark(x)
					}
				}
			}
			return true
		})
	}
	walk(body, false)
	return changed
}

// hasPointerMethods reports whether t has methods with a pointer
// receiver, which a call on a variable of it would take the address for.
func hasPointerMethods(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return false
	}
	return types.NewMethodSet(types.NewPointer(n)).Len() > types.NewMethodSet(n).Len()
}

// aliasSubst returns the substitution reading each aliased parameter as
// its argument, at the parameter's place in the helper.
func (f *Func) aliasSubst(aliased map[*types.Var]ast.Expr) func(ast.Node) (ast.Node, bool) {
	if len(aliased) == 0 {
		return nil
	}
	return func(n ast.Node) (ast.Node, bool) {
		id, ok := n.(*ast.Ident)
		if !ok {
			return nil, false
		}
		p, ok := f.Src.Info.Uses[id].(*types.Var)
		if !ok || aliased[p] == nil {
			return nil, false
		}
		if arg, ok := aliased[p].(*ast.Ident); ok {
			return f.ident(f.Src.Info.Uses[arg].(*types.Var), id.Pos()), true
		}
		none := &instance{objs: map[types.Object]types.Object{}}
		arg := f.copyNode(aliased[p], none, nil).(ast.Expr)
		moveTo(arg, id.Pos())
		paren := &ast.ParenExpr{Lparen: id.Pos(), X: arg, Rparen: id.Pos()}
		f.Src.Info.Types[paren] = f.Src.Info.Types[aliased[p]]
		return paren, true
	}
}

// addends returns the operands of a chain of +.
func addends(e ast.Expr) []ast.Expr {
	if b, ok := ast.Unparen(e).(*ast.BinaryExpr); ok && b.Op == token.ADD {
		return append(addends(b.X), addends(b.Y)...)
	}
	return []ast.Expr{e}
}
