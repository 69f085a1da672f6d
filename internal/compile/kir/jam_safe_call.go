package kir

import (
	"go/ast"
	"go/types"
)

// A loop's step often calls a small helper of the kernel's package
// (v = max32(v, x[i])): the jammed code calls it as written, each
// thread's call in its order, which is safe where the helper cannot
// fail either and writes nothing but its own variables. jamSafety
// checks its body as it checks a rest, with returns of a result allowed
// anywhere.

// safeCall reports whether call, of a function of the kernel's package,
// cannot fail and changes nothing outside it.
func (s *jamSafety) safeCall(call *ast.CallExpr) bool {
	fn, _ := typeutilCallee(s.f.Src.Info, call).(*types.Func)
	if fn == nil || call.Ellipsis.IsValid() || s.calls[fn] {
		return false // not a plain function, or recursive
	}
	decl := s.f.declOf(fn)
	sig := fn.Signature()
	if decl == nil || decl.Recv != nil || decl.Body == nil || sig.Variadic() || sig.TypeParams().Len() > 0 || sig.Results().Len() != 1 {
		return false
	}
	for i := range sig.Params().Len() {
		if p := sig.Params().At(i).Type(); threadLike(p) || mayTakeThread(p) {
			return false
		}
	}
	if !s.safeExprs(call.Args) || hasFuncLit(decl.Body) {
		return false
	}
	body := &jamSafety{f: s.f, rest: decl.Body.List, local: map[*types.Var]bool{}, calls: map[*types.Func]bool{fn: true}, results: true}
	for g := range s.calls {
		body.calls[g] = true
	}
	return body.safeList(decl.Body.List, false, false)
}
