package kir

import (
	"go/ast"
	"go/token"
	"go/types"
)

// rebasedAt returns, where the step being translated is that of a
// rebased row (rebasedVectorStep) and rebase took element access e (or a
// guarded load's call, which reads the element), the slice resliced to
// the row and e's index in it: the lane's x, or 0 for the row's one
// element. The row's check made the slice long enough for every thread
// of the row, so the step's own check of it compares the lane alone.
func (v *vectorizer) rebasedAt(e ast.Expr) (x, i vval, ok bool) {
	if v.e == nil || v.e.rebased == nil || v.l == nil || v.l.Rebase == nil || v.warpLanes != nil || v.inst != 0 {
		return vval{}, vval{}, false
	}
	k, ok := v.l.Rebase.At[e]
	if !ok || v.l.Rebase.Slices[k].Stride != nil {
		return vval{}, vval{}, false
	}
	elem := v.typeOf(e)
	x = vval{shape: vUniform, x: ast.NewIdent(v.e.rebasedSlice(k)), typ: types.NewSlice(elem)}
	if v.l.Rebase.Slices[k].One {
		return x, vval{shape: vUniform, x: intLit(0), typ: types.Typ[types.Int]}, true
	}
	tx := ast.Expr(ast.NewIdent(v.e.use("tx")))
	if v.e.rebasedU != "" { // a segment's (quotient.go): its slices start at its first thread
		tx = &ast.ParenExpr{X: &ast.BinaryExpr{X: tx, Op: token.SUB, Y: ast.NewIdent(v.e.segStart)}}
	}
	return x, vval{shape: vAffine, x: tx, typ: types.Typ[types.Int]}, true
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
	e, ok := node.(ast.Expr)
	if !ok {
		return false
	}
	_, i, ok := v.rebasedAt(e)
	return ok && i.shape == vAffine
}

// rebasedLoad translates guarded load c of a rebased row, whose slice
// and index rebasedAt gave: every thread of the row reads in range, where
// the helper returns the element itself (guardedload.go), so the step
// loads the lanes' elements, or the row's one element, with no check of
// its own.
func (v *vectorizer) rebasedLoad(c *ast.CallExpr, x, i vval) vval {
	t := v.typeOf(c)
	if i.shape != vAffine {
		return vval{shape: vUniform, x: &ast.IndexExpr{X: x.x, Index: i.x}, typ: t}
	}
	vt, ok := v.vecElem(t)
	if !ok {
		v.fail()
	}
	v.touch()
	if v.access(c, x, i) {
		v.fail() // not the row's: rowChecked takes it
	}
	return vval{shape: vVector, x: v.pkgCall("Load"+vt+"Slice", &ast.SliceExpr{X: x.x, Low: i.x}), typ: t}
}

// quotient translates x where it is a division of the loop's whose rows
// run in segments (quotient.go) and the step is a segment's: its quotient
// is the segment's, its remainder the lane's x plus the segment's offset.
// The vector pass translates such a loop as its segments' steps, the
// only ones it has.
func (v *vectorizer) quotient(x ast.Expr) (vval, bool) {
	q := (*Quotients)(nil)
	switch {
	case v.e != nil:
		q = v.e.quot
	case v.l != nil && v.l.Rebase != nil && v.warpLanes == nil:
		q = v.l.Quot
	}
	seg, op := q.quotOf(x)
	if seg == nil || v.inst != 0 {
		return vval{}, false
	}
	if op == token.QUO {
		return vval{shape: vUniform, x: ast.NewIdent(seg.Q), typ: types.Typ[types.Int]}, true
	}
	tx := "tx" // the pass writes nothing
	if v.e != nil {
		tx = v.e.use("tx")
	}
	sum := &ast.BinaryExpr{X: ast.NewIdent(tx), Op: token.ADD, Y: ast.NewIdent(seg.R)}
	return vval{shape: vAffine, x: &ast.ParenExpr{X: sum}, typ: types.Typ[types.Int]}, true
}
