package kir

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"

	"github.com/gocuda/gocuda/internal/kapi"
)

// pureFuncPkgs are the packages whose functions are pure: a call with
// uniform arguments is uniform.
var pureFuncPkgs = map[string]bool{"math": true, "math/bits": true}

// pure reports whether e can be evaluated anywhere, any number of times,
// without side effects, from the variables for which ok holds; with index,
// the thread's index counts too (for values recomputed per thread), and
// otherwise only what is the same for every thread of the block does.
// Shared-memory declarations count as pure: their result is the block's.
func (f *Func) pure(e ast.Expr, ok func(*types.Var) bool, index bool) bool {
	if e == nil {
		return true
	}
	info := f.Src.Info
	if tv, found := info.Types[e]; found && tv.Value != nil {
		return true
	}
	switch e := e.(type) {
	case *ast.BasicLit:
		return true
	case *ast.ParenExpr:
		return f.pure(e.X, ok, index)
	case *ast.Ident:
		return f.pureIdent(e, ok)
	case *ast.SelectorExpr:
		return f.pureSelector(e, ok, index)
	case *ast.BinaryExpr:
		return f.pure(e.X, ok, index) && f.pure(e.Y, ok, index)
	case *ast.UnaryExpr:
		return e.Op != token.AND && e.Op != token.ARROW && f.pure(e.X, ok, index)
	case *ast.IndexExpr:
		if f.readShared && f.sharedSlice(e.X) && f.pure(e.Index, ok, false) {
			return true // every thread reads the one element
		}
		if f.steadyShared[e] && f.pure(e.X, ok, false) && f.pure(e.Index, ok, false) {
			return true // the one element, which no thread writes meanwhile
		}
		if id := identOf(e.X); id != nil && f.readOnly[f.memRoot(id)] {
			return f.pure(e.Index, ok, index) // memory no one changes
		}
		_, isArray := info.TypeOf(e.X).Underlying().(*types.Array)
		if tv := info.Types[e.Index]; isArray && tv.Value != nil {
			return f.pure(e.X, ok, index) // a constant index into an array value cannot fail
		}
		return false
	case *ast.SliceExpr:
		return f.pure(e.X, ok, index) && f.pure(e.Low, ok, index) && f.pure(e.High, ok, index) && f.pure(e.Max, ok, index)
	case *ast.CallExpr:
		return f.pureCall(e, ok, index)
	}
	return false
}

func (f *Func) pureIdent(e *ast.Ident, ok func(*types.Var) bool) bool {
	switch obj := f.Src.Info.Uses[e].(type) {
	case *types.Const, *types.Nil, *types.TypeName:
		return true
	case *types.Var:
		if obj == f.Src.Thread {
			return false
		}
		if obj.Pkg() != nil && obj.Parent() == obj.Pkg().Scope() {
			return false // a package-level variable may change while the kernel runs
		}
		return ok(obj)
	}
	return false
}

func (f *Func) pureSelector(e *ast.SelectorExpr, ok func(*types.Var) bool, index bool) bool {
	info := f.Src.Info
	if id, isIdent := e.X.(*ast.Ident); isIdent {
		if _, isPkg := info.Uses[id].(*types.PkgName); isPkg {
			return f.pureIdent(e.Sel, ok)
		}
	}
	if f.isThreadField(e) {
		k := kapi.Field(e.Sel.Name)
		return k == kapi.BlockField || index && k == kapi.ThreadField
	}
	if sel, isField := f.threadFieldSel(e); isField {
		k := kapi.Field(sel)
		return k == kapi.BlockField || index && k == kapi.ThreadField
	}
	if sel, isField := f.fieldSel(e); !isField || sel.indirect {
		return false
	}
	return f.pure(e.X, ok, index)
}

// isThreadField reports whether e is t.Field.
func (f *Func) isThreadField(e *ast.SelectorExpr) bool {
	id, ok := ast.Unparen(e.X).(*ast.Ident)
	return ok && f.Src.Info.Uses[id] == f.Src.Thread
}

// threadFieldSel returns Field for t.Field.X (a component of an index).
func (f *Func) threadFieldSel(e *ast.SelectorExpr) (string, bool) {
	inner, ok := ast.Unparen(e.X).(*ast.SelectorExpr)
	if !ok || !f.isThreadField(inner) {
		return "", false
	}
	return inner.Sel.Name, true
}

func (f *Func) pureCall(e *ast.CallExpr, ok func(*types.Var) bool, index bool) bool {
	info := f.Src.Info
	args := e.Args
	if tv := info.Types[e.Fun]; tv.IsType() {
		return len(args) == 1 && f.pure(args[0], ok, index)
	}
	if id, isIdent := ast.Unparen(e.Fun).(*ast.Ident); isIdent {
		if fn, isFunc := info.Uses[id].(*types.Func); isFunc && f.pureHelper(fn) {
			return f.pureAll(args, ok, index) // PMPP's minimal(a, b)
		}
		b, isBuiltin := info.Uses[id].(*types.Builtin)
		if !isBuiltin || !pureBuiltin(b.Name()) {
			return false
		}
		return f.pureAll(args, ok, index)
	}
	if f.thisThreadBlock(e) {
		return true // the block's handle
	}
	if f.thisGrid(e) {
		return true // the grid's handle
	}
	if _, recv, isGrid := f.gridMethod(e); isGrid {
		en, _ := f.entry(e)
		return f.pure(recv, ok, index) && (en.Kind == kapi.Uniform || en.Kind == kapi.Index && index)
	}
	if f.tiledPartition(e) {
		return f.pureAll(args, ok, index) // the block's handle on its tiles of one size
	}
	_, recv, isBlock := f.blockMethod(e)
	if _, tileRecv, isTile := f.tileMethod(e); isTile {
		recv, isBlock = tileRecv, true
	}
	if isBlock {
		en, _ := f.entry(e)
		return f.pure(recv, ok, index) && (en.Kind == kapi.Uniform || en.Kind == kapi.Index && index)
	}
	if en, found := f.entry(e); found {
		switch {
		case en.Kind == kapi.SharedDecl:
			return f.pureAll(args[1:], ok, index)
		case en.Kind == kapi.Index && index && f.threadMethod(e):
			return len(args) == 0
		case en.Kind == kapi.Uniform && f.threadMethod(e):
			return len(args) == 0
		}
		return false
	}
	fn, _ := typeutil.Callee(info, e).(*types.Func)
	if fn == nil || fn.Pkg() == nil || !pureFuncPkgs[fn.Pkg().Path()] {
		return false
	}
	return f.pureAll(args, ok, index)
}

// threadMethod reports whether call is t.Method(...).
func (f *Func) threadMethod(call *ast.CallExpr) bool {
	sel, ok := ast.Unparen(call.Fun).(*ast.SelectorExpr)
	return ok && f.isThreadField(sel)
}

func (f *Func) pureAll(args []ast.Expr, ok func(*types.Var) bool, index bool) bool {
	for _, a := range args {
		if !f.pure(a, ok, index) {
			return false
		}
	}
	return true
}

func pureBuiltin(name string) bool {
	switch name {
	case "len", "cap", "min", "max", "real", "imag", "complex":
		return true
	}
	return false
}

// ownSharedSlice reports whether e is a variable holding a shared-memory
// slice that only the block's goroutine reaches (Func.own).
func (f *Func) ownSharedSlice(e ast.Expr) bool { return f.own[f.identVar(e)] }

// sharedSlice reports whether e is a variable holding a shared-memory
// slice.
func (f *Func) sharedSlice(e ast.Expr) bool { return f.shared[f.identVar(e)] }

// pureHelper reports whether fn, a function of the kernel's package, is
// pure, so that a call of it with pure arguments is: not generic, no
// receiver, parameters and results of basic types (nothing through which
// it could reach memory), and a body of ifs, definitions and assignments
// of its own variables and returns, whose expressions are pure over its
// parameters and variables (no loops: it ends).
func (f *Func) pureHelper(fn *types.Func) bool {
	if v, seen := f.pureFuncs[fn]; seen {
		return v
	}
	if f.pureFuncs == nil {
		f.pureFuncs = map[*types.Func]bool{}
	}
	f.pureFuncs[fn] = false // while it is examined: a recursive call is not pure
	d := f.declOf(fn)
	if d == nil || d.Recv != nil || d.Type.TypeParams != nil {
		return false
	}
	sig := fn.Type().(*types.Signature)
	for _, tuple := range []*types.Tuple{sig.Params(), sig.Results()} {
		for i := range tuple.Len() {
			if _, basic := tuple.At(i).Type().Underlying().(*types.Basic); !basic {
				return false
			}
		}
	}
	own := func(v *types.Var) bool { return v.Pos() >= d.Pos() && v.Pos() < d.End() }
	pure := f.pureStmts(d.Body.List, own)
	f.pureFuncs[fn] = pure
	return pure
}

// pureStmts reports whether stmts, a pure helper's, only compute from
// the variables for which own holds and assign those.
func (f *Func) pureStmts(stmts []ast.Stmt, own func(*types.Var) bool) bool {
	for _, s := range stmts {
		switch s := s.(type) {
		case *ast.ReturnStmt:
			if !f.pureAll(s.Results, own, false) {
				return false
			}
		case *ast.IfStmt:
			if s.Init != nil && !f.pureStmts([]ast.Stmt{s.Init}, own) || !f.pure(s.Cond, own, false) ||
				!f.pureStmts(s.Body.List, own) || s.Else != nil && !f.pureStmts([]ast.Stmt{s.Else}, own) {
				return false
			}
		case *ast.BlockStmt:
			if !f.pureStmts(s.List, own) {
				return false
			}
		case *ast.AssignStmt:
			for _, l := range s.Lhs {
				id := identOf(l)
				if id == nil {
					return false // an element or a field: memory
				}
				if v, ok := f.Src.Info.ObjectOf(id).(*types.Var); !ok || !own(v) {
					return false
				}
			}
			if !f.pureAll(s.Rhs, own, false) {
				return false
			}
		default:
			return false
		}
	}
	return true
}

// panics reports whether call is of the builtin panic, which ends the
// launch and writes nothing.
func (f *Func) panics(call *ast.CallExpr) bool {
	id, ok := ast.Unparen(call.Fun).(*ast.Ident)
	if !ok {
		return false
	}
	b, ok := f.Src.Info.Uses[id].(*types.Builtin)
	return ok && b.Name() == "panic"
}
