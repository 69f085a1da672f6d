package kir

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strconv"
)

// An affine index with a stride, s*tx + c (a register-tiled kernel's
// 2*tx and 2*tx+1), steps by s from lane to lane. A load at stride 2 is
// two vector loads of sixteen consecutive elements and the even ones of
// them (a permutation within each half, then the low halves together),
// or, at the end of the slice, the odd ones of the sixteen before, and
// where neither lies in the slice the step starts again in the scalar
// loop, where it may (vec_restart.go); a store at stride 2 is two masked
// stores (vec_stride_store.go); other strides go lane by lane.

// Of its two windows, the one from i and the one from i-1, an access at
// stride 2 takes the one that starts at an even element where both lie
// in the slice: the accesses x[2*t] and x[2*t+1] of one step (Blelloch's
// tree at its widest level) then read and write the same elements, so
// that a load after a store to them reads what the store wrote, as one
// access, and the processor forwards it. Where each takes its own
// window, the load overlaps the store only in part and waits until the
// store has left for the cache (BenchmarkScan's blelloch).

// evenWindow returns the condition of the window from i: in, the
// window's check, and i even or before, the other window's check, false.
func evenWindow(in ast.Expr, i vval, before ast.Expr) ast.Expr {
	even := &ast.BinaryExpr{X: &ast.BinaryExpr{X: paren(asInt(i)), Op: token.AND, Y: intLit(1)}, Op: token.EQL, Y: intLit(0)}
	not := &ast.UnaryExpr{Op: token.NOT, X: &ast.ParenExpr{X: before}}
	return &ast.BinaryExpr{X: in, Op: token.LAND, Y: &ast.ParenExpr{X: &ast.BinaryExpr{X: even, Op: token.LOR, Y: not}}}
}

// strideOf returns a's stride: 1 for a plain affine index.
func strideOf(a vval) int {
	if a.stride == 0 {
		return 1
	}
	return a.stride
}

// scaleAffine returns c*a (or a*c) for an affine a and a small positive
// integer constant c: the stride multiplies.
func (v *vectorizer) scaleAffine(x, y vval, t types.Type) (vval, bool) {
	a, c := x, y
	if a.shape != vAffine {
		a, c = y, x
	}
	if a.shape != vAffine || c.shape != vUniform || a.clamped() {
		return vval{}, false
	}
	k, ok := v.smallConst(c)
	if !ok {
		return vval{}, false
	}
	return vval{shape: vAffine, x: &ast.BinaryExpr{X: paren(x.x), Op: token.MUL, Y: paren(y.x)}, typ: t, stride: strideOf(a) * k}, true
}

// smallConst returns c's value if it is an integer constant from 1 to 8.
func (v *vectorizer) smallConst(c vval) (int, bool) {
	if c.value != nil && c.value.Kind() == constant.Int {
		k, ok := constant.Int64Val(c.value)
		return int(k), ok && k >= 1 && k <= 8
	}
	lit, ok := c.x.(*ast.BasicLit)
	if !ok || lit.Kind != token.INT {
		return 0, false
	}
	k, ok := constant.Int64Val(constant.MakeFromLiteral(lit.Value, token.INT, 0))
	return int(k), ok && k >= 1 && k <= 8
}

// strideIota returns the vector 0, s, 2s, ... 7s, hoisted.
func (v *vectorizer) strideIota(s int) ast.Expr {
	if s == 1 {
		return v.lanesIota()
	}
	return v.iotaOf("iota"+strconv.Itoa(s), v.maskInt(), v.laneInt(), s)
}

// stridedLoad loads lanes i, i+s, ... i+7s of x for a stride s above 1:
// at stride 2 from sixteen consecutive elements where they are in x,
// else (and at other strides) lane by lane.
func (v *vectorizer) stridedLoad(e *ast.IndexExpr, x, i vval, t types.Type, vt string) vval {
	if v.w64 {
		v.fail() // a permute of 64-bit lanes is AVX-512's
	}
	if v.z {
		return v.stridedLoad16(e, x, i, t, vt)
	}
	if p := v.pairs[e]; p != nil && p.odd != "" && p.second == e {
		return vval{shape: vVector, x: ast.NewIdent(p.odd), typ: t} // its pair's load computed it
	}
	name := v.temp("ld")
	v.declVec(name, vt)
	slow := v.laneLoads(name, x.x, lanesOf(i), t, vt)
	if strideOf(i) != 2 || v.portable { // the portable vectors have no permutes
		v.movesLanes()
		v.emit(&ast.BlockStmt{List: slow})
		return vval{shape: vVector, x: ast.NewIdent(name), typ: t}
	}
	// evens of lo ++ hi: each half's evens to its low 128 bits, then both low halves
	idx := v.hoisted1("evens", v.tableLoad("Uint32x8", "uint32", []int64{0, 2, 4, 6, 1, 3, 5, 7}))
	start := asInt(i)
	lo := vcall(v.pkgCall("Load"+vt+"Slice", &ast.SliceExpr{X: x.x, Low: i.x}), "Permute", idx)
	hi := vcall(v.pkgCall("Load"+vt+"Slice", &ast.SliceExpr{X: x.x, Low: &ast.BinaryExpr{X: paren(i.x), Op: token.ADD, Y: intLit(int64(v.width()))}}), "Permute", idx)
	var fast ast.Stmt = &ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent(name)}, Tok: token.ASSIGN,
		Rhs: []ast.Expr{vcall(lo, "Select128FromPair", intLit(0), intLit(2), hi)}}
	if p := v.pairs[e]; p != nil && p.first == e && strideOf(i) == 2 {
		fast, slow = v.pairFast(p, x, i, name, vt, t, idx, slow)
		check := &ast.IfStmt{Cond: inSpan(x.x, asInt(i), 0, 2*v.width()), Body: &ast.BlockStmt{List: []ast.Stmt{fast}}, Else: &ast.BlockStmt{List: slow}}
		v.noteInPlace(check)
		v.emit(check)
		return vval{shape: vVector, x: ast.NewIdent(name), typ: t}
	}
	in := inSpan(x.x, start, 0, 2*v.width())
	// the last lane is at i+14: where i+15 is past the end, the odd
	// elements of the sixteen from i-1 are the lanes
	before := &ast.BinaryExpr{X: paren(i.x), Op: token.SUB, Y: intLit(1)}
	lo1 := vcall(v.pkgCall("Load"+vt+"Slice", &ast.SliceExpr{X: x.x, Low: before}), "Permute", idx)
	hi1 := vcall(v.pkgCall("Load"+vt+"Slice", &ast.SliceExpr{X: x.x, Low: &ast.BinaryExpr{X: paren(i.x), Op: token.ADD, Y: intLit(int64(v.width() - 1))}}), "Permute", idx)
	shifted := &ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent(name)}, Tok: token.ASSIGN,
		Rhs: []ast.Expr{vcall(lo1, "Select128FromPair", intLit(1), intLit(3), hi1)}}
	inBefore := inSpan(x.x, start, -1, 2*v.width()-1)
	inner := &ast.IfStmt{Cond: inBefore, Body: &ast.BlockStmt{List: []ast.Stmt{shifted}}, Else: &ast.BlockStmt{List: slow}}
	v.noteInPlace(inner)
	v.emit(&ast.IfStmt{Cond: evenWindow(in, i, inSpan(x.x, start, -1, 2*v.width()-1)), Body: &ast.BlockStmt{List: []ast.Stmt{fast}}, Else: inner})
	return vval{shape: vVector, x: ast.NewIdent(name), typ: t}
}

// A vpair is two loads x[i] and x[i+1] of one assignment.
type vpair struct {
	first, second *ast.IndexExpr
	odd           string // the second's vector, once the first's load made it
}

// pairLoads finds, among an assignment's operands, loads of one slice at
// an index and at that index plus one.
func (v *vectorizer) pairLoads(rhs []ast.Expr) {
	var loads []*ast.IndexExpr
	for _, r := range rhs {
		ast.Inspect(r, func(n ast.Node) bool {
			if ix, ok := n.(*ast.IndexExpr); ok {
				loads = append(loads, ix)
			}
			return true
		})
	}
	for _, a := range loads {
		for _, b := range loads {
			plus, ok := ast.Unparen(b.Index).(*ast.BinaryExpr)
			if a == b || !ok || plus.Op != token.ADD || types.ExprString(a.X) != types.ExprString(b.X) ||
				types.ExprString(plus.X) != types.ExprString(a.Index) {
				continue
			}
			if one, ok := plus.Y.(*ast.BasicLit); ok && one.Value == "1" {
				p := &vpair{first: a, second: b}
				v.pairs[a], v.pairs[b] = p, p
			}
		}
	}
}

// pairFast returns the loads of a pair's first element: in the fast path
// both the evens (the first's) and the odds (the second's) of the
// sixteen elements from i; elsewhere the first's as before and the
// second's lane by lane.
func (v *vectorizer) pairFast(p *vpair, x, i vval, name, vt string, t types.Type, idx ast.Expr, slow []ast.Stmt) (ast.Stmt, []ast.Stmt) {
	p.odd = v.temp("ld")
	v.declVec(p.odd, vt)
	v.emit(blank(p.odd)) // the second load may have come first, and loaded itself
	lo, hi := v.temp("lo"), v.temp("hi")
	load := func(name string, at ast.Expr) ast.Stmt {
		return &ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent(name)}, Tok: token.DEFINE,
			Rhs: []ast.Expr{vcall(v.pkgCall("Load"+vt+"Slice", &ast.SliceExpr{X: x.x, Low: at}), "Permute", idx)}}
	}
	fast := &ast.BlockStmt{List: []ast.Stmt{
		load(lo, i.x), load(hi, &ast.BinaryExpr{X: paren(i.x), Op: token.ADD, Y: intLit(int64(v.width()))}),
		&ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent(name)}, Tok: token.ASSIGN,
			Rhs: []ast.Expr{vcall(ast.NewIdent(lo), "Select128FromPair", intLit(0), intLit(2), ast.NewIdent(hi))}},
		&ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent(p.odd)}, Tok: token.ASSIGN,
			Rhs: []ast.Expr{vcall(ast.NewIdent(lo), "Select128FromPair", intLit(1), intLit(3), ast.NewIdent(hi))}},
	}}
	odd := vval{shape: vAffine, x: &ast.BinaryExpr{X: paren(i.x), Op: token.ADD, Y: intLit(1)}, typ: i.typ, stride: 2}
	oddSlow := v.laneLoads(p.odd, x.x, lanesOf(odd), t, vt)
	return fast, append(slow, &ast.BlockStmt{List: oddSlow})
}
