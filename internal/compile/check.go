package compile

import (
	"fmt"
	"go/ast"
	"go/token"
	"go/types"
	"strings"
)

// A Refusal is why a kernel stays on the runtime path: the generator writes
// its constructor without a compiled form.
type Refusal struct {
	Pos    token.Position
	Kernel string
	Reason string
}

func (r *Refusal) Error() string {
	return fmt.Sprintf("%s:%d: kernel %s left on the runtime path: %s", r.Pos.Filename, r.Pos.Line, r.Kernel, r.Reason)
}

// A callKind is what a call in a kernel means to the lowering.
type callKind int

const (
	callPlain       callKind = iota
	callBarrier              // SyncThreads
	callBarrierPred          // SyncThreadsCount, SyncThreadsAnd, SyncThreadsOr
	callShared               // Shared, DynamicShared: the same for the whole block
	callWarp                 // a warp collective, compiled as lockstep lanes
	callRefused              // grid sync, or a collective or helper the generator cannot lower
)

// threadMethods classifies the methods of *gocuda.Thread that are not
// plain per-thread calls.
var threadMethods = map[string]callKind{
	"SyncThreads":      callBarrier,
	"SyncThreadsCount": callBarrierPred,
	"SyncThreadsAnd":   callBarrierPred,
	"SyncThreadsOr":    callBarrierPred,
	"SyncGrid":         callRefused,
	"UniSync":          callRefused,
	"SyncWarp":         callWarp,
	"ActiveMask":       callWarp,
	"AllSync":          callWarp,
	"AnySync":          callWarp,
	"BallotSync":       callWarp,
}

// gocudaFuncs classifies the functions of package gocuda that take the
// *Thread; the others are plain.
var gocudaFuncs = map[string]callKind{
	"Shared":        callShared,
	"DynamicShared": callShared,
	"ShflSync":      callWarp,
	"ShflUpSync":    callWarp,
	"ShflDownSync":  callWarp,
	"ShflXorSync":   callWarp,
	"MatchAnySync":  callWarp,
	"ReduceAddSync": callWarp,
	"ReduceMinSync": callWarp,
	"ReduceMaxSync": callWarp,
	"ReduceAndSync": callWarp,
	"ReduceOrSync":  callWarp,
	"ReduceXorSync": callWarp,
}

// A checker classifies the calls and uses of the thread in one package's
// kernels and the helpers they call.
type checker struct {
	fset    *token.FileSet
	files   map[*ast.FuncDecl]*ast.File // the file of each function
	info    *types.Info
	decls   map[*types.Func]*ast.FuncDecl // the package's functions
	helpers map[*ast.FuncDecl]string      // why a helper synchronizes, "" if it does not
	ctors   map[string]bool               // the constructors the package's directives name
}

func newChecker(k *Kernel) *checker {
	c := &checker{fset: k.Pkg.Fset, files: map[*ast.FuncDecl]*ast.File{}, info: k.Pkg.TypesInfo,
		decls: map[*types.Func]*ast.FuncDecl{}, helpers: map[*ast.FuncDecl]string{}, ctors: map[string]bool{}}
	for _, f := range k.Pkg.Syntax {
		for _, d := range f.Decls {
			if fd, ok := d.(*ast.FuncDecl); ok && fd.Body != nil {
				if ctor, found, _ := directive(fd.Doc); found {
					c.ctors[ctor] = true
				}
				c.files[fd] = f
				if fn, ok := c.info.Defs[fd.Name].(*types.Func); ok {
					c.decls[fn] = fd
				}
			}
		}
	}
	return c
}

// callee returns the function call calls, without parentheses or the
// type arguments of an instantiation: f, pkg.F or x.M.
func callee(call *ast.CallExpr) ast.Expr {
	fun := ast.Unparen(call.Fun)
	switch f := fun.(type) {
	case *ast.IndexExpr:
		return f.X
	case *ast.IndexListExpr:
		return f.X
	}
	return fun
}

// classify returns what call means, and for a refused call why.
func (c *checker) classify(call *ast.CallExpr) (callKind, string) {
	fun := callee(call)
	var fn *types.Func
	switch f := fun.(type) {
	case *ast.SelectorExpr:
		if sel := c.info.Selections[f]; sel != nil {
			if isThread(sel.Recv()) && sel.Kind() == types.MethodVal {
				kind := threadMethods[f.Sel.Name]
				return kind, "t." + f.Sel.Name + " (not compiled yet: grid sync, UniSync)"
			}
			return callPlain, ""
		}
		fn, _ = c.info.Uses[f.Sel].(*types.Func)
	case *ast.Ident:
		fn, _ = c.info.Uses[f].(*types.Func)
	}
	if fn == nil || !c.takesThread(fn) {
		return callPlain, ""
	}
	switch path := fn.Pkg().Path(); {
	case path == gocudaPath:
		if kind, ok := gocudaFuncs[fn.Name()]; ok {
			return kind, ""
		}
		return callRefused, "gocuda." + fn.Name() + " (not compiled yet)"
	case fn.Pkg() != nil && c.decls[fn] != nil:
		if why := c.helperSyncs(c.decls[fn]); why != "" {
			return callRefused, fmt.Sprintf("helper %s reaches %s (inlining helpers is not done yet)", fn.Name(), why)
		}
		return callPlain, ""
	default:
		return callRefused, fmt.Sprintf("%s.%s takes the *gocuda.Thread and the generator cannot see into it", fn.Pkg().Name(), fn.Name())
	}
}

// takesThread reports whether fn has a *gocuda.Thread parameter.
func (c *checker) takesThread(fn *types.Func) bool {
	params := fn.Signature().Params()
	for i := range params.Len() {
		if isThread(params.At(i).Type()) {
			return true
		}
	}
	return false
}

// helperSyncs returns the first synchronizing call a same-package helper
// makes, directly or through other helpers, or "".
func (c *checker) helperSyncs(fd *ast.FuncDecl) string {
	if why, ok := c.helpers[fd]; ok {
		return why
	}
	c.helpers[fd] = "" // a recursive call adds nothing new
	why := ""
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		call, ok := n.(*ast.CallExpr)
		if !ok || why != "" {
			return why == ""
		}
		switch kind, reason := c.classify(call); kind {
		case callBarrier, callBarrierPred:
			why = "a barrier"
		case callWarp:
			why = "a warp collective"
		case callRefused:
			why = reason
		}
		return true
	})
	c.helpers[fd] = why
	return why
}

// checkKernel returns why k cannot be compiled, or nil: constructs the
// lowering does not handle, and uses of the thread it cannot follow.
func checkKernel(k *Kernel, c *checker) *Refusal {
	var r *Refusal
	refuse := func(n ast.Node, format string, args ...any) {
		if r == nil {
			r = &Refusal{Pos: k.Pos(n.Pos()), Kernel: k.Name(), Reason: fmt.Sprintf(format, args...)}
		}
	}
	var stack []ast.Node
	ast.Inspect(k.Decl.Body, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return false
		}
		parent := ast.Node(nil)
		if len(stack) > 0 {
			parent = stack[len(stack)-1]
		}
		stack = append(stack, n)
		switch n := n.(type) {
		case *ast.Ident:
			if c.info.Uses[n] == k.Thread && !threadUseOK(n, parent, c.info) {
				refuse(n, "the *gocuda.Thread escapes (only t.Field, t.Method() and passing t to a function are compiled)")
			}
		case *ast.BranchStmt:
			if n.Tok == token.GOTO {
				refuse(n, "goto")
			}
		case *ast.DeferStmt:
			refuse(n, "defer")
		case *ast.GoStmt:
			refuse(n, "go statement")
		case *ast.FuncLit:
			if refersTo(n, k.Thread, c.info) {
				refuse(n, "a function literal captures the *gocuda.Thread")
			}
		case *ast.AssignStmt:
			for _, lhs := range n.Lhs {
				if rootIdent(lhs, c.info) == k.Thread {
					refuse(lhs, "assigns to the *gocuda.Thread's fields")
				}
			}
		case *ast.IncDecStmt:
			if rootIdent(n.X, c.info) == k.Thread {
				refuse(n, "assigns to the *gocuda.Thread's fields")
			}
		case *ast.CallExpr:
			if kind, why := c.classify(n); kind == callRefused {
				refuse(n, "%s", why)
			}
		}
		return true
	})
	return r
}

// checkNames refuses a kernel that uses the names reserved for generated
// code.
func checkNames(k *Kernel) *Refusal {
	var r *Refusal
	ast.Inspect(k.Decl, func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok && r == nil && strings.HasPrefix(id.Name, genPrefix) {
			r = newRefusal(k, id, "the name %s is reserved for generated code", id.Name)
		}
		return r == nil
	})
	return r
}

// threadUseOK reports whether a use of the thread is one the compiled form
// follows: a field or method selection, or an argument of a call.
func threadUseOK(id *ast.Ident, parent ast.Node, info *types.Info) bool {
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

// rootIdent returns the variable at the root of an assignable expression
// (x, x.f, x[i], (*x).f...), or nil.
func rootIdent(e ast.Expr, info *types.Info) types.Object {
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
