package compile

import (
	"go/ast"
	"go/token"
	"go/types"
)

// pureFuncPkgs are the packages whose functions are pure: a call with
// uniform arguments is uniform.
var pureFuncPkgs = map[string]bool{"math": true, "math/bits": true}

// blockFields are the fields of the thread that are the same for every
// thread of a block.
var blockFields = map[string]bool{"BlockIdx": true, "BlockDim": true, "GridDim": true}

// threadIndex are the thread's fields and methods that give its index.
var threadIndex = map[string]bool{"ThreadIdx": true, "ThreadRank": true, "LaneID": true, "WarpID": true}

// pure reports whether e can be evaluated anywhere without side effects,
// from values for which ok returns true; with index, the thread's index
// counts too (for values recomputed per thread), and otherwise only what is
// the same for every thread of the block does. Shared and DynamicShared
// calls with such arguments count as pure: their result is the block's.
func (a *analysis) pure(e ast.Expr, ok func(*types.Var) bool, index bool) bool {
	if e == nil {
		return true
	}
	if tv, found := a.info.Types[e]; found && tv.Value != nil {
		return true // a constant
	}
	switch e := e.(type) {
	case *ast.BasicLit:
		return true
	case *ast.ParenExpr:
		return a.pure(e.X, ok, index)
	case *ast.Ident:
		return a.pureIdent(e, ok)
	case *ast.SelectorExpr:
		return a.pureSelector(e, ok, index)
	case *ast.BinaryExpr:
		return a.pure(e.X, ok, index) && a.pure(e.Y, ok, index)
	case *ast.UnaryExpr:
		return e.Op != token.AND && e.Op != token.ARROW && a.pure(e.X, ok, index)
	case *ast.IndexExpr:
		_, isArray := a.info.TypeOf(e.X).Underlying().(*types.Array)
		return isArray && a.pure(e.X, ok, index) && a.pure(e.Index, ok, index)
	case *ast.SliceExpr:
		return a.pure(e.X, ok, index) && a.pure(e.Low, ok, index) && a.pure(e.High, ok, index) && a.pure(e.Max, ok, index)
	case *ast.CallExpr:
		return a.pureCall(e, ok, index)
	}
	return false
}

func (a *analysis) pureIdent(e *ast.Ident, ok func(*types.Var) bool) bool {
	switch obj := a.info.Uses[e].(type) {
	case *types.Const, *types.Nil, *types.TypeName:
		return true
	case *types.Var:
		if obj == a.k.Thread {
			return false
		}
		if obj.Parent() == obj.Pkg().Scope() {
			return true // package-level
		}
		return ok(obj)
	}
	return e.Name == "_"
}

func (a *analysis) pureSelector(e *ast.SelectorExpr, ok func(*types.Var) bool, index bool) bool {
	if id, isIdent := e.X.(*ast.Ident); isIdent {
		if _, isPkg := a.info.Uses[id].(*types.PkgName); isPkg {
			return a.pureIdent(e.Sel, ok)
		}
		if a.info.Uses[id] == a.k.Thread {
			return blockFields[e.Sel.Name] || index && threadIndex[e.Sel.Name]
		}
	}
	sel := a.info.Selections[e]
	return sel != nil && sel.Kind() == types.FieldVal && a.pure(e.X, ok, index)
}

func (a *analysis) pureCall(e *ast.CallExpr, ok func(*types.Var) bool, index bool) bool {
	args := e.Args
	if tv := a.info.Types[e.Fun]; tv.IsType() {
		return len(args) == 1 && a.pure(args[0], ok, index)
	}
	fun := ast.Unparen(e.Fun)
	if ix, isIndex := fun.(*ast.IndexExpr); isIndex {
		fun = ix.X // an instantiation: Shared[T]
	}
	switch f := fun.(type) {
	case *ast.Ident:
		if b, isBuiltin := a.info.Uses[f].(*types.Builtin); !isBuiltin || !pureBuiltin(b.Name()) {
			return false
		}
	case *ast.SelectorExpr:
		if id, isIdent := f.X.(*ast.Ident); isIdent && a.info.Uses[id] == a.k.Thread {
			return index && threadIndex[f.Sel.Name] && len(args) == 0 // t.LaneID()
		}
		fn, isFunc := a.info.Uses[f.Sel].(*types.Func)
		if !isFunc || fn.Pkg() == nil {
			return false
		}
		shared := fn.Pkg().Path() == gocudaPath && gocudaFuncs[fn.Name()] == callShared
		if !shared && !pureFuncPkgs[fn.Pkg().Path()] {
			return false
		}
		if shared {
			args = args[1:] // the thread
		}
	default:
		return false
	}
	for _, arg := range args {
		if !a.pure(arg, ok, index) {
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
