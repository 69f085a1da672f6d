package compile

import (
	"fmt"
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/packages"
	"golang.org/x/tools/go/types/typeutil"

	"github.com/gocuda/gocuda/internal/kapi"
)

// A kernel written as a function literal passed to a launch cannot carry
// the //gocuda:kernel directive, so it always runs on the runtime path.
// compile -v names each such launch whose kernel synchronizes, where the
// compiled form would pay most, with the rewrite that compiles it.

// closureKernels returns a note per launch in pkgs whose kernel is a
// function literal that synchronizes: a barrier, a warp collective or a
// cooperative group, directly or through a same-package helper taking
// the thread.
func closureKernels(pkgs []*packages.Package) []string {
	var notes []string
	for _, p := range pkgs {
		if p.TypesInfo == nil {
			continue
		}
		for _, file := range p.Syntax {
			ast.Inspect(file, func(n ast.Node) bool {
				call, ok := n.(*ast.CallExpr)
				if !ok || !isLaunch(p.TypesInfo, call) {
					return true
				}
				for _, a := range call.Args {
					lit, ok := ast.Unparen(a).(*ast.FuncLit)
					if !ok {
						continue
					}
					if why := syncIn(p, lit); why != "" {
						pos := p.Fset.Position(lit.Pos())
						notes = append(notes, fmt.Sprintf("%s:%d: a kernel written as a function literal calls %s: it runs on the runtime path; "+
							"declare it as a function marked //gocuda:kernel Name, its captured variables its parameters, and launch Name(args...) to compile it",
							relative(pos.Filename), pos.Line, why))
					}
				}
				return true
			})
		}
	}
	return notes
}

// isLaunch reports whether call launches a kernel: a function or method
// of package gocuda named Launch... taking a func(*gocuda.Thread).
func isLaunch(info *types.Info, call *ast.CallExpr) bool {
	fn, _ := typeutil.Callee(info, call).(*types.Func)
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != kapi.GocudaPath || len(fn.Name()) < 6 || fn.Name()[:6] != "Launch" {
		return false
	}
	sig := fn.Signature()
	for i := range sig.Params().Len() {
		if s, ok := sig.Params().At(i).Type().(*types.Signature); ok && s.Params().Len() == 1 && isThread(s.Params().At(0).Type()) {
			return true
		}
	}
	return false
}

// syncIn returns the first sync point lit calls, or "".
func syncIn(p *packages.Package, lit *ast.FuncLit) string {
	why := ""
	ast.Inspect(lit.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || why != "" {
			return why == ""
		}
		fn, _ := typeutil.Callee(p.TypesInfo, call).(*types.Func)
		if e, ok := kapi.Lookup(fn); ok && (e.Kind.Sync() || e.Kind == kapi.Group) {
			why = e.Short
		} else if fn != nil && fn.Pkg() == p.Types && takesThread(fn) {
			why = fn.Name() + ", a helper taking the thread"
		}
		return why == ""
	})
	return why
}

// takesThread reports whether fn has a *gocuda.Thread parameter.
func takesThread(fn *types.Func) bool {
	sig := fn.Signature()
	for i := range sig.Params().Len() {
		if isThread(sig.Params().At(i).Type()) {
			return true
		}
	}
	return false
}
