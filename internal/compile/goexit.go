package compile

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/gocuda/gocuda/internal/kapi"
)

// A launch whose blocks all go to one worker runs them on the launching
// goroutine where the kernel cannot call runtime.Goexit (see
// compiled.Source.NoGoexit): there a Goexit would end the caller's
// goroutine, where on a worker it fails the launch. The generator marks
// such kernels. It cannot see into a call of a function value, an
// interface's method or another package's function, any of which could
// reach runtime.Goexit (testing.T.FailNow does), so it admits only what
// it can vouch for: builtins, conversions, the functions of the kernel's
// package, which it looks into in turn (the mark records the lines of
// those the kernel's source record does not cover, so that the engine
// can tell they are unchanged), and the functions of goexitFreePkgs,
// which neither end a goroutine nor call back into user code other than
// through an argument: so an argument that is a function, or a value
// with methods, must itself be one it vouches for.

// goexitFreePkgs are the packages whose functions never end the calling
// goroutine, and call nothing of their arguments' but the methods that
// formatting calls (fmt's, errors.Is's), which args checks.
var goexitFreePkgs = map[string]bool{
	"math": true, "math/bits": true, "cmp": true, "unsafe": true, "fmt": true, "errors": true,
	"sync/atomic":   true,
	kapi.GocudaPath: true, kapi.CGPath: true, kapi.AtomicPath: true,
	"github.com/gocuda/gocuda/intrinsic": true,
	"github.com/gocuda/gocuda/mem":       true,
}

// goexitFreeFuncs are functions of other packages that never end the
// calling goroutine nor call back: the look-back scan's spin yields.
var goexitFreeFuncs = map[string]bool{"runtime.Gosched": true}

// noGoexit reports whether kernel k, whose source record covers the lines
// of helpers too, cannot call runtime.Goexit, and returns the functions
// of k's package it calls, directly or not, that helpers leave out.
func noGoexit(k *Kernel, helpers []*ast.FuncDecl, decls map[*types.Func]*ast.FuncDecl) (bool, []*ast.FuncDecl) {
	g := &goexitCheck{info: k.Pkg.TypesInfo, decls: decls, own: map[*types.Func]bool{}}
	for _, d := range append([]*ast.FuncDecl{k.Decl}, helpers...) {
		if fn, ok := g.info.Defs[d.Name].(*types.Func); ok {
			g.own[fn] = true
		}
	}
	ok := g.body(k.Decl)
	for _, d := range helpers {
		ok = ok && g.body(d)
	}
	for i := 0; ok && i < len(g.calls); i++ { // g.calls grows as their bodies call more
		ok = g.body(g.calls[i])
	}
	return ok, g.calls
}

// A goexitCheck looks at the calls of a kernel's lines.
type goexitCheck struct {
	info  *types.Info
	decls map[*types.Func]*ast.FuncDecl // the package's functions
	own   map[*types.Func]bool          // those looked at, or to be
	calls []*ast.FuncDecl               // those the kernel's record leaves out
	// lits holds the local variables of the functions looked at that
	// hold functions: true where only literals are ever assigned to
	// them (at := func(i int) float32 {...}), whose bodies the check
	// looks at where they stand.
	lits map[*types.Var]bool
}

// body reports whether every call in d is one the check vouches for.
func (g *goexitCheck) body(d *ast.FuncDecl) bool {
	g.closures(d)
	ok := true
	ast.Inspect(d.Body, func(n ast.Node) bool {
		if call, isCall := n.(*ast.CallExpr); isCall && !g.call(call) {
			ok = false
		}
		return ok
	})
	return ok
}

// closures records in g.lits the local variables of d that hold
// functions, and whether only literals are assigned to them and their
// address is never taken.
func (g *goexitCheck) closures(d *ast.FuncDecl) {
	if g.lits == nil {
		g.lits = map[*types.Var]bool{}
	}
	assign := func(lhs []ast.Expr, rhs []ast.Expr) {
		for i, x := range lhs {
			v := g.localFunc(x)
			if v == nil {
				continue
			}
			lit := false
			if len(rhs) == len(lhs) {
				_, lit = ast.Unparen(rhs[i]).(*ast.FuncLit)
			}
			if seen, ok := g.lits[v]; !ok || seen {
				g.lits[v] = lit
			}
		}
	}
	params := func(t *ast.FuncType) { // hold the caller's functions
		for _, list := range []*ast.FieldList{t.Params, t.Results} {
			if list == nil {
				continue
			}
			for _, f := range list.List {
				for _, id := range f.Names {
					assign([]ast.Expr{id}, nil)
				}
			}
		}
	}
	params(d.Type)
	ast.Inspect(d.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.FuncType:
			params(n)
		case *ast.AssignStmt:
			assign(n.Lhs, n.Rhs)
		case *ast.ValueSpec:
			names := make([]ast.Expr, len(n.Names))
			for i, id := range n.Names {
				names[i] = id
			}
			assign(names, n.Values)
		case *ast.RangeStmt:
			assign([]ast.Expr{n.Key, n.Value}, nil)
		case *ast.UnaryExpr:
			if v := g.localFunc(n.X); v != nil && n.Op == token.AND {
				g.lits[v] = false // assigned through the pointer, unseen
			}
		}
		return true
	})
}

// localFunc returns the local variable of function type x names, or nil.
func (g *goexitCheck) localFunc(x ast.Expr) *types.Var {
	id, ok := ast.Unparen(x).(*ast.Ident)
	if !ok {
		return nil
	}
	v, ok := g.info.ObjectOf(id).(*types.Var)
	if !ok || v.IsField() || v.Pkg() == nil || v.Parent() == v.Pkg().Scope() {
		return nil
	}
	if _, isFunc := v.Type().Underlying().(*types.Signature); !isFunc {
		return nil
	}
	return v
}

// ownFunc reports whether fn is a function of the kernel's package whose
// body the check looks at, queueing it if it is new.
func (g *goexitCheck) ownFunc(fn *types.Func) bool {
	fn = fn.Origin()
	if g.own[fn] {
		return true
	}
	d := g.decls[fn]
	if d == nil {
		return false
	}
	g.own[fn] = true
	g.calls = append(g.calls, d)
	return true
}

// call reports whether call is a builtin's, a conversion, or a call of a
// function the check vouches for with arguments it cannot call back
// through.
func (g *goexitCheck) call(call *ast.CallExpr) bool {
	if tv, ok := g.info.Types[call.Fun]; ok && tv.IsType() {
		return true
	}
	switch fn := typeutil.Callee(g.info, call).(type) {
	case *types.Builtin:
		return true
	case *types.Func:
		if g.ownFunc(fn) {
			return true // its lines are looked at, and so whatever it does with its arguments
		}
		return g.vouched(fn) && g.args(fn.Origin().Signature(), call.Args)
	}
	if v := g.localFunc(call.Fun); v != nil {
		return g.lits[v] // a literal's, looked at where it stands
	}
	_, lit := ast.Unparen(call.Fun).(*ast.FuncLit)
	return lit // a literal called where it stands, whose body Inspect looks into
}

// vouched reports whether fn is a function of the kernel's lines, or one
// of goexitFreePkgs that calls no method of its type parameters' (their
// constraints have none) and is no interface's method.
func (g *goexitCheck) vouched(fn *types.Func) bool {
	if g.ownFunc(fn) {
		return true
	}
	if goexitFreeFuncs[fn.FullName()] {
		return true
	}
	sig := fn.Origin().Signature()
	if fn.Pkg() == nil || !goexitFreePkgs[fn.Pkg().Path()] || sig.Recv() != nil && types.IsInterface(sig.Recv().Type()) {
		return false
	}
	for _, list := range []*types.TypeParamList{sig.TypeParams(), sig.RecvTypeParams()} {
		for tp := range list.TypeParams() {
			if iface, ok := tp.Constraint().Underlying().(*types.Interface); !ok || !ownMethods(iface) {
				return false
			}
		}
	}
	return true
}

// ownMethods reports whether only types of goexitFreePkgs can have the
// methods of iface: it has none, or only unexported ones of such a
// package (cg's ReduceGroup).
func ownMethods(iface *types.Interface) bool {
	for m := range iface.Methods() {
		if m.Exported() || m.Pkg() == nil || !goexitFreePkgs[m.Pkg().Path()] {
			return false
		}
	}
	return true
}

// args reports whether args, passed to a function of goexitFreePkgs whose
// generic signature is sig, cannot lead it to call runtime.Goexit: where
// a parameter is a function, the argument is a literal (looked at where
// it stands) or a function the check vouches for; where it is an
// interface (Printf's ...any), a plainArg. Those functions call
// nothing else of their arguments'.
func (g *goexitCheck) args(sig *types.Signature, args []ast.Expr) bool {
	params := sig.Params()
	for i, arg := range args {
		if params.Len() == 0 {
			return false
		}
		p := params.At(min(i, params.Len()-1)).Type()
		if s, ok := p.(*types.Slice); ok && sig.Variadic() && i >= params.Len()-1 {
			p = s.Elem()
		}
		if _, isParam := types.Unalias(p).(*types.TypeParam); isParam {
			continue // its constraint has no methods (vouched)
		}
		switch p.Underlying().(type) {
		case *types.Signature:
			if !g.funcArg(arg) {
				return false
			}
		case *types.Interface:
			if !g.plainArg(arg) {
				return false
			}
		}
	}
	return true
}

// funcArg reports whether arg, a function passed to one of
// goexitFreePkgs, is a literal or names a function the check vouches for.
func (g *goexitCheck) funcArg(arg ast.Expr) bool {
	if _, lit := ast.Unparen(arg).(*ast.FuncLit); lit {
		return true
	}
	if v := g.localFunc(arg); v != nil {
		return g.lits[v]
	}
	fn, ok := g.info.Uses[nameOf(arg)].(*types.Func)
	return ok && g.vouched(fn)
}

// nameOf returns the identifier naming what e denotes (f, pkg.f, f[T],
// pkg.v), or nil.
func nameOf(e ast.Expr) *ast.Ident {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		return e
	case *ast.SelectorExpr:
		return e.Sel
	case *ast.IndexExpr:
		return nameOf(e.X)
	case *ast.IndexListExpr:
		return nameOf(e.X)
	}
	return nil
}

// plainValue reports whether a value of type t, held in an interface,
// has no methods but goexitFreePkgs' own: a number, a boolean or a string
// without methods (which formatting calls none of), or a type of those
// packages not instantiated with another's.
func plainValue(t types.Type) bool {
	if t == nil {
		return false
	}
	if n, ok := types.Unalias(t).(*types.Named); ok && n.Obj().Pkg() != nil && goexitFreePkgs[n.Obj().Pkg().Path()] {
		return n.TypeArgs().Len() == 0
	}
	_, basic := t.Underlying().(*types.Basic)
	return basic && types.NewMethodSet(t).Len() == 0 && types.NewMethodSet(types.NewPointer(t)).Len() == 0
}

// plainArg reports whether arg, held in an interface, has no methods but
// goexitFreePkgs' own: its type is a plainValue, or it is a variable of
// those packages (gocuda.ErrInvalidValue), which hold their own values.
func (g *goexitCheck) plainArg(arg ast.Expr) bool {
	if v, ok := g.info.Uses[nameOf(arg)].(*types.Var); ok && !v.IsField() && v.Pkg() != nil &&
		goexitFreePkgs[v.Pkg().Path()] && v.Parent() == v.Pkg().Scope() {
		return true
	}
	return plainValue(g.info.TypeOf(arg))
}
