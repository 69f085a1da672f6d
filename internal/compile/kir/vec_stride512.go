package kir

import (
	"go/ast"
	"go/token"
	"go/types"
)

// stridedLoad16 is stridedLoad for sixteen lanes (vec_512.go): at stride
// 2, the even elements of the thirty-two from i, in one permute of two
// vectors (ConcatPermute, AVX-512's VPERMI2PS); at the end of the slice
// the odd ones of the thirty-two from i-1; a pair's second load (x[i+1])
// the odd ones of the same two vectors.
func (v *vectorizer) stridedLoad16(e *ast.IndexExpr, x, i vval, t types.Type, vt string) vval {
	if p := v.pairs[e]; p != nil && p.odd != "" && p.second == e {
		return vval{shape: vVector, x: ast.NewIdent(p.odd), typ: t} // its pair's load computed it
	}
	name := v.temp("ld")
	v.declVec(name, vt)
	slow := v.laneLoads(name, x.x, lanesOf(i), t, vt)
	if strideOf(i) != 2 {
		v.emit(&ast.BlockStmt{List: slow})
		return vval{shape: vVector, x: ast.NewIdent(name), typ: t}
	}
	evens, odds := v.permuteIndex("evens16", 0), v.permuteIndex("odds16", 1)
	load := func(at ast.Expr) ast.Expr { return v.pkgCall("Load"+vt+"Slice", &ast.SliceExpr{X: x.x, Low: at}) }
	plus := func(k int) ast.Expr {
		if k < 0 {
			return &ast.BinaryExpr{X: paren(i.x), Op: token.SUB, Y: intLit(int64(-k))}
		}
		return &ast.BinaryExpr{X: paren(i.x), Op: token.ADD, Y: intLit(int64(k))}
	}
	assign := func(to string, y ast.Expr) ast.Stmt {
		return &ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent(to)}, Tok: token.ASSIGN, Rhs: []ast.Expr{y}}
	}
	in := inSpan(x.x, asInt(i), 0, 32)
	if p := v.pairs[e]; p != nil && p.first == e {
		p.odd = v.temp("ld")
		v.declVec(p.odd, vt)
		v.emit(blank(p.odd)) // the second load may have come first, and loaded itself
		lo, hi := v.temp("lo"), v.temp("hi")
		fast := []ast.Stmt{
			&ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent(lo), ast.NewIdent(hi)}, Tok: token.DEFINE, Rhs: []ast.Expr{load(i.x), load(plus(16))}},
			assign(name, vcall(ast.NewIdent(lo), "ConcatPermute", ast.NewIdent(hi), evens)),
			assign(p.odd, vcall(ast.NewIdent(lo), "ConcatPermute", ast.NewIdent(hi), odds)),
		}
		odd := vval{shape: vAffine, x: plus(1), typ: i.typ, stride: 2}
		slow = append(slow, &ast.BlockStmt{List: v.laneLoads(p.odd, x.x, lanesOf(odd), t, vt)})
		v.emit(&ast.IfStmt{Cond: in, Body: &ast.BlockStmt{List: fast}, Else: &ast.BlockStmt{List: slow}})
		return vval{shape: vVector, x: ast.NewIdent(name), typ: t}
	}
	fast := assign(name, vcall(load(i.x), "ConcatPermute", load(plus(16)), evens))
	// the last lane is at i+30: where i+31 is past the end, the odd
	// elements of the thirty-two from i-1 are the lanes
	shifted := assign(name, vcall(load(plus(-1)), "ConcatPermute", load(plus(15)), odds))
	v.emit(&ast.IfStmt{Cond: in, Body: &ast.BlockStmt{List: []ast.Stmt{fast}}, Else: &ast.IfStmt{
		Cond: inSpan(x.x, asInt(i), -1, 31), Body: &ast.BlockStmt{List: []ast.Stmt{shifted}}, Else: &ast.BlockStmt{List: slow}}})
	return vval{shape: vVector, x: ast.NewIdent(name), typ: t}
}

// permuteIndex returns the hoisted indexes of ConcatPermute that pick
// the elements first, first+2, ... first+30 of two sixteen-lane vectors.
func (v *vectorizer) permuteIndex(key string, first int) ast.Expr {
	elts := make([]ast.Expr, 16)
	for k := range elts {
		elts[k] = intLit(int64(first + 2*k))
	}
	lit := &ast.CompositeLit{Type: &ast.ArrayType{Len: intLit(16), Elt: ast.NewIdent("uint32")}, Elts: elts}
	return v.hoisted1(key, v.pkgCall("LoadUint32x16", &ast.UnaryExpr{Op: token.AND, X: lit}), "")
}
