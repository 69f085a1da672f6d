package kir

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/gocuda/gocuda/internal/kapi"
)

// A syncKind is what a call may do to the threads.
type syncKind uint8

const (
	syncNone    syncKind = iota
	syncHelper           // a same-package function that synchronizes
	syncUnknown          // a call the compiler cannot see into that may synchronize
)

// check is the pass that refuses what no lowering can compile: the thread
// escaping, goto, defer and go, calls that may synchronize out of sight
// (function values, methods and other packages' functions taking the
// thread); and what this pipeline does not compile yet, for the first
// generation to try: warp collectives, cooperative groups, grid barriers
// and helpers that synchronize.
func checkPass(f *Func) {
	for v, e := range f.localBindings(f.Src.Decl.Body) {
		f.bound[v] = e
	}
	f.checkCalls(f.Src.Decl.Body)
}

func (f *Func) checkCalls(body *ast.BlockStmt) {
	info, thread := f.Src.Info, f.Src.Thread
	var stack []ast.Node
	ast.Inspect(body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return false
		}
		var parent ast.Node
		if len(stack) > 0 {
			parent = stack[len(stack)-1]
		}
		stack = append(stack, n)
		switch n := n.(type) {
		case *ast.Ident:
			if info.Uses[n] == thread && !threadUseOK(n, parent) {
				fail(f.refuse(n, "the *gocuda.Thread escapes (use t.Field and t.Method(), or pass t to a function)"))
			}
		case *ast.BranchStmt:
			if n.Tok == token.GOTO {
				fail(f.refuse(n, "goto"))
			}
		case *ast.DeferStmt:
			fail(f.refuse(n, "defer"))
		case *ast.GoStmt:
			fail(f.refuse(n, "go statement"))
		case *ast.FuncLit:
			if refersTo(n, thread, info) {
				fail(f.refuse(n, "a function literal captures the *gocuda.Thread (make it a function taking t)"))
			}
		case *ast.AssignStmt:
			for _, lhs := range n.Lhs {
				if rootVar(lhs, info) == thread {
					fail(f.refuse(lhs, "assigns to the *gocuda.Thread's fields (copy the field to a variable)"))
				}
			}
		case *ast.IncDecStmt:
			if rootVar(n.X, info) == thread {
				fail(f.refuse(n, "assigns to the *gocuda.Thread's fields (copy the field to a variable)"))
			}
		case *ast.CallExpr:
			f.checkCall(n)
		case *ast.SelectorExpr:
			if call, ok := parent.(*ast.CallExpr); !ok || call.Fun != n {
				f.checkMethodValue(n)
			}
		}
		return true
	})
}

// checkMethodValue refuses a barrier or collective of the thread or a
// group taken as a method value (sync := t.SyncThreads): a call through
// it synchronizes where the compiler cannot see it.
func (f *Func) checkMethodValue(sel *ast.SelectorExpr) {
	s := f.Src.Info.Selections[sel]
	if s == nil || s.Kind() != types.MethodVal {
		return
	}
	if e, ok := kapi.Lookup(s.Obj().(*types.Func)); ok && e.Kind.Sync() {
		fail(f.refuse(sel, "%s taken as a method value: a call through it synchronizes where the compiler cannot see it (call %s directly)", e.Short, e.Short))
	}
}

// checkCall refuses a call the pipeline cannot compile.
func (f *Func) checkCall(call *ast.CallExpr) {
	if e, ok := f.entry(call); ok {
		switch e.Kind {
		case kapi.Collective:
			switch {
			case e.Tile && f.onTile(call), e.Coalesced && f.onCoalesced(call), e.Engine, f.uniSync(call):
			case e.Tile || e.Coalesced:
				g := f.Src.Info.TypeOf(f.groupOperand(call))
				fail(f.unsupported(call, "cooperative groups (%s of a %s) are not compiled yet: the thread block, tiles, coalesced groups and the grid are", e.Short, types.TypeString(g, func(p *types.Package) string { return p.Name() })))
			default:
				fail(f.unsupported(call, "the collective %s is not compiled yet", e.Short))
			}
		case kapi.Group:
			if !f.handle(call) {
				fail(f.unsupported(call, "the cooperative groups handle %s is not compiled yet (make it from cg.ThisThreadBlock(t))", e.Short))
			}
		}
		return
	}
	if fn, _ := typeutil.Callee(f.Src.Info, call).(*types.Func); fn != nil && f.ifaceSync(fn) {
		fail(f.unsupported(call, "%s called through an interface a cooperative group implements: the compiler cannot see which group it is (pass the group itself to a helper)", fn.Name()))
	}
	switch why, kind := f.callSync(call, map[*ast.FuncDecl]bool{}); kind {
	case syncUnknown:
		fail(f.refuse(call, "%s: the compiler cannot see whether it synchronizes", why))
	}
}

// callSync returns what call may do to the threads, and why.
func (f *Func) callSync(call *ast.CallExpr, seen map[*ast.FuncDecl]bool) (string, syncKind) {
	info := f.Src.Info
	if tv, ok := info.Types[call.Fun]; ok && (tv.IsType() || tv.IsBuiltin()) {
		return "", syncNone
	}
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	if fn == nil {
		fn, _ = f.boundCallee(call)
	}
	if e, ok := kapi.Lookup(fn); ok {
		if e.Kind.Sync() || e.Kind == kapi.Group && !f.handle(call) {
			return e.Short, syncHelper
		}
		return "", syncNone
	}
	if fn == nil {
		if mayTakeThread(info.TypeOf(call.Fun)) {
			return "a call of a function value that takes the thread", syncUnknown
		}
		return "", syncNone
	}
	if f.ifaceSync(fn) {
		return "the method " + fn.Name() + " of an interface a cooperative group implements", syncHelper
	}
	if tp := f.typeParamRecv(call); tp != nil {
		return f.typeParamMethodSync(tp, fn, seen)
	}
	decl := f.declOf(fn)
	if decl == nil {
		if mayTakeThread(fn.Type()) {
			return fn.FullName() + " takes the thread", syncUnknown
		}
		return "", syncNone
	}
	bind := f.funcBindings(call, decl, fn.Signature())
	if seen[decl] && len(bind) == 0 || f.depth+f.bindDepth > maxInlineDepth {
		return "", syncNone
	}
	seen[decl] = true
	var why string
	var kind syncKind
	f.bindDepth++
	f.withBindings(bind, func() {
		f.withBindings(f.localBindings(decl.Body), func() { why, kind = f.bodySync(decl.Body, seen) })
	})
	f.bindDepth--
	if kind == syncHelper && decl.Recv != nil && !f.inlinableMethod(call) {
		return "method " + fn.Name() + " reaches " + why + ", called as a method expression (call it on its receiver, x." + fn.Name() + "(...))", syncUnknown
	}
	if kind == syncHelper && why != "" {
		why = fn.Name() + " → " + why
	}
	return why, kind
}

// bodySync returns the strongest sync kind of the calls in body.
func (f *Func) bodySync(body *ast.BlockStmt, seen map[*ast.FuncDecl]bool) (string, syncKind) {
	why, kind := "", syncNone
	ast.Inspect(body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || kind == syncUnknown {
			return kind != syncUnknown
		}
		if w, k := f.callSync(call, seen); k > kind {
			why, kind = w, k
		}
		return true
	})
	return why, kind
}

// declOf returns the declaration of a same-package function or method.
func (f *Func) declOf(fn *types.Func) *ast.FuncDecl {
	if fn.Pkg() != f.Src.Pkg {
		return nil
	}
	return f.Src.Decls[fn.Origin()]
}

// mayTakeThread reports whether a function of type t takes the thread or
// a cooperative-groups handle, through which it could synchronize.
func mayTakeThread(t types.Type) bool {
	if t == nil {
		return false
	}
	sig, ok := t.Underlying().(*types.Signature)
	if !ok {
		return false
	}
	for i := range sig.Params().Len() {
		if threadLike(sig.Params().At(i).Type()) {
			return true
		}
	}
	return false
}

// threadLike reports whether t is *gocuda.Thread or a type of package cg.
func threadLike(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := t.(*types.Named)
	if !ok || n.Obj().Pkg() == nil {
		return false
	}
	path := n.Obj().Pkg().Path()
	return path == kapi.CGPath || path == kapi.GocudaPath && n.Obj().Name() == "Thread"
}

// threadUseOK reports whether a use of the thread is one the compiled form
// follows: a field or method selection, or an argument of a call.
func threadUseOK(id *ast.Ident, parent ast.Node) bool {
	switch p := parent.(type) {
	case *ast.SelectorExpr:
		return p.X == id
	case *ast.CallExpr:
		for _, a := range p.Args {
			if a == id {
				return true
			}
		}
	}
	return false
}

// refersTo reports whether n uses obj.
func refersTo(n ast.Node, obj types.Object, info *types.Info) bool {
	found := false
	ast.Inspect(n, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && info.Uses[id] == obj {
			found = true
		}
		return !found
	})
	return found
}

// rootVar returns the variable at the root of an assignable expression
// (x, x.f, x[i], (*x).f...), or nil.
func rootVar(e ast.Expr, info *types.Info) types.Object {
	for {
		switch x := ast.Unparen(e).(type) {
		case *ast.Ident:
			return info.ObjectOf(x)
		case *ast.SelectorExpr:
			e = x.X
		case *ast.IndexExpr:
			e = x.X
		case *ast.StarExpr:
			e = x.X
		default:
			return nil
		}
	}
}
