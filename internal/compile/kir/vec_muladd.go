package kir

import (
	"go/ast"
	"go/token"
)

// mulAdd writes a portable step's sum of products, acc + w*x[j:] with w
// the same for the step's threads and x[j:] a load of consecutive
// elements, as lanes.AddMulSlice(acc, w, x[j:]) (compiled/lanes/muladd.go),
// where Go keeps the eight sums in registers: a tile's inner product
// (sum += as[ty][q] * bs[q][tx]) spilled two of them a trip written as an
// Add of a Mul. It reports false for any other x op y, which binaryOf
// writes as it is. The operands keep their order of evaluation: the sum
// is read first, or is a variable, which reading later cannot change.
func (v *vectorizer) mulAdd(op token.Token, x, y ast.Expr, vt string) (ast.Expr, bool) {
	if !v.portable || op != token.ADD || vt != "Float32x8" {
		return nil, false
	}
	if w, s, ok := v.scaledLoad(y); ok {
		return v.pkgCall("AddMulSlice", x, w, s), true
	}
	if !plainRead(y) {
		return nil, false // the sum, read after the product: read first, it could differ
	}
	if w, s, ok := v.scaledLoad(x); ok {
		return v.pkgCall("AddMulSlice", y, w, s), true
	}
	return nil, false
}

// scaledLoad reports whether e, as the step wrote it, is
// BroadcastFloat32x8(w).Mul(LoadFloat32x8Slice(s)), either way round, and
// returns w and s.
func (v *vectorizer) scaledLoad(e ast.Expr) (w, s ast.Expr, ok bool) {
	mul, ok := e.(*ast.CallExpr)
	if !ok || len(mul.Args) != 1 {
		return nil, nil, false
	}
	sel, ok := mul.Fun.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != "Mul" {
		return nil, nil, false
	}
	a, b := sel.X, mul.Args[0]
	if w, ok := v.lanesArg(a, "BroadcastFloat32x8"); ok {
		s, ok := v.lanesArg(b, "LoadFloat32x8Slice")
		return w, s, ok
	}
	if w, ok := v.lanesArg(b, "BroadcastFloat32x8"); ok {
		s, ok := v.lanesArg(a, "LoadFloat32x8Slice")
		return w, s, ok && plainRead(w) // w is read before s now: neither may fail or change the other
	}
	return nil, nil, false
}

// lanesArg returns the argument of e where e is a call of fn of the step's
// vector package with one argument.
func (v *vectorizer) lanesArg(e ast.Expr, fn string) (ast.Expr, bool) {
	call, ok := e.(*ast.CallExpr)
	if !ok || len(call.Args) != 1 {
		return nil, false
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || sel.Sel.Name != fn {
		return nil, false
	}
	pkg, ok := sel.X.(*ast.Ident)
	return call.Args[0], ok && pkg.Name == v.simd
}

// plainRead reports whether e is a variable or a constant: reading it
// cannot fail, and reading it earlier or later gives the same value.
func plainRead(e ast.Expr) bool {
	switch e.(type) {
	case *ast.Ident, *ast.BasicLit:
		return true
	}
	return false
}
