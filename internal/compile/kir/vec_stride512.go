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
		v.movesLanes()
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
		check := &ast.IfStmt{Cond: in, Body: &ast.BlockStmt{List: fast}, Else: &ast.BlockStmt{List: slow}}
		v.noteInPlace(check)
		v.emit(check)
		return vval{shape: vVector, x: ast.NewIdent(name), typ: t}
	}
	fast := assign(name, vcall(load(i.x), "ConcatPermute", load(plus(16)), evens))
	// the last lane is at i+30: where i+31 is past the end, the odd
	// elements of the thirty-two from i-1 are the lanes
	shifted := assign(name, vcall(load(plus(-1)), "ConcatPermute", load(plus(15)), odds))
	inner := &ast.IfStmt{Cond: inSpan(x.x, asInt(i), -1, 31), Body: &ast.BlockStmt{List: []ast.Stmt{shifted}}, Else: &ast.BlockStmt{List: slow}}
	v.noteInPlace(inner)
	v.emit(&ast.IfStmt{Cond: evenWindow(in, i, inSpan(x.x, asInt(i), -1, 31)), Body: &ast.BlockStmt{List: []ast.Stmt{fast}}, Else: inner})
	return vval{shape: vVector, x: ast.NewIdent(name), typ: t}
}

// permuteIndex returns the hoisted indexes of ConcatPermute that pick
// the elements first, first+2, ... first+30 of two sixteen-lane vectors.
func (v *vectorizer) permuteIndex(key string, first int) ast.Expr {
	return v.permuteTable(key, func(k int) int { return first + 2*k })
}

// permuteTable returns the hoisted indexes of ConcatPermute whose lane k
// picks element at(k) of two sixteen-lane vectors.
func (v *vectorizer) permuteTable(key string, at func(k int) int) ast.Expr {
	return v.hoisted1(key, v.tableLoad("Uint32x16", "uint32", tableOf(16, at)))
}

// storePair translates the assignment of vals to lhs where it is a pair
// of stores x[i], x[i+1] = a, b at stride 2 of 32-bit lanes, no mask in
// force, and reports whether it did: where the 2w elements from i (w the
// step's lanes) lie in x, a and b interleaved into two vectors and
// stored; elsewhere lane by lane, each lane's two stores in the
// assignment's order, so that the first store to fail is the scalar
// form's. The stores write the same elements either way, and nothing
// reads between them.
func (v *vectorizer) storePair(lhs []ast.Expr, vals []vval) bool {
	if v.portable || v.w64 || len(lhs) != 2 || v.maskNow() != nil {
		return false
	}
	first, ok1 := ast.Unparen(lhs[0]).(*ast.IndexExpr)
	second, ok2 := ast.Unparen(lhs[1]).(*ast.IndexExpr)
	if !ok1 || !ok2 || !v.nextIndex(first, second) {
		return false
	}
	x, i := v.indexOf(first)
	t := v.typeOf(first)
	_, ok := v.vecElem(t)
	if x.shape != vUniform || i.shape != vAffine || i.clamped() || strideOf(i) != 2 || !ok || !v.sliceable(first.X) {
		return false
	}
	v.touch()
	a, b := v.vec(vals[0], t), v.vec(vals[1], t)
	w := v.width()
	fast := v.interleavedStores(x, i, a, b)
	odd := vval{shape: vAffine, x: &ast.BinaryExpr{X: paren(i.x), Op: token.ADD, Y: intLit(1)}, typ: i.typ, stride: 2}
	slow := v.laneStoresOf(x.x, t, laneStore{lanesOf(i), a}, laneStore{lanesOf(odd), b})
	v.emit(&ast.IfStmt{Cond: inSpan(x.x, asInt(i), 0, 2*w), Body: &ast.BlockStmt{List: fast}, Else: &ast.BlockStmt{List: slow}})
	return true
}

// interleavedStores returns the stores of vectors a and b, interleaved
// (a0, b0, a1, b1...), to the 2w elements of x from i, whole.
func (v *vectorizer) interleavedStores(x, i vval, a, b ast.Expr) []ast.Stmt {
	lo, hi := v.interleave(a, b)
	store := func(y ast.Expr, at ast.Expr) ast.Stmt {
		return &ast.ExprStmt{X: vcall(y, "StoreSlice", &ast.SliceExpr{X: x.x, Low: at})}
	}
	return []ast.Stmt{store(lo, i.x), store(hi, &ast.BinaryExpr{X: paren(i.x), Op: token.ADD, Y: intLit(int64(v.width()))})}
}

// interleave returns the lanes of vectors a and b interleaved (a0, b0,
// a1, b1...): their first halves' in lo, their second halves' in hi. On
// sixteen lanes each is one permute of both; on eight, which AVX2 has no
// such permute for, each half of a and of b is spread over every other
// lane and the two blended.
func (v *vectorizer) interleave(a, b ast.Expr) (lo, hi ast.Expr) {
	if v.z {
		lo := v.permuteTable("pairLo", func(k int) int { return k/2 + 16*(k%2) })
		hi := v.permuteTable("pairHi", func(k int) int { return 8 + k/2 + 16*(k%2) })
		return vcall(a, "ConcatPermute", b, lo), vcall(a, "ConcatPermute", b, hi)
	}
	spreadLo, spreadHi := v.spreads()
	even := v.table8("evenLanes", "Int32x8", func(k int) int { return -(1 - k%2) })
	half := func(spread ast.Expr) ast.Expr {
		return vcall(vcall(a, "Permute", spread), "Merge", vcall(b, "Permute", spread), even)
	}
	return half(spreadLo), half(spreadHi)
}

// nextIndex reports whether b indexes the slice a indexes, at a's index
// plus one, as written (x[i] and x[i+1]).
func (v *vectorizer) nextIndex(a, b *ast.IndexExpr) bool {
	plus, ok := ast.Unparen(b.Index).(*ast.BinaryExpr)
	if !ok || plus.Op != token.ADD || types.ExprString(a.X) != types.ExprString(b.X) || types.ExprString(plus.X) != types.ExprString(a.Index) {
		return false
	}
	one, ok := plus.Y.(*ast.BasicLit)
	return ok && one.Value == "1"
}
