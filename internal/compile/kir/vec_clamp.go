package kir

import (
	"go/ast"
	"go/token"
	"go/types"
)

// An affine index clamped to bounds the same for every thread, as a
// stencil clamps at an image's edges (min(max(x+dx, 0), w-1)), is the
// plain affine index wherever the step's eight lanes are all inside the
// bounds: the value carries that condition (guard) and how to compute
// each lane's index otherwise (lane). A load or store at it is eight
// consecutive elements where the guard holds, and goes lane by lane where
// it does not.

// laneOf returns the scalar index of lane k (an int expression) of
// affine value a.
func laneOf(a vval, k ast.Expr) ast.Expr {
	if a.lane != nil {
		return a.lane(k)
	}
	if s := strideOf(a); s != 1 {
		k = &ast.BinaryExpr{X: intLit(int64(s)), Op: token.MUL, Y: k}
	}
	if !types.Identical(a.typ, types.Typ[types.Int]) {
		k = &ast.CallExpr{Fun: ast.NewIdent(types.TypeString(a.typ, nil)), Args: []ast.Expr{k}}
	}
	return &ast.BinaryExpr{X: paren(a.x), Op: token.ADD, Y: k}
}

// clamped reports whether affine value a is guarded or computed per lane.
func (a vval) clamped() bool { return a.guard != nil || a.lane != nil }

// plain reports whether affine value a is i + k for lane k: not clamped,
// stride 1.
func (a vval) plain() bool { return !a.clamped() && strideOf(a) == 1 }

// andGuard returns the conjunction of two guards, either of which may be
// nil.
func andGuard(x, y ast.Expr) ast.Expr {
	switch {
	case x == nil:
		return y
	case y == nil:
		return x
	}
	have := map[string]bool{}
	for _, c := range conjuncts(x) {
		have[types.ExprString(c)] = true
	}
	out := x
	for _, c := range conjuncts(y) {
		if !have[types.ExprString(c)] { // a clamp's i >= 0 is the range check's too
			out = &ast.BinaryExpr{X: out, Op: token.LAND, Y: c}
		}
	}
	return out
}

// affineArith returns x op y of an affine and a uniform operand whose
// affine one is clamped: the guard stays, and each lane's index is its
// own op the uniform one.
func affineArith(op token.Token, x, y vval, t types.Type, shape vshape) vval {
	out := vval{shape: shape, x: &ast.BinaryExpr{X: x.x, Op: op, Y: y.x}, typ: t, guard: andGuard(x.guard, y.guard)}
	if shape == vAffine {
		out.stride = max(x.stride, y.stride) // the uniform operand's is 0
	}
	if !x.clamped() && !y.clamped() {
		return out
	}
	out.lane = func(k ast.Expr) ast.Expr {
		if x.shape == vAffine {
			return &ast.BinaryExpr{X: paren(laneOf(x, k)), Op: op, Y: paren(y.x)}
		}
		return &ast.BinaryExpr{X: paren(x.x), Op: op, Y: paren(laneOf(y, k))}
	}
	return out
}

// clampAffine translates min(a, u) or max(a, u) (either order) of an
// affine index a and a uniform bound u: a itself where every lane of the
// step is on a's side of u.
func (v *vectorizer) clampAffine(name string, args []vval, t types.Type) (vval, bool) {
	if len(args) != 2 || !isInteger(t) || v.w64 {
		return vval{}, false
	}
	a, u := args[0], args[1]
	if a.shape != vAffine {
		a, u = u, a
	}
	if a.shape != vAffine || u.shape != vUniform || strideOf(a) != 1 {
		return vval{}, false
	}
	var inside ast.Expr
	if name == "min" { // a+7 <= u
		inside = &ast.BinaryExpr{X: &ast.BinaryExpr{X: paren(a.x), Op: token.ADD, Y: intLit(int64(v.width() - 1))}, Op: token.LEQ, Y: paren(u.x)}
	} else { // a >= u
		inside = &ast.BinaryExpr{X: paren(a.x), Op: token.GEQ, Y: paren(u.x)}
	}
	fn := ast.NewIdent(name)
	return vval{shape: vAffine, x: a.x, typ: t, guard: andGuard(a.guard, inside),
		lane: func(k ast.Expr) ast.Expr { return &ast.CallExpr{Fun: fn, Args: []ast.Expr{laneOf(a, k), u.x}} }}, true
}

// laneByLane writes the loop that runs body for each lane of the mask in
// force, as the lane's own thread: pos.Thread is its rank meanwhile.
func (v *vectorizer) laneByLane(k string, body ast.Stmt) []ast.Stmt {
	pos := "gc_pos"
	if v.e != nil {
		pos = v.e.use("pos")
	}
	var bits ast.Expr = &ast.BasicLit{Kind: token.INT, Value: "0xff"}
	if v.z {
		bits = &ast.BasicLit{Kind: token.INT, Value: "0xffff"}
	}
	if m := v.maskNow(); m != nil {
		bits = vcall(m, "ToBits")
	}
	on := &ast.BinaryExpr{X: &ast.BinaryExpr{X: paren(bits), Op: token.AND, Y: &ast.BinaryExpr{X: intLit(1), Op: token.SHL, Y: ast.NewIdent(k)}},
		Op: token.NEQ, Y: intLit(0)}
	loop := &ast.RangeStmt{Key: ast.NewIdent(k), Tok: token.DEFINE, X: intLit(int64(v.width())), Body: &ast.BlockStmt{List: []ast.Stmt{
		&ast.IfStmt{Cond: on, Body: &ast.BlockStmt{List: append(v.lanePos(pos, ast.NewIdent(k)), body)}}}}}
	return append([]ast.Stmt{loop}, v.lanePos(pos, intLit(0))...)
}

// lanePos returns the statements that record lane k of the step as where
// a failure is: its thread's rank, the step's first plus k, or what the
// emitter says in a body whose lanes are not consecutive ranks.
func (v *vectorizer) lanePos(pos string, k ast.Expr) []ast.Stmt {
	if v.e != nil {
		return v.e.lanePos(k)
	}
	return []ast.Stmt{&ast.AssignStmt{Lhs: []ast.Expr{&ast.SelectorExpr{X: ast.NewIdent(pos), Sel: ast.NewIdent("Thread")}}, Tok: token.ASSIGN,
		Rhs: []ast.Expr{&ast.BinaryExpr{X: ast.NewIdent(v.rankName()), Op: token.ADD, Y: k}}}}
}

// laneLoads returns the statements that load the lanes of the mask in
// force one by one, lane k from x[at(k)] as its own thread, into the
// vector variable name: what a vector load does where it cannot.
func (v *vectorizer) laneLoads(name string, x ast.Expr, at func(k ast.Expr) ast.Expr, t types.Type, vt string) []ast.Stmt {
	arr, decl := v.laneArray(t)
	k := v.temp("k")
	one := &ast.AssignStmt{Lhs: []ast.Expr{&ast.IndexExpr{X: arr, Index: ast.NewIdent(k)}}, Tok: token.ASSIGN,
		Rhs: []ast.Expr{&ast.IndexExpr{X: x, Index: at(ast.NewIdent(k))}}}
	out := append([]ast.Stmt{decl}, v.laneByLane(k, one)...)
	return append(out, &ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent(name)}, Tok: token.ASSIGN,
		Rhs: []ast.Expr{v.pkgCall("Load"+vt, &ast.UnaryExpr{Op: token.AND, X: arr})}})
}

// laneStores returns the statements that store vector val's lanes of the
// mask in force one by one, lane k to x[at(k)] as its own thread.
func (v *vectorizer) laneStores(x ast.Expr, at func(k ast.Expr) ast.Expr, val ast.Expr, elem types.Type) []ast.Stmt {
	return v.laneStoresOf(x, elem, laneStore{at, val})
}

// A laneStore is a vector whose lanes laneStoresOf stores, and where:
// lane k's element is at(k).
type laneStore struct {
	at  func(k ast.Expr) ast.Expr
	val ast.Expr
}

// laneStoresOf returns the statements that store, lane by lane in lane
// order for the lanes of the mask in force, each lane's elements of
// stores to x in the order given: a thread's stores of one statement in
// turn, as the scalar form makes them.
func (v *vectorizer) laneStoresOf(x ast.Expr, elem types.Type, stores ...laneStore) []ast.Stmt {
	v.noteStore()
	k := v.temp("k")
	var decls, fills, body []ast.Stmt
	for _, s := range stores {
		arr, decl := v.laneArray(elem)
		decls = append(decls, decl)
		fills = append(fills, &ast.ExprStmt{X: vcall(s.val, "Store", &ast.UnaryExpr{Op: token.AND, X: arr})})
		body = append(body, &ast.AssignStmt{Lhs: []ast.Expr{&ast.IndexExpr{X: x, Index: s.at(ast.NewIdent(k))}}, Tok: token.ASSIGN,
			Rhs: []ast.Expr{&ast.IndexExpr{X: arr, Index: ast.NewIdent(k)}}})
	}
	var each ast.Stmt = &ast.BlockStmt{List: body}
	if len(body) == 1 {
		each = body[0]
	}
	return append(append(decls, fills...), v.laneByLane(k, each)...)
}

// lanesOf returns lane k's index of affine value i, as laneLoads and
// laneStores take it.
func lanesOf(i vval) func(k ast.Expr) ast.Expr {
	return func(k ast.Expr) ast.Expr { return laneOf(i, k) }
}

// clampedLoad loads the eight elements of x at clamped affine index i:
// consecutive where i's guard holds and they are in x, else lane by lane.
func (v *vectorizer) clampedLoad(x, i vval, t types.Type, vt string) vval {
	name := v.temp("ld")
	v.declVec(name, vt)
	fast := &ast.AssignStmt{Lhs: []ast.Expr{ast.NewIdent(name)}, Tok: token.ASSIGN,
		Rhs: []ast.Expr{v.pkgCall("Load"+vt+"Slice", &ast.SliceExpr{X: x.x, Low: i.x})}}
	check := &ast.IfStmt{Cond: andGuard(i.guard, v.inRange(x.x, asInt(i))), Body: &ast.BlockStmt{List: []ast.Stmt{fast}},
		Else: &ast.BlockStmt{List: v.laneLoads(name, x.x, lanesOf(i), t, vt)}}
	v.noteWindowLoad(check)
	v.emit(check)
	return vval{shape: vVector, x: ast.NewIdent(name), typ: t}
}

// clampedStore stores vector val to x at clamped affine index i, as
// clampedLoad loads.
func (v *vectorizer) clampedStore(x, i vval, val ast.Expr, elem types.Type) {
	var fast []ast.Stmt
	outer := v.out
	v.out = &fast
	v.storeVec(x.x, i, val, elem, false, false)
	v.out = outer
	v.emit(&ast.IfStmt{Cond: andGuard(i.guard, v.inRange(x.x, asInt(i))), Body: &ast.BlockStmt{List: fast},
		Else: &ast.BlockStmt{List: v.laneStores(x.x, lanesOf(i), val, elem)}})
}
