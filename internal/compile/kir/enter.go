package kir

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// enter is the pass that finds the thread arguments no callee reads: a
// helper of the package that takes the thread only to pass it on (so that
// gocuda check, which runs the kernel on the runtime path, sees its
// accesses) or not at all. A thread loop passing the thread only there
// need not make it each thread in turn (Block.Enter).
func enter(f *Func) {
	f.BlindThread = map[*ast.Ident]bool{}
	memo := map[blindKey]bool{}
	Walk(f.Body, func(n Node) {
		c, ok := n.(*Code)
		if !ok {
			return
		}
		ast.Inspect(c.Stmt, func(m ast.Node) bool {
			if call, ok := m.(*ast.CallExpr); ok {
				f.markBlind(call, f.Src.Thread, memo, func(id *ast.Ident) { f.BlindThread[id] = true })
			}
			return true
		})
	})
}

// A blindKey is a parameter of a function: does its body read it?
type blindKey struct {
	fn    *types.Func
	param int
}

// markBlind calls mark for each argument of call that is thread and that
// the callee does not read.
func (f *Func) markBlind(call *ast.CallExpr, thread *types.Var, memo map[blindKey]bool, mark func(*ast.Ident)) {
	fn, _ := typeutil.Callee(f.Src.Info, call).(*types.Func)
	if fn == nil {
		return
	}
	for i, a := range call.Args {
		id, ok := ast.Unparen(a).(*ast.Ident)
		if ok && f.Src.Info.Uses[id] == thread && f.paramUnread(blindKey{fn.Origin(), i}, memo) {
			mark(id)
		}
	}
}

// paramUnread reports whether the function of k, declared in the package,
// never reads its parameter k.param but to pass it to such a parameter.
func (f *Func) paramUnread(k blindKey, memo map[blindKey]bool) bool {
	if r, ok := memo[k]; ok {
		return r
	}
	memo[k] = false // a recursive call reads it, to be safe
	decl := f.Src.Decls[k.fn]
	sig := k.fn.Signature()
	if decl == nil || decl.Body == nil || decl.Recv != nil || k.param >= sig.Params().Len() || sig.Variadic() && k.param >= sig.Params().Len()-1 {
		return false
	}
	param := sig.Params().At(k.param)
	passed := map[*ast.Ident]bool{}
	ast.Inspect(decl.Body, func(m ast.Node) bool {
		if call, ok := m.(*ast.CallExpr); ok {
			f.markBlind(call, param, memo, func(id *ast.Ident) { passed[id] = true })
		}
		return true
	})
	unread := true
	ast.Inspect(decl.Body, func(m ast.Node) bool {
		if id, ok := m.(*ast.Ident); ok && f.Src.Info.Uses[id] == param && !passed[id] {
			unread = false
		}
		return unread
	})
	memo[k] = unread
	return unread
}
