package kir

import (
	"go/ast"
	"go/token"
	"go/types"
)

// onlyWarp returns k where warp loop w's code is one if whose condition,
// the same for a warp's lanes, is t.WarpID() == k (directly or through a
// remat variable), k not naming the warp: every other warp skips it all,
// so the loop visits warp k alone. Luitjens's block reduction and the
// CUDA samples' block scan leave warp 0 the warps' sums this way; the
// loop over all of a block's warps, each deciding its mask to do
// nothing, cost the reduction 4%.
func (e *emitter) onlyWarp(w *WarpLoop) ast.Expr {
	if len(w.Body) != 1 {
		return nil
	}
	wi, ok := w.Body[0].(*WarpIf)
	if !ok || wi.Warp == nil || len(wi.Else) > 0 {
		return nil
	}
	b, ok := ast.Unparen(wi.Warp).(*ast.BinaryExpr)
	if !ok || b.Op != token.EQL {
		return nil
	}
	for _, side := range [][2]ast.Expr{{b.X, b.Y}, {b.Y, b.X}} {
		if e.isWarpID(side[0]) && !e.namesWarpID(side[1]) && types.Identical(e.f.Src.Info.TypeOf(side[1]), types.Typ[types.Int]) {
			return side[1]
		}
	}
	return nil
}

// isWarpID reports whether x, a warp-level expression, is t.WarpID().
func (e *emitter) isWarpID(x ast.Expr) bool {
	call, ok := ast.Unparen(x).(*ast.CallExpr)
	return ok && e.f.threadMethod(call) && len(call.Args) == 0 && ast.Unparen(call.Fun).(*ast.SelectorExpr).Sel.Name == "WarpID"
}

// namesWarpID reports whether warp-level expression x reads the warp's
// index.
func (e *emitter) namesWarpID(x ast.Expr) bool {
	found := false
	ast.Inspect(x, func(n ast.Node) bool {
		if c, ok := n.(*ast.CallExpr); ok && e.f.threadMethod(c) {
			found = true
		}
		return !found
	})
	return found
}

// warpRange writes the first and the limit of the warp loop's offsets:
// the block's warps, or warp k's alone where onlyWarp found one (none
// where k is not a warp of the block).
func (e *emitter) warpRange(w *WarpLoop) (from, to string) {
	k := e.onlyWarp(w)
	if k == nil {
		return "0", e.use("n")
	}
	from, to = e.f.Names.Fresh("wlo"), e.f.Names.Fresh("whi")
	only := e.f.Names.Fresh("only")
	e.printf("%s, %s := 0, 0\n", from, to)
	e.printf("if %s := %s; %s >= 0 && %s <= (%s-1)>>5 {\n%s, %s = %s*32, %s*32+32\n}\n",
		only, e.oneLine(k), only, only, e.use("n"), from, to, only, only)
	return from, to
}
