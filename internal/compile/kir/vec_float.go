package kir

import (
	"go/ast"
	"go/token"
	"go/types"
)

// In the SIMD build a step keeps its floating-point values in vector
// registers, not scalar ones. Go writes scalar float arithmetic, and the
// spills of a float held in a scalar register, with legacy SSE
// instructions (golang/go#80835; Go 1.27.3 too), and one of those run
// while the upper halves of the vector registers are in use costs a
// state transition, far dearer than a step's vector operation: mandelbrot's
// escape loop, broadcasting the row's imaginary part on each trip, and the
// tiled matrix multiply, whose sixteen tile values a step spilled, ran
// slower than their scalar forms (BenchmarkMandelbrot, BenchmarkMatMul in
// the SIMD build). So a
// float variable the step defines with a value the same in every lane is
// a vector from its definition on (its broadcast, done once), and a
// broadcast of an element read from memory loads it into a vector
// (compiled.BroadcastFloat32x8At). A vector spills with VEX moves. The
// portable build's vectors are arrays of scalars and keep the scalar form.

// broadcastAt returns val, an element read whose address the step may
// take, loaded into a vector of vt's lanes without a scalar register:
// compiled.BroadcastFloat32x8At(&x, lane0), lane0 a mask computed
// once before the steps. It reports false for other values,
// other vectors and the portable build.
func (v *vectorizer) broadcastAt(val vval, vt string, lane *types.Basic) (ast.Expr, bool) {
	switch {
	case v.portable || !val.addr || val.typ == nil || !types.Identical(val.typ, lane):
		return nil, false
	case !isIndex(val.x): // a variable bound to the read: its address would keep it in memory
		return nil, false
	case vt != "Float32x8" && vt != "Float32x16" && vt != "Float64x4":
		return nil, false
	}
	v.vectors = true
	rt := v.compiledPkg()
	maskOf := "Lane0Mask32"
	if vt == "Float64x4" {
		maskOf = "Lane0Mask64"
	}
	lane0 := v.hoisted1(maskOf, &ast.CallExpr{Fun: &ast.SelectorExpr{X: ast.NewIdent(rt), Sel: ast.NewIdent(maskOf)}})
	fn := &ast.SelectorExpr{X: ast.NewIdent(rt), Sel: ast.NewIdent("Broadcast" + vt + "At")}
	return &ast.CallExpr{Fun: fn, Args: []ast.Expr{&ast.UnaryExpr{Op: token.AND, X: val.x}, lane0}}, true
}

// widenFloat marks obj, a variable the step defines, a vector where the
// translation keeps floats in vectors (floats) and obj is a float whose
// value val is the same in every lane. A value of the block's (an
// inlined helper's result computed from the kernel's parameters, as the
// blur's scale) is then its broadcast hoisted out of the steps, and the
// step computes nothing in scalar registers for it.
func (v *vectorizer) widenFloat(obj *types.Var, val vval) {
	if v.floats && val.shape == vUniform && v.floatLanes(v.varType(obj)) {
		v.wide[vkey{obj, v.inst}] = true
	}
}

// floatLanes reports whether t, a typed float, has a vector of the
// step's lanes.
func (v *vectorizer) floatLanes(t types.Type) bool {
	if t == nil || !isFloat(t) || t.Underlying().(*types.Basic).Info()&types.IsUntyped != 0 {
		return false
	}
	_, ok := v.vecType(t)
	return ok
}

// isIndex reports whether x is an element read, x[i], or a part of one
// (x[i].f).
func isIndex(x ast.Expr) bool {
	for {
		switch e := ast.Unparen(x).(type) {
		case *ast.IndexExpr:
			return true
		case *ast.SelectorExpr: // a field of an element, as vec_gather.go reads it
			x = e.X
		default:
			return false
		}
	}
}

// settleFloat evaluates val, a float the same in every lane, into a
// vector where the translation keeps floats in vectors: the broadcast
// hoisted out of the steps for a value of the block's, else a temporary
// of the step. It reports false for other values.
func (v *vectorizer) settleFloat(val vval) (vval, bool) {
	if !v.floats || val.shape != vUniform || !v.floatLanes(val.typ) {
		return val, false
	}
	x := v.vec(val, val.typ)
	if !val.invariant() {
		name := v.temp("t")
		v.emit(&ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent(name)}, Tok: token.DEFINE, Rhs: []ast.Expr{x}})
		v.emit(blank(name))
		x = ast.NewIdent(name)
	}
	return vval{shape: vVector, x: x, typ: val.typ}, true
}

// invariant reports whether val is the same in every step: a constant, a
// variable of the block's, or a pure value computed from them, whose
// broadcast is hoisted out of the steps.
func (val vval) invariant() bool { return val.fixed || val.pure }
