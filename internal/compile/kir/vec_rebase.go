package kir

import (
	"go/ast"
	"go/types"
)

// rebasedAt returns, where the step being translated is that of a
// rebased row (rebasedVectorStep) and rebase took element access e, the
// slice resliced to the row and e's index in it: the lane's x, or 0 for
// the row's one element. The row's check made the slice long enough for
// every thread of the row, so the step's own check of it compares the
// lane alone.
func (v *vectorizer) rebasedAt(e *ast.IndexExpr) (x, i vval, ok bool) {
	if v.e == nil || v.e.rebased == nil || v.l == nil || v.l.Rebase == nil || v.warpLanes != nil || v.inst != 0 {
		return vval{}, vval{}, false
	}
	k, ok := v.l.Rebase.At[e]
	if !ok {
		return vval{}, vval{}, false
	}
	elem := v.typeOf(e)
	x = vval{shape: vUniform, x: ast.NewIdent(v.e.rebasedSlice(k)), typ: types.NewSlice(elem)}
	if v.l.Rebase.Slices[k].One {
		return x, vval{shape: vUniform, x: intLit(0), typ: types.Typ[types.Int]}, true
	}
	return x, vval{shape: vAffine, x: ast.NewIdent(v.e.use("tx")), typ: types.Typ[types.Int]}, true
}

// indexOf translates the slice (or array) and the index of element
// access e, in their rebased form where the step has one.
func (v *vectorizer) indexOf(e *ast.IndexExpr) (x, i vval) {
	if x, i, ok := v.rebasedAt(e); ok {
		return x, i
	}
	return v.index(e.X), v.index(e.Index)
}

// rowChecked reports whether node, a vector load or store, is one of a
// rebased row's (rebasedAt): its slice was resliced to the row's length
// to, and the step's lanes x to x+7 lie below to (the steps run while
// they do) and at or above from, which the row's check found >= 0, so
// the step needs no check of it.
func (v *vectorizer) rowChecked(node ast.Node) bool {
	e, ok := node.(*ast.IndexExpr)
	if !ok {
		return false
	}
	_, i, ok := v.rebasedAt(e)
	return ok && i.shape == vAffine
}
