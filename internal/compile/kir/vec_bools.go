package kir

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
)

// A bool variable kept per thread across a sync point (a flag set before
// a barrier and read after it: hotspot's and pathfinder's computed) is a
// mask in a vector step. Its scratch holds a byte per thread, so the step
// loads its lanes' bools as bits (compiled.Bools8, one 64-bit read) and
// makes them a mask from a row of compiled.LaneBits; it stores the mask's
// bits back (compiled.SetBools8), merged with the old bits where a mask is
// in force, which the scratch, the block's own, allows. The portable
// build keeps such loops scalar.

// boolSpill reports whether obj, a variable kept per thread, is a bool
// the step keeps as a mask.
func (v *vectorizer) boolSpill(obj *types.Var) bool {
	return !v.portable && isKind(v.varType(obj), types.Bool)
}

// boolsFunc names the compiled function of the step's width: Bools8 for
// prefix "Bools", SetBools4 for "SetBools" in a four-lane step.
func (v *vectorizer) boolsFunc(prefix string) ast.Expr {
	return &ast.SelectorExpr{X: ast.NewIdent(v.compiledPkg()), Sel: ast.NewIdent(prefix + strconv.Itoa(v.width()))}
}

// loadBools returns the mask of the step's lanes' bools in scratch.
func (v *vectorizer) loadBools(scratch string) ast.Expr {
	at := &ast.SliceExpr{X: ast.NewIdent(scratch), Low: ast.NewIdent(v.rankName())}
	bits := &ast.CallExpr{Fun: v.boolsFunc("Bools"), Args: []ast.Expr{at}}
	return v.maskOfBits(bits)
}

// storeBools stores mask val's lanes to the step's bools in scratch: the
// lanes of the mask in force, where one is.
func (v *vectorizer) storeBools(scratch string, val ast.Expr) {
	v.noteStore()
	at := func() ast.Expr { return &ast.SliceExpr{X: ast.NewIdent(scratch), Low: ast.NewIdent(v.rankName())} }
	var bits ast.Expr = vcall(val, "ToBits")
	if m := v.maskNow(); m != nil {
		on := v.temp("on")
		v.emit(&ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent(on)}, Tok: token.DEFINE, Rhs: []ast.Expr{vcall(m, "ToBits")}})
		old := &ast.CallExpr{Fun: v.boolsFunc("Bools"), Args: []ast.Expr{at()}}
		bits = &ast.BinaryExpr{X: &ast.BinaryExpr{X: old, Op: token.AND_NOT, Y: ast.NewIdent(on)}, Op: token.OR,
			Y: &ast.BinaryExpr{X: bits, Op: token.AND, Y: ast.NewIdent(on)}}
	}
	v.emit(&ast.ExprStmt{X: &ast.CallExpr{Fun: v.boolsFunc("SetBools"), Args: []ast.Expr{at(), bits}}})
}
