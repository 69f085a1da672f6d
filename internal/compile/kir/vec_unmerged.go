package kir

import (
	"go/types"
)

// A float variable a loop whose lanes leave at different trips assigns
// at its top level is merged under the loop's mask, so that a lane that
// left keeps the value it left with. Where nothing reads the variable
// after the loop (mandelbrot's zRe and zIm, where only the escape count
// is returned), the lanes that left are never read again, and the merge
// only lengthens each trip's chain of dependent operations by a blend:
// the step assigns the new value to every lane. The lanes still in the
// loop get the same values either way, so results are bit-identical; the
// lanes that left go on computing with floats, which cannot fail.

// unmerged reports whether the step may assign obj (bound to b) without
// merging under the mask in force: that mask is the innermost loop's
// own, run under its lanes, and obj is a float variable defined just
// outside it, at the same level of control, that nothing reads after
// the loop, in a later trip of a loop around it either.
func (v *vectorizer) unmerged(obj *types.Var, b *vbind, vt string) bool {
	if v.warpLanes != nil || !isFloatVec(vt) || len(v.loopStack) == 0 {
		return false
	}
	top := v.loopStack[len(v.loopStack)-1]
	if !top.masked || top.iter != "" || len(v.masks) != top.masks || b.level != v.level-1 {
		return false
	}
	decl, loop := obj.Pos(), top.stmt
	if !decl.IsValid() || decl >= loop.Pos() {
		return false
	}
	for _, outer := range v.loopStack[:len(v.loopStack)-1] {
		if decl < outer.stmt.Pos() {
			return false // defined before a loop around, whose next trip may read it; a helper's variable defined earlier in the file than its caller's loop lands here too, which only keeps a merge
		}
	}
	for id, o := range v.f.Src.Info.Uses {
		if o == obj && id.Pos() >= loop.End() {
			return false
		}
	}
	return true
}
