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
// of compiled.SIMD and compiled.SIMD512. The portable build's vectors
// (package compiled/lanes) run on any CPU and keep their zero values.

// zeroVec returns the zero vector of vt, an archsimd vector type of the
// step (Float32x8), or of package compiled/lanes.
func (v *vectorizer) zeroVec(vt string) ast.Expr {
	if v.portable {
		return &ast.CompositeLit{Type: &ast.SelectorExpr{X: ast.NewIdent(v.simd), Sel: ast.NewIdent(vt)}}
	}
	return v.pkgCall("Broadcast"+vt, intLit(0))
}

// declVec declares the vector variable name, of vector type vt, set to
// zero.
func (v *vectorizer) declVec(name, vt string) {
	spec := &ast.ValueSpec{Names: []*ast.Ident{ast.NewIdent(name)}, Type: &ast.SelectorExpr{X: ast.NewIdent(v.simd), Sel: ast.NewIdent(vt)}}
	if !v.portable {
		spec.Values = []ast.Expr{v.zeroVec(vt)}
	}
	v.emit(&ast.DeclStmt{Decl: &ast.GenDecl{Tok: token.VAR, Specs: []ast.Spec{spec}}})
}
