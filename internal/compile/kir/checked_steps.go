package kir

import "go/ast"

// checkedSteps reports whether the checked form of rebased thread loop l
// runs vector steps. A row runs the checked form where its check failed:
// where every slice's offset is a constant at least 0 or reads the
// block's index, that is a grid's edge only, and the form runs scalar;
// an offset the same for every block and maybe negative (Hillis–Steele's
// x[i-offset], from thread offset on) fails every block's check alike,
// and the checked form is then the loop's usual one.
func (e *emitter) checkedSteps(l *ThreadLoop) bool {
	for _, s := range l.Rebase.Slices {
		if s.Bound || s.Off == nil {
			continue
		}
		if c, ok := e.f.intConst(s.Off); ok && c >= 0 || e.f.blockDependent(s.Off) {
			continue
		}
		return true
	}
	return false
}

// blockDependent reports whether e reads the block's index, directly or
// through the definitions of rematerialized variables.
func (f *Func) blockDependent(e ast.Expr) bool {
	found := false
	var walk func(e ast.Expr, depth int)
	walk = func(e ast.Expr, depth int) {
		ast.Inspect(e, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.SelectorExpr:
				if field, ok := f.threadFieldSel(n); ok && field == "BlockIdx" {
					found = true
				}
			case *ast.Ident:
				if v := f.varOf(n); v != nil && v.Class == Remat && depth < 8 {
					if d := defExpr(v); d != nil && d != ast.Expr(n) {
						walk(d, depth+1)
					}
				}
			}
			return !found
		})
	}
	walk(e, 0)
	return found
}
