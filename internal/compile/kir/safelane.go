package kir

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// A lane loop records each lane's rank in the block's Pos so that a panic
// names its thread. A loop whose code cannot panic (arithmetic on
// locals, a collective's result, no indexing but of constant indices,
// no division by a variable, no call but conversions and pure builtins)
// skips that store: a shuffle reduction's loops are a load, an add and a
// store per lane.

// safeLane reports whether lane loop l's code cannot panic.
func (e *emitter) safeLane(l *LaneLoop) bool {
	if len(l.Body) == 0 && len(l.Operands) == 0 {
		return false // a condition's loop: its expression is not known here
	}
	for _, n := range l.Body {
		if c, ok := n.(*Code); !ok || !e.safeStmt(c.Stmt) {
			return false
		}
	}
	for _, c := range l.Operands {
		for _, a := range c.Call.Args {
			if !e.safeExpr(a) {
				return false
			}
		}
	}
	return true
}

// safeStmt reports whether s cannot panic.
func (e *emitter) safeStmt(s ast.Stmt) bool {
	switch s := s.(type) {
	case nil:
		return true
	case *ast.AssignStmt:
		for _, l := range s.Lhs {
			if _, ok := l.(*ast.Ident); !ok {
				return false
			}
		}
		return e.safeExprs(s.Rhs)
	case *ast.IncDecStmt:
		_, ok := s.X.(*ast.Ident)
		return ok
	case *ast.DeclStmt:
		for _, spec := range s.Decl.(*ast.GenDecl).Specs {
			if vs, ok := spec.(*ast.ValueSpec); ok && !e.safeExprs(vs.Values) {
				return false
			}
		}
		return true
	case *ast.IfStmt:
		ok := e.safeStmt(s.Init) && e.safeExpr(s.Cond) && e.safeStmt(s.Body)
		return ok && (s.Else == nil || e.safeStmt(s.Else))
	case *ast.BlockStmt:
		for _, x := range s.List {
			if !e.safeStmt(x) {
				return false
			}
		}
		return true
	}
	return false
}

func (e *emitter) safeExprs(list []ast.Expr) bool {
	for _, x := range list {
		if !e.safeExpr(x) {
			return false
		}
	}
	return true
}

// safeHelper reports whether fn is a pure helper of one return statement
// whose result cannot fail to evaluate: no division by a variable, no
// indexing, no call but conversions, min and max, functions of package
// math and other such helpers (depth bounds the chain).
func (f *Func) safeHelper(fn *types.Func, depth int) bool {
	if depth > 4 || !f.pureHelper(fn) {
		return false
	}
	d := f.declOf(fn)
	if d == nil || len(d.Body.List) != 1 {
		return false
	}
	ret, ok := d.Body.List[0].(*ast.ReturnStmt)
	if !ok {
		return false
	}
	for _, r := range ret.Results {
		if !f.safeCalls(r, depth) || !f.cannotFail(r) {
			return false
		}
	}
	return true
}

// safeCalls reports whether every call in e cannot fail but by its
// arguments (safeCallee; cannotFail does not look into calls), depth
// bounding the chain of helpers.
func (f *Func) safeCalls(e ast.Expr, depth int) bool {
	safe := true
	ast.Inspect(e, func(n ast.Node) bool {
		if call, ok := n.(*ast.CallExpr); ok && safe {
			safe = f.safeCallee(call, depth)
		}
		return safe
	})
	return safe
}

// safeCallee reports whether call, in a helper's result, cannot fail
// but by its arguments.
func (f *Func) safeCallee(call *ast.CallExpr, depth int) bool {
	info := f.Src.Info
	if tv := info.Types[call.Fun]; tv.IsType() {
		return true
	}
	switch fn := typeutil.Callee(info, call).(type) {
	case *types.Builtin:
		return fn.Name() == "min" || fn.Name() == "max"
	case *types.Func:
		return fn.Pkg() != nil && fn.Pkg().Path() == "math" || f.safeHelper(fn, depth+1)
	}
	return false
}

// safeExpr reports whether evaluating x cannot panic.
func (e *emitter) safeExpr(x ast.Expr) bool {
	info := e.f.Src.Info
	if tv, ok := info.Types[x]; ok && tv.Value != nil {
		return true
	}
	switch x := x.(type) {
	case *ast.Ident, *ast.BasicLit:
		return true
	case *ast.ParenExpr:
		return e.safeExpr(x.X)
	case *ast.UnaryExpr:
		return x.Op != token.AND && x.Op != token.ARROW && e.safeExpr(x.X)
	case *ast.BinaryExpr:
		switch x.Op {
		case token.QUO, token.REM, token.SHL, token.SHR:
			if t, ok := info.TypeOf(x).Underlying().(*types.Basic); !(ok && t.Info()&types.IsFloat != 0 && x.Op == token.QUO) {
				tv := info.Types[x.Y]
				if tv.Value == nil || tv.Value.String() == "0" {
					return false
				}
			}
		}
		return e.safeExpr(x.X) && e.safeExpr(x.Y)
	case *ast.SelectorExpr:
		if _, ok := e.f.threadFieldSel(x); ok {
			return true // the thread's coordinates: locals of the loop
		}
		if s, isField := e.f.fieldSel(x); isField {
			return !s.indirect && e.safeExpr(x.X)
		}
		return info.Selections[x] == nil // a package's name, not a method value
	case *ast.IndexExpr:
		_, isArray := info.TypeOf(x.X).Underlying().(*types.Array)
		return isArray && info.Types[x.Index].Value != nil && e.safeExpr(x.X)
	case *ast.CallExpr:
		if _, ok := e.collOut[x]; ok {
			return true // the lane's result of a collective
		}
		if tv := info.Types[x.Fun]; tv.IsType() {
			return len(x.Args) == 1 && e.safeExpr(x.Args[0])
		}
		if id, ok := ast.Unparen(x.Fun).(*ast.Ident); ok {
			if b, ok := info.Uses[id].(*types.Builtin); ok && (b.Name() == "min" || b.Name() == "max" || b.Name() == "len" || b.Name() == "cap") {
				return e.safeExprs(x.Args)
			}
			if fn, ok := info.Uses[id].(*types.Func); ok && e.f.safeHelper(fn, 0) {
				return e.safeExprs(x.Args) // IN_RANGE(x, min, max)
			}
		}
	}
	return false
}
