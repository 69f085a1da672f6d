package kir

import (
	"go/ast"
	"go/types"
)

// A kernel often opens with a check of its launch that fails it (the
// Blelloch scan's if b&(b-1) != 0 { panic(...) }, b the block's size):
// the same for every thread, so the block's first thread fails first,
// before any other thread's code. Fission runs such a check once, at
// block level, ahead of the threads' loop, recorded as that thread: the
// loop then holds no call that may fail, and rebase takes its indexes.

// uniformCheck reports whether s is if c { panic(x) }, with no init or
// else, c and x reading only uniform variables, constants and package-
// level names, and c calling nothing but conversions and pure builtins.
func (f *Func) uniformCheck(s ast.Stmt) bool {
	is, ok := s.(*ast.IfStmt)
	if !ok || is.Init != nil || is.Else != nil || len(is.Body.List) != 1 || !f.pure(is.Cond, f.isUniform, false) {
		return false
	}
	es, ok := is.Body.List[0].(*ast.ExprStmt)
	if !ok {
		return false
	}
	call, ok := es.X.(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return false
	}
	if !f.panics(call) {
		return false
	}
	return f.uniformNames(call.Args[0])
}

// uniformNames reports whether every name e uses is a uniform variable,
// a package-level one, a constant, a type, a function or a package, and
// e holds no function literal.
func (f *Func) uniformNames(e ast.Expr) bool {
	ok := true
	ast.Inspect(e, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncLit:
			ok = false
		case *ast.Ident:
			switch obj := f.Src.Info.Uses[n].(type) {
			case nil, *types.Const, *types.TypeName, *types.Func, *types.PkgName, *types.Builtin, *types.Nil:
			case *types.Var:
				packageLevel := obj.Parent() != nil && obj.Parent().Parent() == types.Universe
				ok = ok && (packageLevel || f.isUniform(obj))
			default:
				ok = false
			}
		}
		return ok
	})
	return ok
}
