package kir

import (
	"go/ast"
	"go/token"

	"github.com/gocuda/gocuda/internal/kapi"
)

// sharedAtomics records the atomics of package atomic whose pointer is
// the address of an element of a shared-memory slice (or of a field or
// element of one): the emitter writes them as package compiled's Shared
// forms, plain reads and writes, since a compiled body runs the block's
// threads on one goroutine and no other goroutine reaches the block's
// shared memory. The runtime path, whose threads may be coroutines,
// keeps the atomics.
func sharedAtomics(f *Func) {
	f.inspectAll(func(n ast.Node) {
		call, ok := n.(*ast.CallExpr)
		if !ok || len(call.Args) == 0 {
			return
		}
		e, ok := f.entry(call)
		if !ok || e.Kind != kapi.Atomic || !f.sharedElement(call.Args[0]) {
			return
		}
		if f.SharedAtomics == nil {
			f.SharedAtomics = map[*ast.CallExpr]string{}
		}
		f.SharedAtomics[call] = "Shared" + e.Short
	})
}

// sharedElement reports whether p is &s[i], or &s[i].f, &s[i][j] and the
// like, s a variable holding a shared-memory slice.
func (f *Func) sharedElement(p ast.Expr) bool {
	u, ok := ast.Unparen(p).(*ast.UnaryExpr)
	if !ok || u.Op != token.AND {
		return false
	}
	ix, ok := outerIndex(u.X).(*ast.IndexExpr)
	return ok && f.sharedSlice(ix.X)
}
