package kir

import (
	"go/ast"
	"go/token"
)

// A step's zero vectors are broadcasts of 0, not zero values, in the
// SIMD build. Go's compiler makes a vector's zero value a constant of
// the function's entry block, computed on every call whether or not the
// CPU has the instructions of the step that needs it: a sixteen-lane
// zero is an AVX-512 instruction and an eight-lane integer one an AVX2
// instruction, so the kernels compiled with -simd512 faulted (SIGILL) on
// an AVX2 machine before a step ran, though compiled.SIMD512 was false.
// A broadcast is computed where the step computes it, under the checks
// of compiled.SIMD and compiled.SIMD512; a vector of float zeros is one
// of integer zeros, whose 0 Go writes without an SSE instruction. The portable build's vectors
// (package compiled/lanes) run on any CPU and keep their zero values.

// zeroVec returns the zero vector of vt, an archsimd vector type of the
// step (Float32x8), or of package compiled/lanes.
func (v *vectorizer) zeroVec(vt string) ast.Expr {
	if v.portable {
		return &ast.CompositeLit{Type: &ast.SelectorExpr{X: ast.NewIdent(v.simd), Sel: ast.NewIdent(vt)}}
	}
	if ints, ok := floatBits[vt]; ok { // Go writes a float 0 with a legacy SSE XORPS (vec_float.go)
		return vcall(v.pkgCall("Broadcast"+ints, intLit(0)), "As"+vt)
	}
	return v.pkgCall("Broadcast"+vt, intLit(0))
}

// floatBits maps a vector of floats to the vector of integers of its
// lanes' widths.
var floatBits = map[string]string{"Float32x8": "Int32x8", "Float32x16": "Int32x16", "Float64x4": "Int64x4", narrow32: "Int32x4"}

// declVec declares the vector variable name, of vector type vt, set to
// zero.
func (v *vectorizer) declVec(name, vt string) {
	spec := &ast.ValueSpec{Names: []*ast.Ident{ast.NewIdent(name)}, Type: &ast.SelectorExpr{X: ast.NewIdent(v.simd), Sel: ast.NewIdent(vt)}}
	if !v.portable {
		spec.Values = []ast.Expr{v.zeroVec(vt)}
	}
	v.emit(&ast.DeclStmt{Decl: &ast.GenDecl{Tok: token.VAR, Specs: []ast.Spec{spec}}})
}
