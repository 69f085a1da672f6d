package kir

import (
	"go/ast"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/types/typeutil"
)

// warpExpr returns e, a collective's operand or a warp's if condition,
// written to be evaluated
// once per warp where it is the same for every lane of a warp: built of
// uniform values, the warp's index (t.WarpID()) and pure functions of
// them, through remat variables, which it writes out as their
// definitions (scanBlockWarp's mask, scanLaneMask(min(w, b-warp*w))).
// It reports false for anything else.
func (f *Func) warpExpr(e ast.Expr, depth int) (ast.Expr, bool) {
	info := f.Src.Info
	if tv := info.Types[e]; tv.Value != nil || depth > 16 {
		return e, tv.Value != nil
	}
	switch x := e.(type) {
	case *ast.ParenExpr:
		in, ok := f.warpExpr(x.X, depth+1)
		return &ast.ParenExpr{X: in}, ok
	case *ast.Ident:
		v := f.varOf(x)
		switch {
		case v != nil && v.Class == Uniform:
			return e, true
		case v != nil && v.Class == Remat && defExpr(v) != nil && defExpr(v) != ast.Expr(x):
			in, ok := f.warpExpr(defExpr(v), depth+1)
			return &ast.ParenExpr{X: in}, ok
		}
		return e, f.pure(e, f.isUniform, false)
	case *ast.SelectorExpr:
		return e, f.pure(e, f.isUniform, false)
	case *ast.BinaryExpr:
		a, okA := f.warpExpr(x.X, depth+1)
		b, okB := f.warpExpr(x.Y, depth+1)
		return &ast.BinaryExpr{X: a, Op: x.Op, Y: b}, okA && okB
	case *ast.UnaryExpr:
		in, ok := f.warpExpr(x.X, depth+1)
		return &ast.UnaryExpr{Op: x.Op, X: in}, ok && x.Op != token.AND && x.Op != token.ARROW
	case *ast.CallExpr:
		return f.warpCall(x, depth)
	}
	return e, false
}

// warpRemat reports whether remat variable obj is the same for every lane
// of a warp, so that a lane loop may take it from before the loop.
func (f *Func) warpRemat(obj *types.Var) bool {
	v := f.Vars[obj]
	d := defExpr(v)
	if d == nil {
		return false
	}
	_, ok := f.warpExpr(d, 0)
	return ok
}

// warpCall is warpExpr for a call: the warp's index, a conversion, a pure
// builtin, helper or function of package math, of such operands.
func (f *Func) warpCall(call *ast.CallExpr, depth int) (ast.Expr, bool) {
	if f.pure(call, f.isUniform, false) {
		return call, true // the block's: the same at warp level
	}
	if f.threadMethod(call) {
		return call, ast.Unparen(call.Fun).(*ast.SelectorExpr).Sel.Name == "WarpID" && len(call.Args) == 0
	}
	info := f.Src.Info
	ok := info.Types[call.Fun].IsType()
	switch fn := typeutil.Callee(info, call).(type) {
	case *types.Builtin:
		ok = pureBuiltin(fn.Name())
	case *types.Func:
		ok = f.pureHelper(fn) || fn.Pkg() != nil && pureFuncPkgs[fn.Pkg().Path()]
	}
	if !ok || call.Ellipsis.IsValid() {
		return call, false
	}
	args := make([]ast.Expr, len(call.Args))
	for i, a := range call.Args {
		if args[i], ok = f.warpExpr(a, depth+1); !ok {
			return call, false
		}
	}
	return &ast.CallExpr{Fun: call.Fun, Args: args}, true
}
